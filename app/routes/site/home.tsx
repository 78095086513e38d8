import { AgentsSection } from '~/components/marketing/agents-section.tsx'
import { BuilderTiles } from '~/components/marketing/builder-tiles.tsx'
import { CareerSection } from '~/components/marketing/career-section.tsx'
import { Hero } from '~/components/marketing/hero.tsx'
import { ProductTour } from '~/components/marketing/product-tour.tsx'
import { ServicesSection } from '~/components/marketing/services-section.tsx'
import { company } from '~/content/company.ts'
import { Island } from '~/lib/islands/island.tsx'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: `${company.name} | AI chatbots, voice assistants & custom software`,
		description:
			'AI chatbots, voice assistants, autonomous agents and custom software for businesses of every size, built by an engineering studio in Greater Noida, India.',
		path: '/',
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function HomeRoute() {
	return (
		<>
			<Island name="hero" component={Hero} props={{}} />
			<ServicesSection />
			<BuilderTiles />
			<ProductTour />
			<Island name="agents-section" component={AgentsSection} props={{}} hydrate="visible" />
			<div className="bg-slate-50">
				<CareerSection />
			</div>
		</>
	)
}

import { CareerSection } from '~/components/marketing/career-section.tsx'
import { career } from '~/content/career.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/career'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: career.programTitle,
		description: career.metaDescription,
		path: '/career',
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function CareerRoute() {
	return (
		<div className="relative isolate bg-slate-50 pt-12 sm:pt-16">
			<div
				aria-hidden
				className="from-brand-100/70 absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b to-transparent"
			/>
			<CareerSection headingLevel="h1" />
		</div>
	)
}

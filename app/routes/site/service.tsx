import { ArrowLeft, CircleCheck } from 'lucide-react'
import { data, Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { FeatureCard } from '~/components/feature-card.tsx'
import { Icon } from '~/components/icon.tsx'
import { ScheduleCallLink } from '~/components/schedule-call-link.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { TextList } from '~/components/ui/text-list.tsx'
import { company } from '~/content/company.ts'
import { getServiceBySlug, servicesSection } from '~/content/services.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/service'
import { NotFoundPage } from './not-found.tsx'

export async function loader({ params, request }: Route.LoaderArgs) {
	const service = getServiceBySlug(params.slug)
	if (!service) {
		console.warn(`404: no service page at ${new URL(request.url).pathname}`)
		throw data(null, { status: 404 })
	}
	return { slug: service.slug }
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
	const service = getServiceBySlug(loaderData?.slug)
	if (!service) return [{ title: `404 | ${company.name}` }]
	return seo({
		title: service.page.badge,
		description: service.page.metaDescription,
		path: `/services/${service.slug}`,
		origin: originFromMatches(matches),
	})
}

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function ServiceRoute({ loaderData }: Route.ComponentProps) {
	const service = getServiceBySlug(loaderData.slug)!
	const { page } = service
	return (
		<article className="relative isolate pt-24 pb-20 sm:pt-32 sm:pb-28">
			<div
				aria-hidden
				className="from-brand-100/70 absolute inset-x-0 top-0 -z-10 h-[28rem] bg-gradient-to-b via-fuchsia-50/40 to-transparent"
			/>
			<div className="container-page">
				<Link
					to="/#services"
					className="hover:text-brand-700 inline-flex items-center gap-2 rounded-full px-1 text-sm font-semibold text-slate-600 transition-colors"
				>
					<ArrowLeft className="size-4" aria-hidden />
					{servicesSection.backLabel}
				</Link>

				<header className="mt-8 max-w-3xl">
					<Badge>
						<Icon name={service.icon} className="size-3.5" />
						{page.badge}
					</Badge>
					<h1 className="font-display mt-5 text-4xl leading-tight font-extrabold tracking-tight text-slate-950 sm:text-5xl">
						{page.title}
					</h1>
					<p className="mt-5 text-lg leading-relaxed text-slate-600">{page.intro}</p>
				</header>

				<div className="mt-14 grid gap-10 lg:grid-cols-5">
					<section aria-labelledby="benefits-heading" className="lg:col-span-2">
						<h2 id="benefits-heading" className="font-display text-xl font-bold text-slate-950">
							What you get
						</h2>
						<TextList
							items={page.benefits}
							className="mt-5 space-y-4"
							itemClassName="flex gap-3 text-slate-700"
							marker={<CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-500" aria-hidden />}
						/>
						{page.platforms ? (
							<div className="mt-8">
								<h3 className="font-display text-sm font-semibold tracking-wide text-slate-500 uppercase">
									Supported platforms
								</h3>
								<TextList
									items={page.platforms}
									className="mt-3 flex flex-wrap gap-2"
									itemClassName="font-display rounded-xl bg-white px-4 py-2 font-bold text-slate-900 shadow-sm ring-1 ring-slate-200"
								/>
							</div>
						) : null}
					</section>

					<section aria-labelledby="features-heading" className="lg:col-span-3">
						<h2 id="features-heading" className="sr-only">
							How we deliver
						</h2>
						<ul className="grid gap-5 sm:grid-cols-2">
							{page.features.map((feature) => (
								<FeatureCard key={feature.title} {...feature} />
							))}
						</ul>
					</section>
				</div>

				<div className="mt-16 flex flex-col items-start gap-6 rounded-3xl bg-slate-950 p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
					<div>
						<p className="font-display text-2xl font-bold text-white">Ready to talk about your project?</p>
						<p className="mt-2 text-slate-400">A 30-minute call with a senior engineer, free and without obligation.</p>
					</div>
					{/* "Get Started with AI Agents" is wider than a 320 px screen: it may wrap there. */}
					<ScheduleCallLink variant="light" size="lg" className="text-center whitespace-normal">
						{page.ctaLabel}
					</ScheduleCallLink>
				</div>
			</div>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}

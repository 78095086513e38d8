import { ArrowUpRight, CalendarDays, CircleCheck, GraduationCap } from 'lucide-react'
import { FeatureCard } from '~/components/feature-card.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ExternalButtonLink } from '~/components/ui/button.tsx'
import { TextList } from '~/components/ui/text-list.tsx'
import { career } from '~/content/career.ts'
import { company } from '~/content/company.ts'
import { Island } from '~/lib/islands/island.tsx'
import { WorkshopCountdown } from './workshop-countdown.tsx'

/** The internship program. It is the body of /career and a section of the home page. */
export function CareerSection({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
	const Heading = headingLevel
	// Headings inside the section sit one level below the section's own.
	const Sub = headingLevel === 'h1' ? 'h2' : 'h3'
	return (
		<section id="career" aria-labelledby="career-heading" className="scroll-mt-16 py-20 sm:py-28">
			<div className="container-page">
				<div className="grid gap-8 lg:grid-cols-5">
					<div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-10 lg:col-span-3">
						<div className="text-brand-600 flex items-center gap-2 text-sm font-semibold tracking-wide uppercase">
							<GraduationCap className="size-5" aria-hidden />
							{career.eyebrow}
						</div>
						<Heading
							id="career-heading"
							className="font-display mt-3 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl"
						>
							{career.programTitle}
						</Heading>
						<p className="mt-4 text-lg leading-relaxed text-slate-600">{career.programIntro}</p>
						<Sub className="font-display mt-8 font-bold text-slate-900">{career.topicsHeading}</Sub>
						<ul className="mt-4 grid gap-3 sm:grid-cols-2">
							{career.topics.map((topic, index) => (
								<li key={topic.title} className="flex gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200/70">
									<span className="bg-brand-600 grid size-8 shrink-0 place-items-center rounded-lg text-sm font-bold text-white">
										{index + 1}
									</span>
									<span>
										<span className="block font-semibold text-slate-900">{topic.title}</span>
										<span className="mt-0.5 block text-sm text-slate-600">{topic.description}</span>
									</span>
								</li>
							))}
						</ul>
						<ExternalButtonLink href={company.externalLinks.internshipForm} size="lg" className="mt-8">
							{career.applyLabel}
							<ArrowUpRight className="size-4" aria-hidden />
						</ExternalButtonLink>
					</div>

					{/* Its own height (not stretched to the internship card's), and it stays in view beside it. */}
					<div className="from-brand-600 via-brand-700 shadow-brand-700/20 flex flex-col rounded-3xl bg-gradient-to-br to-fuchsia-700 p-8 text-white shadow-xl sm:p-10 lg:sticky lg:top-24 lg:col-span-2 lg:self-start">
						<Badge tone="dark" className="self-start">
							{career.workshop.badge}
						</Badge>
						<Sub className="font-display mt-4 text-2xl font-bold">{career.workshop.title}</Sub>
						<p className="text-brand-100 mt-2 flex items-center gap-2 font-semibold">
							<CalendarDays className="size-5" aria-hidden />
							{career.workshop.schedule}
						</p>
						<p className="mt-4 leading-relaxed text-white/85">{career.workshop.description}</p>
						<TextList
							items={career.workshop.agenda}
							className="mt-6 space-y-2.5"
							itemClassName="flex gap-2.5 text-sm text-white/90"
							marker={<CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden />}
						/>
						<div className="mt-8">
							<Island
								name="workshop-countdown"
								component={WorkshopCountdown}
								props={{ label: career.workshop.countdownLabel, liveLabel: career.workshop.liveLabel }}
								hydrate="visible"
							/>
						</div>
						<ExternalButtonLink href={company.externalLinks.workshopForm} variant="light" size="lg" className="mt-8">
							{career.workshop.registerLabel}
							<ArrowUpRight className="size-4" aria-hidden />
						</ExternalButtonLink>
					</div>
				</div>

				<ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
					{career.perks.map((perk) => (
						<FeatureCard key={perk.title} {...perk} headingLevel={Sub} />
					))}
				</ul>
			</div>
		</section>
	)
}

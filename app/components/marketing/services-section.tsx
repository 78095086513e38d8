import { ArrowRight, Check, Star } from 'lucide-react'
import { Link } from 'react-router'
import { Icon } from '~/components/icon.tsx'
import { TextList } from '~/components/ui/text-list.tsx'
import { cardCategoryLabels, filterServiceCards, servicesSection, type ServiceFilter } from '~/content/services.ts'
import { cn } from '~/lib/misc.ts'
import { SectionHeading } from './section-heading.tsx'

/** The spec keeps a category filter (all, ai, software); the page shows 'all'. */
const ACTIVE_FILTER: ServiceFilter = 'all'

export function ServicesSection() {
	const cards = filterServiceCards(ACTIVE_FILTER)
	return (
		<section id={servicesSection.id} aria-labelledby="services-heading" className="scroll-mt-16 py-20 sm:py-28">
			<div className="container-page">
				<SectionHeading
					id="services-heading"
					eyebrow={servicesSection.eyebrow}
					title={servicesSection.heading}
					intro={servicesSection.intro}
				/>
				<ul className="mt-14 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
					{cards.map(({ slug, icon, card }) =>
						card ? (
							<li
								key={slug}
								className="group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition-[box-shadow,transform] duration-200 hover:-translate-y-1 hover:shadow-xl hover:shadow-slate-900/10"
							>
								<div className={cn('relative flex h-32 items-end bg-gradient-to-br p-6', card.gradient)}>
									<div aria-hidden className="bg-grid absolute inset-0 opacity-30 mix-blend-overlay" />
									<span className="relative grid size-12 place-items-center rounded-2xl bg-white/20 text-white ring-1 ring-white/40 backdrop-blur">
										<Icon name={icon} className="size-6" />
									</span>
								</div>
								<div className="flex flex-1 flex-col p-6">
									{/* Every card has this row, so the titles line up and the spec's Featured badge (the
									    first three cards, the AI services) reads as a label beside the category, not a sticker. */}
									<p className="flex h-6 items-center gap-2 text-xs font-semibold" data-testid="service-card-labels">
										<span className="tracking-wide text-slate-500 uppercase">{cardCategoryLabels[card.category]}</span>
										{card.featured ? (
											<span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-amber-800 ring-1 ring-amber-200 ring-inset">
												<Star className="size-3 fill-amber-500 text-amber-500" aria-hidden />
												{servicesSection.featuredLabel}
											</span>
										) : null}
									</p>
									<h3 className="font-display mt-2 text-lg font-bold text-slate-950">{card.title}</h3>
									<p className="mt-2 text-sm leading-relaxed text-slate-600">{card.description}</p>
									<TextList
										items={card.items}
										className="mt-5 flex-1 space-y-2.5"
										itemClassName="flex gap-2.5 text-sm text-slate-700"
										marker={<Check className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden />}
									/>
									<Link
										to={`/services/${slug}`}
										aria-label={`${servicesSection.getStartedLabel}: ${card.title}`}
										className="hover:bg-brand-600 mt-6 inline-flex items-center gap-1.5 self-start rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white transition-colors"
									>
										{servicesSection.getStartedLabel}
										<ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
									</Link>
								</div>
							</li>
						) : null,
					)}
				</ul>
			</div>
		</section>
	)
}

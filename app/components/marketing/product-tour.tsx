import { productTour } from '~/content/home.ts'
import { cn } from '~/lib/misc.ts'
import { SectionHeading } from './section-heading.tsx'

/** Pictures of the Playground in a browser frame, text and picture alternating sides. */
export function ProductTour() {
	return (
		<section id={productTour.id} aria-labelledby="product-tour-heading" className="scroll-mt-16 py-20 sm:py-28">
			<div className="container-page">
				<SectionHeading id="product-tour-heading" eyebrow={productTour.eyebrow} title={productTour.heading} />
				<ol className="mt-14 space-y-16 sm:space-y-24">
					{productTour.steps.map((step, index) => (
						<li key={step.title} className="grid items-center gap-8 lg:grid-cols-12 lg:gap-12">
							<div className={cn('lg:col-span-4', index % 2 === 1 && 'lg:order-last')}>
								<span className="text-brand-700 bg-brand-50 ring-brand-100 inline-grid size-9 place-items-center rounded-full text-sm font-bold ring-1">
									{index + 1}
								</span>
								<h3 className="font-display mt-4 text-2xl font-bold text-slate-950">{step.title}</h3>
								<p className="mt-3 leading-relaxed text-slate-600">{step.description}</p>
							</div>
							<figure className="min-w-0 overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 shadow-slate-900/10 ring-slate-200 lg:col-span-8">
								<div aria-hidden className="flex gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
									<span className="size-2.5 rounded-full bg-rose-300" />
									<span className="size-2.5 rounded-full bg-amber-300" />
									<span className="size-2.5 rounded-full bg-emerald-300" />
								</div>
								<img
									src={step.image}
									alt={step.alt}
									width={1280}
									height={800}
									loading="lazy"
									decoding="async"
									className="block h-auto w-full"
								/>
							</figure>
						</li>
					))}
				</ol>
			</div>
		</section>
	)
}

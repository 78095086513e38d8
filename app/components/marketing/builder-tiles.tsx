import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Icon } from '~/components/icon.tsx'
import { builderTiles } from '~/content/home.ts'
import { SectionHeading } from './section-heading.tsx'

export function BuilderTiles() {
	return (
		<section aria-labelledby="builders-heading" className="bg-slate-50 py-20 sm:py-24">
			<div className="container-page">
				<SectionHeading
					id="builders-heading"
					eyebrow="AI Playground"
					title={builderTiles.heading}
					intro={builderTiles.intro}
				/>
				<ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
					{builderTiles.tiles.map((tile) => (
						<li key={tile.title}>
							<Link
								to="/playground"
								reloadDocument
								className="group hover:shadow-brand-600/10 flex h-full flex-col rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200 transition-[box-shadow,transform] duration-200 hover:-translate-y-1 hover:shadow-xl"
							>
								<span className="from-brand-500 shadow-brand-500/25 grid size-12 place-items-center rounded-2xl bg-gradient-to-br to-fuchsia-500 text-white shadow-lg">
									<Icon name={tile.icon} className="size-6" />
								</span>
								<span className="font-display mt-6 text-xl font-bold text-slate-950">{tile.title}</span>
								<span className="mt-2 flex-1 leading-relaxed text-slate-600">{tile.description}</span>
								<span className="text-brand-700 mt-6 inline-flex items-center gap-1.5 text-sm font-semibold">
									Open the Playground
									<ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden />
								</span>
							</Link>
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}

import { Icon } from './icon.tsx'

/** An icon, a title and a short description: career perks, service features. As a list item. */
export function FeatureCard({
	id,
	icon,
	title,
	description,
	headingLevel = 'h3',
}: {
	/** A feature a link lands on: it is outlined while it is the page's target. */
	id?: string
	icon: string
	title: string
	description: string
	headingLevel?: 'h2' | 'h3'
}) {
	const Heading = headingLevel
	return (
		<li
			id={id}
			className="target:ring-brand-500 scroll-mt-24 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 target:ring-2"
		>
			<span className="bg-brand-50 text-brand-600 grid size-11 place-items-center rounded-xl">
				<Icon name={icon} className="size-5" />
			</span>
			<Heading className="font-display mt-4 font-bold text-slate-950">{title}</Heading>
			<p className="mt-1.5 text-sm leading-relaxed text-slate-600">{description}</p>
		</li>
	)
}

import type { LucideIcon } from 'lucide-react'

/** A centred notice inside a Playground tab (load failures, "not available"). */
export function TabPlaceholder({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
	return (
		<section aria-labelledby="tab-heading" className="rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
			<span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600">
				<Icon className="size-7" aria-hidden />
			</span>
			<h2 id="tab-heading" className="mt-5 font-display text-xl font-bold text-slate-950">
				{title}
			</h2>
			<p className="mx-auto mt-2 max-w-md text-slate-600">{text}</p>
		</section>
	)
}

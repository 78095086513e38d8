import { Sparkles, type LucideIcon } from 'lucide-react'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { cn } from '~/lib/misc.ts'

/**
 * A centred notice inside a Playground tab: load failures and "not available", or, with an
 * `action`, a builder's empty state inviting the first creation.
 */
export function TabPlaceholder({
	icon: Icon,
	title,
	text,
	action,
}: {
	icon: LucideIcon
	title: string
	text: string
	action?: { to: string; label: string }
}) {
	return (
		<section
			aria-labelledby="tab-heading"
			className="relative overflow-hidden rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200"
		>
			{action ? (
				<div
					aria-hidden
					className="bg-brand-200/40 pointer-events-none absolute inset-x-0 -top-24 mx-auto size-72 rounded-full blur-3xl"
				/>
			) : null}
			<span
				className={cn(
					'relative mx-auto grid place-items-center rounded-2xl',
					action
						? 'from-brand-500 to-brand-700 shadow-brand-600/30 size-16 bg-gradient-to-br text-white shadow-lg'
						: 'bg-brand-50 text-brand-600 size-14',
				)}
			>
				<Icon className={action ? 'size-8' : 'size-7'} aria-hidden />
			</span>
			<h2
				id="tab-heading"
				className={cn('font-display relative font-bold text-slate-950', action ? 'mt-6 text-2xl' : 'mt-5 text-xl')}
			>
				{title}
			</h2>
			<p className="relative mx-auto mt-2 max-w-md text-slate-600">{text}</p>
			{action ? (
				<ButtonLink to={action.to} size="lg" className="relative mt-8">
					<Sparkles className="size-5" aria-hidden />
					{action.label}
				</ButtonLink>
			) : null}
		</section>
	)
}

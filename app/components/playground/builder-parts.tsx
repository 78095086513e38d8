// Pieces the Chatbot and Voicebot builders share: the empty state, a code box to copy from, the
// Active switch and the inline delete confirmation (plain forms, so they work without JavaScript).
import { Sparkles, Trash2, type LucideIcon } from 'lucide-react'
import { Form, Link, useFetcher } from 'react-router'
import { cn } from '~/utils/misc.ts'
import { buttonClasses } from '../ui/button.tsx'

export function BuilderEmptyState({ icon: Icon, title, text, button, to }: { icon: LucideIcon; title: string; text: string; button: string; to: string }) {
	return (
		<section aria-labelledby="empty-heading" className="relative overflow-hidden rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
			<div aria-hidden className="pointer-events-none absolute inset-x-0 -top-24 mx-auto size-72 rounded-full bg-brand-200/40 blur-3xl" />
			<span className="relative mx-auto grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-lg shadow-brand-600/30">
				<Icon className="size-8" aria-hidden />
			</span>
			<h2 id="empty-heading" className="relative mt-6 font-display text-2xl font-bold text-slate-950">
				{title}
			</h2>
			<p className="relative mx-auto mt-2 max-w-md text-slate-600">{text}</p>
			<Link to={to} className={buttonClasses({ size: 'lg', className: 'relative mt-8' })}>
				<Sparkles className="size-5" aria-hidden />
				{button}
			</Link>
		</section>
	)
}

export function CodeBox({ id, label, code, rows }: { id: string; label: React.ReactNode; code: string; rows: number }) {
	return (
		<div className="mt-4">
			<label className="block text-xs font-medium text-slate-600" htmlFor={id}>
				{label}
			</label>
			<textarea
				id={id}
				readOnly
				rows={rows}
				value={code}
				onFocus={(event) => event.currentTarget.select()}
				className="mt-1 block w-full resize-y rounded-xl border-0 bg-slate-950 px-3 py-2 font-mono text-xs text-slate-100"
			/>
		</div>
	)
}

export function DeleteConfirmation({ id, action, question, confirmLabel, cancelTo, itemId }: { id: string; action: string; question: string; confirmLabel: string; cancelTo: string; itemId: string }) {
	return (
		<Form method="post" action={action} role="alertdialog" aria-labelledby={id} className="mt-4 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200">
			<p id={id} className="text-sm font-medium text-rose-900">
				{question}
			</p>
			<input type="hidden" name="intent" value="delete" />
			<input type="hidden" name="id" value={itemId} />
			<div className="mt-3 flex gap-2">
				<button type="submit" autoFocus className={buttonClasses({ size: 'sm', className: 'bg-rose-600 shadow-rose-600/25 hover:bg-rose-700' })}>
					<Trash2 className="size-4" aria-hidden />
					{confirmLabel}
				</button>
				<Link to={cancelTo} preventScrollReset className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
					Keep it
				</Link>
			</div>
		</Form>
	)
}

/** The Active/Inactive state of a card, shown optimistically while the switch's post is on its way. */
export function useActiveToggle(isActive: boolean) {
	const fetcher = useFetcher()
	const pending = fetcher.formData?.get('active')
	return { fetcher, active: pending ? pending === 'true' : isActive }
}

export function ActiveSwitch({
	toggle,
	action,
	itemId,
	label,
	onText,
	offText,
}: {
	toggle: ReturnType<typeof useActiveToggle>
	action: string
	itemId: string
	label: string
	onText: string
	offText: string
}) {
	const { fetcher, active } = toggle
	return (
		<fetcher.Form method="post" action={action} className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200">
			<input type="hidden" name="intent" value="toggle" />
			<input type="hidden" name="id" value={itemId} />
			<input type="hidden" name="active" value={String(!active)} />
			<span className="text-sm text-slate-600">{active ? onText : offText}</span>
			<button
				type="submit"
				role="switch"
				aria-checked={active}
				aria-label={label}
				className={cn(
					'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
					active ? 'bg-emerald-500' : 'bg-slate-300',
				)}
			>
				<span aria-hidden className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none', active ? 'translate-x-5' : 'translate-x-0.5')} />
			</button>
		</fetcher.Form>
	)
}

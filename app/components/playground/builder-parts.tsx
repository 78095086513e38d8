// Pieces the Chatbot and Voicebot builders share: the list and its cards, a code box to copy from, the
// Active switch and the inline delete confirmation (plain forms, so they work without JavaScript).
import { Plus, Trash2, type LucideIcon } from 'lucide-react'
import { Form, useFetcher } from 'react-router'
import { showToast } from '~/components/toast-message.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/lib/misc.ts'

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

export function DeleteConfirmation({
	id,
	action,
	question,
	confirmLabel,
	cancelTo,
	itemId,
	intent = 'delete',
}: {
	id: string
	action: string
	question: string
	confirmLabel: string
	cancelTo: string
	itemId: string
	intent?: string
}) {
	return (
		<Form
			method="post"
			action={action}
			role="alertdialog"
			aria-labelledby={id}
			className="mt-4 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200"
		>
			<p id={id} className="text-sm font-medium text-rose-900">
				{question}
			</p>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={itemId} />
			<div className="mt-3 flex gap-2">
				<Button type="submit" autoFocus variant="danger" size="sm">
					<Trash2 className="size-4" aria-hidden />
					{confirmLabel}
				</Button>
				<ButtonLink to={cancelTo} preventScrollReset variant="secondary" size="sm">
					Keep it
				</ButtonLink>
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
		<fetcher.Form
			method="post"
			action={action}
			className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200"
		>
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
				<span
					aria-hidden
					className={cn(
						'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
						active ? 'translate-x-5' : 'translate-x-0.5',
					)}
				/>
			</button>
		</fetcher.Form>
	)
}

/** "Your Chatbots" / "Your Voice Assistants": the heading, Create New, and the cards. */
export function BuilderList({
	title,
	createTo,
	createLabel,
	children,
	after,
}: {
	title: string
	createTo: string
	createLabel: string
	children: React.ReactNode
	after?: React.ReactNode
}) {
	return (
		<section aria-labelledby="builder-list-heading">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="builder-list-heading" className="font-display text-xl font-bold text-slate-950">
					{title}
				</h2>
				<ButtonLink to={createTo}>
					<Plus className="size-4" aria-hidden />
					{createLabel}
				</ButtonLink>
			</div>
			<ul className="mt-5 grid gap-5 md:grid-cols-2 2xl:grid-cols-3">{children}</ul>
			{after}
		</section>
	)
}

/** How a chatbot or an assistant is named, on its card and atop its page. */
export type ItemIdentityProps = {
	headingId: string
	icon: LucideIcon
	iconClassName: string
	title: string
	subtitle: React.ReactNode
	active: boolean
	labels: { active: string; inactive: string }
}

/**
 * Icon, name, a line under it and the Active/Inactive badge. A long name is cut with an ellipsis;
 * the whole name is the tooltip and what screen readers hear. `page` sizes it as a page's heading.
 */
export function ItemIdentity({
	headingId,
	icon: Icon,
	iconClassName,
	title,
	subtitle,
	active,
	labels,
	page = false,
}: ItemIdentityProps & { page?: boolean }) {
	const Heading = page ? 'h2' : 'h4'
	return (
		<div className={cn('flex min-w-0 gap-3', page ? 'flex-wrap items-center' : 'items-start')}>
			<span
				className={cn(
					'grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br text-white shadow-sm',
					iconClassName,
				)}
			>
				<Icon className="size-5" aria-hidden />
			</span>
			<div className="min-w-0 flex-1">
				<Heading
					id={headingId}
					title={title}
					className={cn('font-display truncate font-bold text-slate-950', page ? 'text-xl sm:text-2xl' : 'text-base')}
				>
					{title}
				</Heading>
				<div className={cn('text-sm text-slate-500', page && 'truncate')}>{subtitle}</div>
			</div>
			<Badge tone={active ? 'emerald' : 'white'} data-testid="status" className="shrink-0">
				<span aria-hidden className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} />
				{active ? labels.active : labels.inactive}
			</Badge>
		</div>
	)
}

/** One card of a builder list: its identity, then the rest. */
export function BuilderCard({
	testId,
	children,
	...identity
}: ItemIdentityProps & { testId: string; children: React.ReactNode }) {
	return (
		<li
			data-testid={testId}
			aria-labelledby={identity.headingId}
			className="flex min-w-0 flex-col rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
		>
			<ItemIdentity {...identity} />
			{children}
		</li>
	)
}

/** A card's action buttons: an even grid, so no button is ever left alone on a row. */
export function CardActions({ children }: { children: React.ReactNode }) {
	return <div className="mt-4 grid grid-cols-2 gap-2">{children}</div>
}

/** Copies a snippet and says so; when the clipboard is refused, the code box beside it is the way. */
export async function copyCode(code: string, copied: { title: string; description?: string }, fallbackTitle: string) {
	try {
		await navigator.clipboard.writeText(code)
		showToast({ type: 'success', ...copied })
	} catch {
		showToast({ type: 'message', title: fallbackTitle })
	}
}

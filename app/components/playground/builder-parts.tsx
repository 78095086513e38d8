// The builder kit: what the Chatbot and Voicebot builders share. The list with its empty and failed
// states, the card (identity, Active switch, the snippet to copy, Edit, Delete), the code box, the
// forms' card and save button, and the inline delete confirmation. Links and plain forms, so all of
// it works without JavaScript; with it, the snippet is copied and the switch is instant. Each
// builder describes itself once, as a BuilderKind; its pages (workspace-parts.tsx) use the same
// description.
import { Code2, Copy, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Button, buttonClasses } from '~/components/ui/button.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { TabPlaceholder } from './tab-placeholder.tsx'

/** One kind of item the Playground builds (a chatbot, a voice assistant), as the kit shows it. */
export type BuilderKind = {
	/** Names the kind in ids: `chatbot` gives `chatbot-card`, `chatbot-<id>` and `chatbot-heading`. */
	name: string
	/** Names the builder in the server's log ("Chatbot builder: …"). */
	logLabel: string
	/** The list page. */
	listPath: string
	/** Where the list's forms post: its route's action (an index route's needs `?index`). */
	listAction: string
	/** An item's own page (its workspace). */
	itemPath: (id: string) => string
	icon: LucideIcon
	iconClassName: string
	/** The item's snippet (embed code, API call): `?<param>=<id>` shows it on the list without JavaScript. */
	code: { param: string; copied: { title: string; description?: string } }
	copy: {
		empty: { title: string; text: string; button: string }
		list: { title: string; createNew: string; failed: string; crashed: string }
		listFailed: string
		card: {
			active: string
			inactive: string
			edit: string
			delete: string
			deleteButton: string
			deleteConfirm: (name: string) => string
			switchLabel: (name: string) => string
			switchOn: string
			switchOff: string
			/** The snippet's action on a card (Embed, API) and its code box's label. */
			code: string
			codeLabel: string
			/** When the clipboard refuses: the code box is the way. */
			copyYourself: string
		}
		page: {
			back: string
			sectionsLabel: string
			dangerTitle: string
			dangerText: string
			notFound: { title: string; text: string; backTo: string; backLabel: string }
		}
	}
}

/** What the kit needs of an item. */
export type BuilderItem = { id: string; name: string; isActive: boolean }

/**
 * A snippet to copy, in a read-only box that grows to show all of it at any width (`rows` where the
 * browser cannot size a field to its content); focusing it selects it.
 */
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
				className="mt-1 block field-sizing-content w-full resize-y rounded-xl border-0 bg-slate-950 px-3 py-2 font-mono text-xs text-slate-100"
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
	idName = 'id',
}: {
	id: string
	action: string
	question: string
	confirmLabel: string
	cancelTo: string
	itemId: string
	intent?: string
	/** The field the action reads the item's id from (a source row's is `sourceId`). */
	idName?: string
}) {
	return (
		<Form
			method="post"
			action={action}
			role="alertdialog"
			aria-labelledby={id}
			className="mt-4 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200"
		>
			{/* A long address in the question (a source's) wraps rather than widening the page. */}
			<p id={id} className="text-sm font-medium [overflow-wrap:anywhere] text-rose-900">
				{question}
			</p>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name={idName} value={itemId} />
			<div className="mt-3 flex flex-wrap gap-2">
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

/**
 * The Active switch of an item, on its card (posting to the list) and in its page's header (posting
 * to the page, with `returnTo`: the section it was flipped on, where the answer comes back to).
 */
export function ActiveSwitch({
	kind,
	item,
	toggle,
	action,
	returnTo,
	compact = false,
}: {
	kind: BuilderKind
	item: BuilderItem
	toggle: ReturnType<typeof useActiveToggle>
	action: string
	returnTo?: string
	/** A page header's: a pill with the words before the switch. */
	compact?: boolean
}) {
	const { card } = kind.copy
	const { fetcher, active } = toggle
	return (
		<fetcher.Form
			method="post"
			action={action}
			className={
				compact
					? 'flex shrink-0 items-center gap-3 rounded-full bg-white py-1.5 pr-1.5 pl-4 ring-1 ring-slate-200'
					: 'mt-4 flex items-center justify-between gap-3 rounded-2xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200'
			}
		>
			<input type="hidden" name="intent" value="toggle" />
			<input type="hidden" name="id" value={item.id} />
			<input type="hidden" name="active" value={String(!active)} />
			{returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
			<span className="text-sm text-slate-600">{active ? card.switchOn : card.switchOff}</span>
			<button
				type="submit"
				role="switch"
				aria-checked={active}
				aria-label={card.switchLabel(item.name)}
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

/**
 * "Your Chatbots" / "Your Voice Assistants": the heading, Create New and the cards; the empty state
 * ("Create Your First …") when there are none, and the spec's message when they could not be loaded.
 */
export function BuilderList({
	kind,
	failed,
	count,
	children,
	after,
}: {
	kind: BuilderKind
	failed: boolean
	count: number
	children: React.ReactNode
	after?: React.ReactNode
}) {
	const { empty, list, listFailed } = kind.copy
	if (failed) return <TabPlaceholder icon={kind.icon} title={listFailed} text={list.failed} />
	if (count === 0)
		return (
			<TabPlaceholder
				icon={kind.icon}
				title={empty.title}
				text={empty.text}
				action={{ to: `${kind.listPath}?new`, label: empty.button }}
			/>
		)
	return (
		<section aria-labelledby="builder-list-heading">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="builder-list-heading" className="font-display text-xl font-bold text-slate-950">
					{list.title}
				</h2>
				<ButtonLink to={`${kind.listPath}?new`}>
					<Plus className="size-4" aria-hidden />
					{list.createNew}
				</ButtonLink>
			</div>
			<ul className="mt-5 grid gap-5 md:grid-cols-2 2xl:grid-cols-3">{children}</ul>
			{after}
		</section>
	)
}

/** A list route's error boundary: the spec's load-failure message, whatever went wrong. */
export function BuilderListBoundary({ kind }: { kind: BuilderKind }) {
	const failed = () => <TabPlaceholder icon={kind.icon} title={kind.copy.listFailed} text={kind.copy.list.crashed} />
	return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />
}

/** How a chatbot or an assistant is named, on its card and atop its page. */
export type ItemIdentityProps = {
	kind: BuilderKind
	headingId: string
	title: string
	subtitle: React.ReactNode
	active: boolean
}

/**
 * Icon, name, a line under it and the Active/Inactive badge. A long name is cut with an ellipsis;
 * the whole name is the tooltip and what screen readers hear. `page` sizes it as a page's heading,
 * with the badge on the line under the name, so that on a phone the name keeps the row's width.
 */
export function ItemIdentity({
	kind: { icon: Icon, iconClassName, copy },
	headingId,
	title,
	subtitle,
	active,
	page = false,
}: ItemIdentityProps & { page?: boolean }) {
	const Heading = page ? 'h2' : 'h4'
	const badge = (
		<Badge tone={active ? 'emerald' : 'white'} data-testid="status" className="shrink-0">
			<span aria-hidden className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} />
			{active ? copy.card.active : copy.card.inactive}
		</Badge>
	)
	return (
		<div className={cn('flex min-w-0 gap-3', page ? 'items-center' : 'items-start')}>
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
				{page ? (
					// The subtitle wraps (a date is never cut short); a long description stops at two lines.
					<div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
						<span className="line-clamp-2 min-w-0 break-words">{subtitle}</span>
						{badge}
					</div>
				) : (
					<div className="text-sm text-slate-500">{subtitle}</div>
				)}
			</div>
			{page ? null : badge}
		</div>
	)
}

/** The look of a card's action (Preview, Test, Embed, API, Edit, Delete). */
export const cardActionClass = buttonClasses({ variant: 'secondary', size: 'sm', className: 'px-3 [&>svg]:shrink-0' })

/**
 * One card of a builder list: identity, the Active switch, `children` (details of the kind), then
 * the actions, an even grid so no button is ever left alone on a row: the kind's own `primary`
 * one (Preview, Test), the snippet (shown by a link without JavaScript, copied with it), Edit (the
 * item's page) and Delete (an inline confirmation, `?delete=<id>`).
 */
export function ItemCard({
	kind,
	item,
	subtitle,
	code,
	confirmingDelete,
	primary,
	children,
}: {
	kind: BuilderKind
	item: BuilderItem
	subtitle: React.ReactNode
	/** The item's snippet, and whether the page was asked to show it. */
	code: { text: string; rows: number; showing: boolean }
	confirmingDelete: boolean
	primary: React.ReactNode
	children?: React.ReactNode
}) {
	const hydrated = useHydrated()
	const [codeOpen, setCodeOpen] = useState(false)
	const toggle = useActiveToggle(item.isActive)
	const { card } = kind.copy
	const headingId = `${kind.name}-${item.id}`
	return (
		<li
			data-testid={`${kind.name}-card`}
			aria-labelledby={headingId}
			className="flex min-w-0 flex-col rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
		>
			<ItemIdentity kind={kind} headingId={headingId} title={item.name} subtitle={subtitle} active={toggle.active} />
			<ActiveSwitch kind={kind} item={item} toggle={toggle} action={kind.listAction} />
			{children}
			<div className="mt-4 grid grid-cols-2 gap-2">
				{primary}
				<Link
					to={`${kind.listPath}?${kind.code.param}=${item.id}`}
					preventScrollReset
					className={cardActionClass}
					aria-label={`${card.code} ${item.name}`}
					onClick={(event) => {
						if (!hydrated) return // without JavaScript the link shows the code
						event.preventDefault()
						setCodeOpen(true)
						void copyCode(kind, code.text)
					}}
				>
					<Code2 className="size-4" aria-hidden />
					{card.code}
				</Link>
				<Link to={kind.itemPath(item.id)} className={cardActionClass} aria-label={`${card.edit} ${item.name}`}>
					<Pencil className="size-4" aria-hidden />
					{card.edit}
				</Link>
				<Link
					to={`${kind.listPath}?delete=${item.id}`}
					preventScrollReset
					className={cn(cardActionClass, 'text-rose-700 hover:bg-rose-50')}
					aria-label={`${card.delete} ${item.name}`}
				>
					<Trash2 className="size-4" aria-hidden />
					{card.delete}
				</Link>
			</div>
			{code.showing || codeOpen ? (
				<CodeBox id={`${headingId}-${kind.code.param}`} rows={code.rows} code={code.text} label={card.codeLabel} />
			) : null}
			{confirmingDelete ? (
				<DeleteConfirmation
					id={`${headingId}-confirm`}
					action={kind.listAction}
					question={card.deleteConfirm(item.name)}
					confirmLabel={card.deleteButton}
					cancelTo={kind.listPath}
					itemId={item.id}
				/>
			) : null}
		</li>
	)
}

/** The look of a builder's main card: the create and edit forms, a chatbot's knowledge sources. */
export const builderCardClass = '@container rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8'

/** A builder card's title; `id` is what the card is labelled by. */
export function BuilderCardTitle({ id, children }: { id: string; children: React.ReactNode }) {
	return (
		<h3 id={id} className="font-display text-xl font-bold text-slate-950">
			{children}
		</h3>
	)
}

/** A builder form's submit: Create, or Save on an item's page, with a spinner and "…ing" while it is sent. */
export function SaveButton({
	mode,
	busy,
	copy,
	...props
}: {
	mode: 'create' | 'edit'
	busy: boolean
	copy: { create: string; creating: string; save: string; saving: string }
} & Omit<React.ComponentProps<'button'>, 'type' | 'disabled' | 'children'>) {
	return (
		<Button type="submit" disabled={busy} {...props}>
			{busy ? <Spinner className="size-4" /> : null}
			{mode === 'edit' ? (busy ? copy.saving : copy.save) : busy ? copy.creating : copy.create}
		</Button>
	)
}

/** Copies the item's snippet (once JavaScript runs: before, the code box beside it is the way). */
export function CopyCodeButton({ kind, code, label }: { kind: BuilderKind; code: string; label: string }) {
	const hydrated = useHydrated()
	if (!hydrated) return null
	return (
		<Button variant="secondary" size="sm" onClick={() => void copyCode(kind, code)}>
			<Copy className="size-4" aria-hidden />
			{label}
		</Button>
	)
}

/** Copies a snippet and says so; when the clipboard is refused, the code box beside it is the way. */
async function copyCode(kind: BuilderKind, code: string) {
	try {
		await navigator.clipboard.writeText(code)
		showToast({ type: 'success', ...kind.code.copied })
	} catch {
		showToast({ type: 'message', title: kind.copy.card.copyYourself })
	}
}

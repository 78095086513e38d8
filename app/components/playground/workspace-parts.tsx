// The builder kit's pages: a chatbot's or a voice assistant's workspace (WorkspacePage: the header
// with the way back, the Active switch, the jump links between sections on phones, settings beside
// the live test, the rest below and Delete last), and its parts, also used by the chatbot's
// activity pages: a section card, the delete step and the not-found panel. Plain links and forms,
// so they work without JavaScript.
import { ArrowLeft, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { cn } from '~/lib/misc.ts'
import type { Toast } from '~/lib/toast.ts'
import {
	ActiveSwitch,
	DeleteConfirmation,
	ItemIdentity,
	type BuilderItem,
	type BuilderKind,
	type ItemIdentityProps,
	type useActiveToggle,
} from './builder-parts.tsx'

/**
 * One item's workspace page. `links` jump to its sections on phones; `main` (the settings) stands
 * beside `side` (the live test) from `xl` up, and `below` under them, with Delete last.
 */
export function WorkspacePage({
	kind,
	item,
	subtitle,
	toggle,
	toast,
	links,
	main,
	side,
	below,
	confirmingDelete,
}: {
	kind: BuilderKind
	item: BuilderItem
	subtitle: React.ReactNode
	/** The route's own, so that what it shows can follow the switch at once (the embed notice). */
	toggle: ReturnType<typeof useActiveToggle>
	toast: Toast | null | undefined
	links: Array<[href: string, text: string]>
	main: React.ReactNode
	side: React.ReactNode
	below: React.ReactNode
	confirmingDelete: boolean
}) {
	const { card, page } = kind.copy
	const pagePath = kind.itemPath(item.id)
	const headingId = `${kind.name}-heading`
	return (
		<article aria-labelledby={headingId} className="min-w-0">
			<ToastMessage toast={toast} />
			<WorkspaceHeader
				kind={kind}
				backTo={kind.listPath}
				backLabel={page.back}
				headingId={headingId}
				title={item.name}
				subtitle={subtitle}
				active={toggle.active}
			/>
			<ActiveSwitch kind={kind} item={item} toggle={toggle} action={pagePath} />
			<SectionLinks label={page.sectionsLabel} links={links} />
			<WorkspaceGrid
				main={main}
				side={side}
				below={
					<>
						{below}
						<DeleteSection
							title={page.dangerTitle}
							text={page.dangerText}
							pagePath={pagePath}
							confirming={confirmingDelete}
							question={card.deleteConfirm(item.name)}
							confirmLabel={card.deleteButton}
							itemId={item.id}
						/>
					</>
				}
			/>
		</article>
	)
}

export function WorkspaceHeader({
	backTo,
	backLabel,
	...identity
}: ItemIdentityProps & { backTo: string; backLabel: string }) {
	return (
		<>
			<Link
				to={backTo}
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{backLabel}
			</Link>
			<header className="mt-3">
				<ItemIdentity {...identity} page />
			</header>
		</>
	)
}

/**
 * A workspace page's body: `main` (the settings) beside `side` (the live test, sticky) from `xl` up,
 * and `below` under `main`. Narrower, they stack in that order: settings, test, the rest.
 */
function WorkspaceGrid({
	main,
	side,
	below,
}: {
	main: React.ReactNode
	side: React.ReactNode
	below: React.ReactNode
}) {
	return (
		<div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start">
			<div className="min-w-0 space-y-6">{main}</div>
			<div className="min-w-0 xl:sticky xl:top-24 xl:row-span-3">{side}</div>
			<div className="min-w-0 space-y-6">{below}</div>
		</div>
	)
}

/** The live test beside the settings (preview chat, voice test): a fixed-height card with a header. */
export function SidePanel({
	id,
	title,
	description,
	icon,
	heightClassName,
	onFocusCapture,
	children,
}: {
	id: string
	title: string
	description: string
	icon?: React.ReactNode
	heightClassName: string
	onFocusCapture?: () => void
	children: React.ReactNode
}) {
	return (
		<section
			id={id}
			aria-labelledby={`${id}-heading`}
			onFocusCapture={onFocusCapture}
			className={cn(
				'flex scroll-mt-24 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200',
				heightClassName,
			)}
		>
			<header className="flex items-center gap-3 border-b border-slate-200 px-5 py-3.5">
				{icon}
				<div className="min-w-0">
					<h3 id={`${id}-heading`} className="font-display text-base font-bold text-slate-900">
						{title}
					</h3>
					<p className="text-xs text-slate-500">{description}</p>
				</div>
			</header>
			{children}
		</section>
	)
}

/** Below `xl` the sections stack; these links jump between them. */
function SectionLinks({ label, links }: { label: string; links: Array<[href: string, text: string]> }) {
	return (
		<nav aria-label={label} className="mt-4 xl:hidden">
			<ul className="flex flex-wrap gap-2 text-sm font-semibold">
				{links.map(([href, text]) => (
					<li key={href}>
						<a
							href={href}
							className="inline-flex rounded-full bg-white px-3 py-1.5 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
						>
							{text}
						</a>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** A section of a workspace page: a heading, an optional action beside it, and the content. */
export function WorkspaceSection({
	id,
	title,
	action,
	children,
}: {
	id?: string
	title: string
	action?: React.ReactNode
	children: React.ReactNode
}) {
	const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`
	return (
		<section
			id={id}
			aria-labelledby={headingId}
			className="scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
		>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h3 id={headingId} className="font-display text-lg font-bold text-slate-950">
					{title}
				</h3>
				{action}
			</div>
			{children}
		</section>
	)
}

/** Delete, behind the same inline confirmation as the lists (`?delete` on the page). */
function DeleteSection({
	title,
	text,
	pagePath,
	confirming,
	question,
	confirmLabel,
	itemId,
}: {
	title: string
	text: string
	pagePath: string
	confirming: boolean
	question: string
	confirmLabel: string
	itemId: string
}) {
	return (
		<WorkspaceSection title={title}>
			<p className="mt-1 text-sm text-slate-600">{text}</p>
			<DeleteStep
				confirming={confirming}
				askTo={`${pagePath}?delete`}
				id={`${itemId}-delete-confirm`}
				action={pagePath}
				question={question}
				confirmLabel={confirmLabel}
				itemId={itemId}
				className="mt-4"
			/>
		</WorkspaceSection>
	)
}

/**
 * A delete button that leads to its inline confirmation (`askTo`, a link such as `?delete`, so it
 * works without JavaScript), or the confirmation itself once asked: what will be removed, a button
 * that posts the real action, and "Keep it" back to `cancelTo` (the action's page unless given).
 * Every destructive control of the Playground asks this way (docs/decisions/0048-ask-before-removing.md).
 */
export function DeleteStep({
	confirming,
	askTo,
	askLabel,
	askAriaLabel,
	className,
	cancelTo,
	...confirmation
}: {
	confirming: boolean
	askTo: string
	/** The button's own text, when it is not the confirmation's (a row's short "Remove"). */
	askLabel?: string
	/** Its accessible name, when the text alone does not say which item (a table row's "Delete"). */
	askAriaLabel?: string
	className?: string
	cancelTo?: string
	id: string
	action: string
	question: string
	confirmLabel: string
	itemId: string
	intent?: string
	idName?: string
}) {
	if (confirming) return <DeleteConfirmation {...confirmation} cancelTo={cancelTo ?? confirmation.action} />
	return (
		<ButtonLink
			to={askTo}
			preventScrollReset
			variant="secondary"
			size="sm"
			className={cn('text-rose-700 hover:bg-rose-50', className)}
			aria-label={askAriaLabel}
		>
			<Trash2 className="size-4" aria-hidden />
			{askLabel ?? confirmation.confirmLabel}
		</ButtonLink>
	)
}

/** What a 404 of a chatbot or an assistant looks like: someone else's is indistinguishable. */
export function NotFoundPanel({
	title,
	text,
	backTo,
	backLabel,
}: {
	title: string
	text: string
	backTo: string
	backLabel: string
}) {
	return (
		<section className="mx-auto max-w-2xl rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
			<h2 className="font-display text-xl font-bold text-slate-950">{title}</h2>
			<p className="mt-2 text-slate-600">{text}</p>
			<ButtonLink to={backTo} className="mt-6">
				{backLabel}
			</ButtonLink>
		</section>
	)
}

/** A workspace route's error boundary: its 404 is the not-found panel, anything else the general page. */
export function NotFoundBoundary(panel: React.ComponentProps<typeof NotFoundPanel>) {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPanel {...panel} /> }} />
}

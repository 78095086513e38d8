// The builder kit's pages: a chatbot's or a voice assistant's workspace (WorkspaceLayout: a compact
// header with the way back, the name, its status and the Active switch; tabs to its sections, each
// its own URL; the live test beside them on wide screens), and its parts: a section card, the
// delete step and the not-found panel. Plain links and forms, so they work without JavaScript.
import { ArrowLeft, Trash2, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { cn } from '~/lib/misc.ts'
import {
	ActiveSwitch,
	DeleteConfirmation,
	ItemIdentity,
	type BuilderItem,
	type BuilderKind,
	type useActiveToggle,
} from './builder-parts.tsx'

/** One tab of a workspace: a section's URL, its name, and whether the page shown is that section. */
export type WorkspaceTab = {
	to: string
	label: string
	/** Shown instead of `label` on phones, where the tabs share 320 px; `label` stays the name heard. */
	short?: string
	icon: LucideIcon
	current: boolean
	/** A tab only narrow screens need (the live test, which wide screens show beside every section), unless current. */
	narrowOnly?: boolean
}

/** `/a/b/` as `/a/b`: React Router matches both. */
export const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/**
 * Which tab is current: the one whose path is the page's, or (`prefixes`) that the page's path
 * starts with, as the activity tab does for its four pages.
 */
export function currentTab(pathname: string, path: string, prefixes: string[] = []) {
	const page = withoutTrailingSlash(pathname)
	return page === path || prefixes.some((prefix) => page === prefix || page.startsWith(`${prefix}/`))
}

/**
 * One item's workspace: the compact header (the way back, name, status and the Active switch), the
 * tabs, and the section (`children`); on wide screens `side` (the live test) stands beside them,
 * as tall as the window and in view while the section scrolls. A section that is the live test
 * itself (its page on phones) passes no `side`.
 */
export function WorkspaceLayout({
	kind,
	item,
	subtitle,
	toggle,
	returnTo,
	tabs,
	side,
	children,
}: {
	kind: BuilderKind
	item: BuilderItem
	subtitle: React.ReactNode
	/** The layout's own, so that what a section shows can follow the switch at once (the embed notice). */
	toggle: ReturnType<typeof useActiveToggle>
	/** The section shown: the switch's answer comes back to it. */
	returnTo: string
	tabs: WorkspaceTab[]
	side: React.ReactNode | null
	children: React.ReactNode
}) {
	const { page } = kind.copy
	const headingId = `${kind.name}-heading`
	return (
		<div
			className={cn(
				'lg:grid lg:items-start lg:gap-6 xl:gap-8',
				// The live test takes a third of the width, between 22 and 36 rem.
				side ? 'lg:grid-cols-[minmax(0,1fr)_clamp(22rem,34%,36rem)]' : null,
			)}
		>
			<article aria-labelledby={headingId} className="min-w-0">
				<Link
					to={kind.listPath}
					className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
				>
					<ArrowLeft className="size-4" aria-hidden />
					{page.back}
				</Link>
				{/* On phones the switch has a row of its own, words included, so the name, the date and the
				    status keep the width (at 360 px beside the switch the date was cut to "Created 25 Nov …"). */}
				<header className="mt-2 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
					<div className="w-full min-w-0 sm:w-auto sm:flex-1">
						<ItemIdentity
							kind={kind}
							headingId={headingId}
							title={item.name}
							subtitle={subtitle}
							active={toggle.active}
							page
						/>
					</div>
					<ActiveSwitch
						kind={kind}
						item={item}
						toggle={toggle}
						action={kind.itemPath(item.id)}
						returnTo={returnTo}
						compact
					/>
				</header>
				<WorkspaceTabs label={page.sectionsLabel} tabs={tabs} />
				<div className="mt-6 min-w-0">{children}</div>
			</article>
			{side ? (
				// Sticky under the app's header (4 rem), as tall as the window leaves.
				<aside className="hidden min-w-0 lg:sticky lg:top-20 lg:block lg:h-[calc(100dvh-6rem)] lg:min-h-[28rem]">
					{side}
				</aside>
			) : null}
		</div>
	)
}

/**
 * The sections as tabs: links, so each is a URL that works without JavaScript. Three to a row on
 * phones (every label whole, none scrolled out of sight), in one row that wraps from `sm` up.
 */
function WorkspaceTabs({ label, tabs }: { label: string; tabs: WorkspaceTab[] }) {
	return (
		<nav aria-label={label} className="mt-5">
			<ul className="grid grid-cols-3 gap-1 rounded-2xl bg-white p-1 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap">
				{tabs.map((tab) => (
					<li key={tab.to} className={cn('min-w-0', tab.narrowOnly && !tab.current && 'lg:hidden')}>
						<Link
							to={tab.to}
							aria-current={tab.current ? 'page' : undefined}
							className={cn(
								'flex h-full min-w-0 items-center justify-center gap-2 rounded-xl px-2 py-2 text-center text-sm leading-tight font-semibold transition-colors sm:px-3.5',
								tab.current
									? 'bg-brand-600 text-white shadow'
									: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
							)}
						>
							<tab.icon className="hidden size-4 shrink-0 lg:block" aria-hidden />
							{tab.short && tab.label.startsWith(tab.short) ? (
								<span>
									{tab.short}
									<span className="sr-only sm:not-sr-only">{tab.label.slice(tab.short.length)}</span>
								</span>
							) : (
								<span>{tab.label}</span>
							)}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** The live test beside the sections (preview chat, voice test): a card with a header, as tall as its place. */
export function SidePanel({
	id,
	title,
	description,
	icon,
	className,
	onFocusCapture,
	children,
}: {
	id: string
	title: string
	description: string
	icon?: React.ReactNode
	/** Its height: the full height of the column beside the sections unless told. */
	className?: string
	onFocusCapture?: () => void
	children: React.ReactNode
}) {
	return (
		<section
			id={id}
			aria-labelledby={`${id}-heading`}
			onFocusCapture={onFocusCapture}
			className={cn(
				'flex h-full scroll-mt-24 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200',
				className,
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

/**
 * Delete, behind the same inline confirmation as the lists: `?delete` on the section's page
 * (`pagePath`), whose action the confirmation posts to.
 */
export function DeleteSection({
	kind,
	item,
	pagePath,
	confirming,
}: {
	kind: BuilderKind
	item: BuilderItem
	pagePath: string
	confirming: boolean
}) {
	const { card, page } = kind.copy
	return (
		<WorkspaceSection id="delete" title={page.dangerTitle}>
			<p className="mt-1 text-sm text-slate-600">{page.dangerText}</p>
			<DeleteStep
				confirming={confirming}
				askTo={`${pagePath}?delete`}
				id={`${item.id}-delete-confirm`}
				action={pagePath}
				question={card.deleteConfirm(item.name)}
				confirmLabel={card.deleteButton}
				itemId={item.id}
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

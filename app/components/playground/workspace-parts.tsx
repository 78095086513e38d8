// Pieces of the chatbot and voice-assistant pages: the header with the way back, the jump links
// between sections on phones, a section card, the delete section and the not-found panel. Plain
// links and forms, so they work without JavaScript.
import { ArrowLeft, Trash2, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { cn } from '~/lib/misc.ts'
import { DeleteConfirmation } from './builder-parts.tsx'

export function WorkspaceHeader({
	backTo,
	backLabel,
	icon: Icon,
	iconClassName,
	headingId,
	title,
	subtitle,
	active,
	labels,
}: {
	backTo: string
	backLabel: string
	icon: LucideIcon
	iconClassName: string
	headingId: string
	title: string
	subtitle: React.ReactNode
	active: boolean
	labels: { active: string; inactive: string }
}) {
	return (
		<>
			<Link
				to={backTo}
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{backLabel}
			</Link>
			<header className="mt-3 flex min-w-0 flex-wrap items-center gap-3">
				<span
					className={cn(
						'grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br text-white shadow-sm',
						iconClassName,
					)}
				>
					<Icon className="size-5" aria-hidden />
				</span>
				<div className="min-w-0 flex-1">
					{/* A long name is cut with an ellipsis; the whole name is the tooltip and what screen readers hear. */}
					<h2
						id={headingId}
						title={title}
						className="font-display truncate text-xl font-bold text-slate-950 sm:text-2xl"
					>
						{title}
					</h2>
					<div className="truncate text-sm text-slate-500">{subtitle}</div>
				</div>
				<Badge tone={active ? 'emerald' : 'white'} data-testid="status" className="shrink-0">
					<span aria-hidden className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} />
					{active ? labels.active : labels.inactive}
				</Badge>
			</header>
		</>
	)
}

/** Below `xl` the sections stack; these links jump between them. */
export function SectionLinks({ label, links }: { label: string; links: Array<[href: string, text: string]> }) {
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
export function DeleteSection({
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
			{confirming ? (
				<DeleteConfirmation
					id={`${itemId}-delete-confirm`}
					action={pagePath}
					question={question}
					confirmLabel={confirmLabel}
					cancelTo={pagePath}
					itemId={itemId}
				/>
			) : (
				<ButtonLink
					to={`${pagePath}?delete`}
					preventScrollReset
					variant="secondary"
					size="sm"
					className="mt-4 text-rose-700 hover:bg-rose-50"
				>
					<Trash2 className="size-4" aria-hidden />
					{confirmLabel}
				</ButtonLink>
			)}
		</WorkspaceSection>
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

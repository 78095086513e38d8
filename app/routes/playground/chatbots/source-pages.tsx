// /playground/chatbots/:chatbotId/knowledge/sources/:sourceId: every page a page or website source
// did not index in its latest run, with the reason, 50 at a time. The chatbot's Knowledge section
// shows the newest 20 and links here; the chatbot's layout around it keeps its header and tabs. The filter and the pager are plain links, so it all works without JavaScript.
import { ArrowLeft } from 'lucide-react'
import { data, Link } from 'react-router'
import { NotFoundBoundary, WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { SOURCE_PAGES_PER_PAGE, SourceProblemsQuerySchema } from '~/features/chatbots/sources/source-schema.ts'
import { listSourceProblems } from '~/features/chatbots/sources/sources.server.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/source-pages'

const copy = chatbotBuilder.sources.problemsPage

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	const query = SourceProblemsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
	// Someone else's source looks exactly like one that does not exist.
	const list = await listSourceProblems(user.id, params.chatbotId, params.sourceId, query)
	if (!list) throw data(copy.notFound.text, { status: 404 })
	return data({ ...list, status: query.status }, { headers: privateHeaders(setCookie) })
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function SourcePagesRoute({ loaderData, params }: Route.ComponentProps) {
	const { source, rows, total, page, pageCount, status } = loaderData
	const knowledgePath = chatbotPaths(params.chatbotId).knowledge
	const path = `${knowledgePath}/sources/${source.id}`
	const linkTo = (next: { status?: string | null; page?: number }) => {
		const search = new URLSearchParams()
		const shownStatus = next.status === undefined ? status : next.status
		if (shownStatus) search.set('status', shownStatus)
		if (next.page && next.page > 1) search.set('page', String(next.page))
		return search.size > 0 ? `${path}?${search}` : path
	}
	const first = (page - 1) * SOURCE_PAGES_PER_PAGE + 1
	const filters = [
		[null, copy.filters.all, source.failed + source.skipped],
		['failed', copy.filters.failed, source.failed],
		['skipped', copy.filters.skipped, source.skipped],
	] as const
	return (
		<article aria-labelledby="source-pages-heading" className="min-w-0 space-y-6">
			<Link
				to={knowledgePath}
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{copy.back}
			</Link>
			<header>
				<h3 id="source-pages-heading" className="font-display text-xl font-bold text-slate-950">
					{copy.title}
				</h3>
				<p className="mt-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-700">{source.origin}</p>
			</header>
			<WorkspaceSection title={copy.listTitle}>
				<p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
				<nav aria-label={copy.filtersLabel} className="mt-4">
					<ul className="flex flex-wrap gap-2 text-sm font-semibold">
						{filters.map(([value, label, count]) => (
							<li key={label}>
								<Link
									to={linkTo({ status: value, page: 1 })}
									aria-current={status === value ? 'page' : undefined}
									className={cn(
										'inline-flex rounded-full px-3 py-1.5 ring-1',
										status === value
											? 'bg-brand-50 text-brand-800 ring-brand-200'
											: 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-100',
									)}
								>
									{label} ({count.toLocaleString('en-US')})
								</Link>
							</li>
						))}
					</ul>
				</nav>
				{rows.length === 0 ? (
					<p className="mt-6 rounded-2xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">
						{copy.empty}
					</p>
				) : (
					<>
						<p className="mt-4 text-xs text-slate-500" aria-live="polite">
							{copy.range(first, first + rows.length - 1, total)}
						</p>
						<ul
							aria-label={copy.listLabel}
							className="mt-2 divide-y divide-slate-200 rounded-2xl text-sm ring-1 ring-slate-200"
							data-testid="source-problems"
						>
							{rows.map((row) => (
								<li key={row.url} className="px-4 py-2.5">
									<span className="block font-medium [overflow-wrap:anywhere] text-slate-900">{row.url}</span>
									<span className={cn('text-xs', row.status === 'failed' ? 'text-rose-700' : 'text-slate-600')}>
										<span className="font-semibold">{copy.statuses[row.status]}:</span> {row.error}
									</span>
								</li>
							))}
						</ul>
					</>
				)}
				{pageCount > 1 ? (
					<nav aria-label={copy.pagerLabel} className="mt-4 flex flex-wrap items-center justify-between gap-2">
						{page > 1 ? (
							<ButtonLink to={linkTo({ page: page - 1 })} variant="secondary" size="sm">
								{copy.previous}
							</ButtonLink>
						) : (
							<span />
						)}
						<span className="text-xs text-slate-600">
							{page} / {pageCount}
						</span>
						{page < pageCount ? (
							<ButtonLink to={linkTo({ page: page + 1 })} variant="secondary" size="sm">
								{copy.next}
							</ButtonLink>
						) : (
							<span />
						)}
					</nav>
				) : null}
			</WorkspaceSection>
		</article>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...copy.notFound} backTo="/playground" backLabel={chatbotBuilder.page.notFound.backLabel} />
}

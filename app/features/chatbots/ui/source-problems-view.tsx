// Every page a page or website source did not index in its latest run, with the reason, 50 at a
// time: the page a knowledge base's sources link to ("See all"), a chatbot's or a voice
// assistant's (ADR 0054). The filter and the pager are plain links, so it all works without JavaScript.
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { SOURCE_PAGES_PER_PAGE } from '~/features/chatbots/sources/source-schema.ts'
import type { listSourceProblems } from '~/features/chatbots/sources/sources.server.ts'
import { cn } from '~/lib/misc.ts'

const copy = chatbotBuilder.sources.problemsPage

/** What the page shows: listSourceProblems' answer and the filter it was asked for. */
type SourceProblemsPage = NonNullable<Awaited<ReturnType<typeof listSourceProblems>>> & {
	status: 'failed' | 'skipped' | null
}

/** One page of a source's unindexed pages, with its filter and pager, under `knowledgePath`. */
export function SourceProblemsView({ list, knowledgePath }: { list: SourceProblemsPage; knowledgePath: string }) {
	const { source, rows, total, page, pageCount, status } = list
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

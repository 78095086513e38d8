// /playground/chatbots/:chatbotId/insights: a period's conversations and questions per day, answer
// rate, thumbs ratio, top questions and top pages. The period is a GET form (works without
// JavaScript); the chart draws in the browser over the same numbers as the table.
import { data, Form } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField } from '~/components/ui/field.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { activityTimeZone } from '~/features/chatbots/conversations/activity-format.server.ts'
import { INSIGHT_PERIODS, InsightsQuerySchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { chatbotInsights } from '~/features/chatbots/conversations/insights.server.ts'
import { ActivityChart } from '~/features/chatbots/conversations/ui/activity-chart.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/insights'

const { insights: copy } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const { days } = InsightsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
	const insights = await chatbotInsights(user.id, params.chatbotId, {
		days: Number(days),
		timeZone: activityTimeZone(),
	})
	if (!insights) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return { period: days, insights }
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

/** The per-day table's columns, each a field of the day; counts stand right-aligned. */
const DAY_COLUMNS = [
	{ key: 'day', heading: copy.day, count: false },
	{ key: 'conversations', heading: copy.conversations, count: true },
	{ key: 'messages', heading: copy.questions, count: true },
] as const

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–')

export default function InsightsRoute({ loaderData, params }: Route.ComponentProps) {
	const { period, insights } = loaderData
	// The chart needs JavaScript; without it, the table is what shows the days.
	const hydrated = useHydrated()
	const tiles = [
		[copy.conversations, String(insights.conversations), null],
		[copy.questions, String(insights.questions), null],
		[copy.answerRate, percent(insights.answered, insights.answers), `${insights.answered} / ${insights.answers}`],
		[
			copy.thumbs,
			percent(insights.thumbsUp, insights.thumbsUp + insights.thumbsDown),
			copy.thumbsOf(insights.thumbsUp, insights.thumbsDown),
		],
	] as const
	return (
		<div className="space-y-6">
			<WorkspaceSection
				title={copy.title}
				action={
					<Form
						method="get"
						action={`/playground/chatbots/${params.chatbotId}/insights`}
						className="flex items-end gap-2"
					>
						<SelectField
							label={copy.periodLabel}
							hideLabel
							name="days"
							defaultValue={period}
							options={INSIGHT_PERIODS.map((days) => ({ value: days, label: copy.periods[days] }))}
						/>
						<Button type="submit" variant="secondary">
							{activityCopy.list.apply}
						</Button>
					</Form>
				}
			>
				<dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="insight-tiles">
					{tiles.map(([label, value, detail]) => (
						<div key={label} className="rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
							<dt className="text-xs font-semibold text-slate-600">{label}</dt>
							<dd className="font-display mt-1 text-2xl font-bold text-slate-950 tabular-nums">{value}</dd>
							{detail ? <dd className="text-xs text-slate-500">{detail}</dd> : null}
						</div>
					))}
				</dl>
				<h4 className="mt-6 text-sm font-semibold text-slate-900">{copy.perDay}</h4>
				{hydrated ? (
					<div className="mt-2">
						<ActivityChart days={insights.days} label={copy.chartLabel} />
					</div>
				) : null}
				<details className="mt-2 text-sm" open={!hydrated}>
					<summary className="text-brand-700 cursor-pointer text-xs font-semibold">{copy.perDayTable}</summary>
					<div className="mt-2 max-h-72 overflow-auto rounded-xl ring-1 ring-slate-200">
						<table className="w-full text-left text-xs" data-testid="activity-table">
							<thead className="sticky top-0 bg-slate-50 text-slate-600">
								<tr>
									{DAY_COLUMNS.map((column) => (
										<th key={column.key} scope="col" className={cn('px-3 py-2', column.count && 'text-right')}>
											{column.heading}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y divide-slate-100">
								{insights.days.map((day) => (
									<tr key={day.day}>
										{DAY_COLUMNS.map((column) => (
											<td key={column.key} className={cn('px-3 py-1.5 tabular-nums', column.count && 'text-right')}>
												{day[column.key]}
											</td>
										))}
									</tr>
								))}
							</tbody>
						</table>
					</div>
				</details>
			</WorkspaceSection>
			{/* One column of at most the page's width: a long question is cut with an ellipsis, not the page widened. */}
			<div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
				<WorkspaceSection title={copy.topQuestions}>
					<RankedList rows={insights.topQuestions.map((row) => [row.question, row.count])} />
				</WorkspaceSection>
				<WorkspaceSection title={copy.topPages}>
					<RankedList rows={insights.topPages.map((row) => [row.pageUrl, row.conversations])} />
				</WorkspaceSection>
			</div>
		</div>
	)
}

function RankedList({ rows }: { rows: Array<[string, number]> }) {
	if (rows.length === 0) return <p className="mt-3 text-sm text-slate-600">{copy.none}</p>
	const most = Math.max(...rows.map(([, count]) => count))
	return (
		<ol className="mt-3 space-y-2">
			{rows.map(([text, count]) => (
				<li key={text} className="relative overflow-hidden rounded-xl px-3 py-2 text-sm ring-1 ring-slate-200">
					<span
						aria-hidden
						className="bg-brand-50 absolute inset-y-0 left-0"
						style={{ width: `${(count / most) * 100}%` }}
					/>
					<span className="relative flex items-center justify-between gap-3">
						<span className="min-w-0 truncate text-slate-800">{text}</span>
						<span className="shrink-0 font-semibold text-slate-900 tabular-nums">{count}</span>
					</span>
				</li>
			))}
		</ol>
	)
}

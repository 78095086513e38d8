// The Activity card on a chatbot's page: the week's conversations and answer rate, open questions
// and leads, each a link to its page.
import { ChartLine, CircleHelp, MessagesSquare, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'

const { summary: copy } = activityCopy

export function ActivitySummary({
	pagePath,
	summary,
}: {
	pagePath: string
	summary: { conversations: number; answers: number; answered: number; unanswered: number; leads: number }
}) {
	const tiles = [
		[`${pagePath}/conversations`, MessagesSquare, copy.conversations, String(summary.conversations)],
		[
			`${pagePath}/insights`,
			ChartLine,
			copy.answerRate,
			summary.answers > 0 ? `${Math.round((summary.answered / summary.answers) * 100)}%` : '–',
		],
		[`${pagePath}/unanswered`, CircleHelp, copy.unanswered, String(summary.unanswered)],
		[`${pagePath}/leads`, UserRound, copy.leads, String(summary.leads)],
	] as const
	return (
		<WorkspaceSection id="activity" title={copy.title}>
			<p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
			{/* Four across only when the section is wide enough for the labels on one or two lines. */}
			<div className="@container mt-4">
				<ul className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
					{tiles.map(([to, Icon, label, value]) => (
						<li key={to}>
							<Link
								to={to}
								className="hover:ring-brand-300 hover:bg-brand-50/50 block h-full rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 transition-colors"
							>
								<span className="flex items-center gap-1.5 text-xs font-semibold text-slate-600">
									<Icon className="text-brand-600 size-3.5" aria-hidden />
									{label}
								</span>
								<span className="font-display mt-1 block text-2xl font-bold text-slate-950 tabular-nums">{value}</span>
							</Link>
						</li>
					))}
				</ul>
			</div>
		</WorkspaceSection>
	)
}

// The chatbot's activity pages (Conversations, Unanswered, Leads, Insights): the Activity section of
// the chatbot's page, whose layout draws the header and its tabs; here, the tabs between the four.
// Plain links, so they work without JavaScript. Each page's loader checks the chatbot is the user's.
import { NavLink, Outlet, useParams } from 'react-router'
import { NotFoundBoundary } from '~/components/playground/workspace-parts.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { cn } from '~/lib/misc.ts'

const { nav } = activityCopy

export default function ActivityLayout() {
	const paths = chatbotPaths(useParams().chatbotId ?? '')
	const tabs = [
		[paths.conversations, nav.conversations],
		[paths.unanswered, nav.unanswered],
		[paths.leads, nav.leads],
		[paths.insights, nav.insights],
	] as const
	return (
		<>
			{/* Wraps rather than scrolls: at 320 px every label stays whole and in sight. */}
			<nav aria-label={nav.label}>
				<ul className="flex flex-wrap gap-x-1 gap-y-1 border-b border-slate-200 sm:gap-x-2">
					{tabs.map(([to, label]) => (
						<li key={to}>
							<NavLink
								to={to}
								className={({ isActive }) =>
									cn(
										'-mb-px inline-flex border-b-2 px-2 py-2.5 text-sm font-semibold transition-colors sm:px-3',
										isActive
											? 'border-brand-600 text-brand-700'
											: 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
									)
								}
							>
								{label}
							</NavLink>
						</li>
					))}
				</ul>
			</nav>
			<div className="mt-6">
				<Outlet />
			</div>
		</>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...chatbotBuilder.page.notFound} />
}

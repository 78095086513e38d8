// The chatbot's activity pages (Conversations, Unanswered, Leads, Insights) under one header with
// the way back to the chatbot and tabs between them: plain links, so they work without JavaScript.
import { data, NavLink, Outlet } from 'react-router'
import { NotFoundBoundary, WorkspaceHeader } from '~/components/playground/workspace-parts.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chatbotKind } from '~/features/chatbots/ui/chatbot-kind.ts'
import { cn } from '~/lib/misc.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/layout'

const { nav } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return { chatbot: { id: chatbot.id, name: chatbot.name, isActive: chatbot.isActive } }
}

export default function ActivityLayout({ loaderData }: Route.ComponentProps) {
	const { chatbot } = loaderData
	const base = `/playground/chatbots/${chatbot.id}`
	const tabs = [
		[`${base}/conversations`, nav.conversations],
		[`${base}/unanswered`, nav.unanswered],
		[`${base}/leads`, nav.leads],
		[`${base}/insights`, nav.insights],
	] as const
	return (
		<article aria-labelledby="activity-heading" className="min-w-0">
			<WorkspaceHeader
				kind={chatbotKind}
				backTo={base}
				backLabel={nav.back}
				headingId="activity-heading"
				title={chatbot.name}
				subtitle={nav.subtitle}
				active={chatbot.isActive}
			/>
			<nav aria-label={nav.label} className="-mx-1 mt-5 overflow-x-auto">
				<ul className="flex min-w-max gap-0.5 border-b border-slate-200 px-1 sm:gap-1">
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
		</article>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...chatbotBuilder.page.notFound} />
}

// /playground/chatbots/:chatbotId: a chatbot's Overview. Where its knowledge, widget and model stand
// (each a link to its section), the week's activity (each figure a link to its page) and the
// snippet to embed it. Links only; the layout around it has the header, the tabs and the preview.
import { data } from 'react-router'
import { activitySummary } from '~/features/chatbots/conversations/conversations.server.ts'
import { ActivitySummary } from '~/features/chatbots/conversations/ui/activity-summary.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { knowledgeCounts, OverviewCards } from '~/features/chatbots/ui/chatbot-overview.tsx'
import { EmbedSection } from '~/features/chatbots/ui/embed-section.tsx'
import { appearanceOf } from '~/features/chatbots/widget/widget-settings.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/overview'
import { useChatbotOutlet } from './chatbot-outlet.ts'
import { requireOwnedChatbot } from './chatbot-section.server.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	return data(
		{
			id: chatbot.id,
			name: chatbot.name,
			embedCode: chatbot.embedCode ?? '',
			activity: await activitySummary(chatbot.id),
			widget: { brandColor: appearanceOf(chatbot.appearance).brandColor },
		},
		{ headers: privateHeaders() },
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotOverviewRoute({ loaderData }: Route.ComponentProps) {
	const { id, embedCode, activity, widget } = loaderData
	// The layout has read the sources and the model already: the Overview shows what it found.
	const { active, sources, model } = useChatbotOutlet()
	const paths = chatbotPaths(id)
	return (
		<div className="space-y-6">
			<OverviewCards paths={paths} knowledge={knowledgeCounts(sources)} widget={widget} model={model} />
			<ActivitySummary pagePath={paths.overview} summary={activity} />
			<EmbedSection embedCode={embedCode} active={active} />
		</div>
	)
}

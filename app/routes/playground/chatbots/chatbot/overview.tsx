// /playground/chatbots/:chatbotId: a chatbot's Overview. Where its knowledge, widget and model stand
// (each a link to its section), the week's activity (each figure a link to its page) and the
// snippet to embed it. Links only; the layout around it has the header, the tabs and the preview.
import { data } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { activitySummary } from '~/features/chatbots/conversations/conversations.server.ts'
import { ActivitySummary } from '~/features/chatbots/conversations/ui/activity-summary.tsx'
import { listSources } from '~/features/chatbots/sources/sources.server.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { OverviewCards } from '~/features/chatbots/ui/chatbot-overview.tsx'
import { EmbedSection } from '~/features/chatbots/ui/embed-section.tsx'
import { appearanceOf } from '~/features/chatbots/widget/widget-settings.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/overview'
import { useChatbotOutlet } from './chatbot-outlet.ts'
import { requireOwnedChatbot } from './chatbot-section.server.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	const [sources, activity, model] = await Promise.all([
		listSources(user.id, chatbot.id).then((list) => list ?? []),
		activitySummary(chatbot.id),
		modelSummary(chatbot),
	])
	// The typed text counts once it has any; an empty one is no source.
	const listed = sources.filter((source) => source.kind !== 'text' || source.chars > 0)
	return data(
		{
			id: chatbot.id,
			name: chatbot.name,
			embedCode: chatbot.embedCode ?? '',
			knowledge: {
				sources: listed.length,
				ready: listed.filter((source) => source.status === 'ready').length,
				importing: listed.filter((source) => source.status === 'queued' || source.status === 'running').length,
				failed: listed.filter((source) => source.status === 'failed').length,
			},
			activity,
			widget: { brandColor: appearanceOf(chatbot.appearance).brandColor },
			model: { label: model.label },
		},
		{ headers: privateHeaders() },
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotOverviewRoute({ loaderData }: Route.ComponentProps) {
	const { id, embedCode, knowledge, activity, widget, model } = loaderData
	const { active } = useChatbotOutlet()
	const paths = chatbotPaths(id)
	return (
		<div className="space-y-6">
			<OverviewCards paths={paths} knowledge={knowledge} widget={widget} model={model} />
			<ActivitySummary pagePath={paths.overview} summary={activity} />
			<EmbedSection embedCode={embedCode} active={active} />
		</div>
	)
}

// /playground/chatbots/:chatbotId/widget: how the chat looks on the owner's site and where it may
// show (the widget's settings and picture, beside a preview of it), and the snippet to embed it.
// Its forms post here; the answers come back here.
import { data } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { EmbedSection } from '~/features/chatbots/ui/embed-section.tsx'
import { avatarSrc } from '~/features/chatbots/widget/widget-parts.tsx'
import { WidgetSettings } from '~/features/chatbots/widget/widget-settings-form.tsx'
import { appearanceOf, formValuesOf } from '~/features/chatbots/widget/widget-settings.ts'
import { refusedOriginToShow } from '~/features/chatbots/widget/widget.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/widget'
import { useChatbotOutlet } from './chatbot-outlet.ts'
import { chatbotSectionAction, requireOwnedChatbot } from './chatbot-section.server.ts'

const { page } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	const appearance = appearanceOf(chatbot.appearance)
	return data(
		{
			chatbot: { id: chatbot.id, name: chatbot.name, embedCode: chatbot.embedCode ?? '' },
			widget: formValuesOf(appearance, chatbot.allowedSites),
			widgetPicture: avatarSrc(chatbot.id, appearance),
			widgetSeenOn: refusedOriginToShow(chatbot),
		},
		{ headers: privateHeaders() },
	)
}

// The widget's picture posts here.
export const handle = { bodyLimit: builderBodyLimit }

export const action = ({ request, params }: Route.ActionArgs) => chatbotSectionAction(request, params.chatbotId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.tabs.widget}: ${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotWidgetRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, widget, widgetPicture, widgetSeenOn } = loaderData
	const { active } = useChatbotOutlet()
	const widgetData = actionData && 'widget' in actionData ? actionData.widget : undefined
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<WidgetSettings
				key={JSON.stringify(widget)}
				name={chatbot.name}
				pagePath={chatbotPaths(chatbot.id).widget}
				saved={widget}
				picture={widgetPicture}
				actionData={widgetData}
				seenOn={widgetSeenOn}
			/>
			<EmbedSection embedCode={chatbot.embedCode} active={active} />
		</div>
	)
}

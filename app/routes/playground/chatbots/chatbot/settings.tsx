// /playground/chatbots/:chatbotId/settings: which model answers the chatbot (the Model card), and
// Delete behind its confirmation (`?delete`). Both post here.
import { data } from 'react-router'
import { DeleteSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chatbotKind, chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { modelChoiceView } from '~/features/models/model-choice.server.ts'
import { ModelChoiceCard } from '~/features/models/ui/model-choice-card.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/settings'
import { chatbotSectionAction, requireOwnedChatbot } from './chatbot-section.server.ts'

const { page } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	return data(
		{
			chatbot: { id: chatbot.id, name: chatbot.name, isActive: chatbot.isActive },
			modelChoice: await modelChoiceView(chatbot),
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders() },
	)
}

export const action = ({ request, params }: Route.ActionArgs) => chatbotSectionAction(request, params.chatbotId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.tabs.settings}: ${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, modelChoice, confirmingDelete } = loaderData
	const modelErrors = actionData && 'modelErrors' in actionData ? actionData.modelErrors : undefined
	const pagePath = chatbotPaths(chatbot.id).settings
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<ModelChoiceCard key={JSON.stringify(modelChoice)} pagePath={pagePath} view={modelChoice} errors={modelErrors} />
			<DeleteSection kind={chatbotKind} item={chatbot} pagePath={pagePath} confirming={confirmingDelete} />
		</div>
	)
}

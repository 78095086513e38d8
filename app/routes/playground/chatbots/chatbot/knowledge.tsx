// /playground/chatbots/:chatbotId/knowledge: what the chatbot answers from. Its sources (add files, a
// page or a whole site; each one's status, re-sync, stop, schedule, remove) and the form with its
// typed knowledge, name and system prompt. Every control posts here; the answers come back here.
import { data } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { ChatbotForm } from '~/features/chatbots/ui/chatbot-form.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { KnowledgeSources } from '~/features/chatbots/ui/knowledge-sources.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/knowledge'
import { useChatbotOutlet } from './chatbot-outlet.ts'
import { chatbotSectionAction, requireOwnedChatbot } from './chatbot-section.server.ts'
import { chatbotVersion } from './chatbot-version.server.ts'

const { page } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	return data(
		{
			chatbot: {
				id: chatbot.id,
				name: chatbot.name,
				knowledgeBase: chatbot.knowledgeBase,
				systemPrompt: chatbot.systemPrompt,
				// The form starts afresh when a save changes the chatbot.
				version: chatbotVersion(chatbot),
			},
			// A source's Remove asks first (ADR 0048).
			confirmingRemove: new URL(request.url).searchParams.get('remove-source'),
		},
		{ headers: privateHeaders() },
	)
}

// "Add file" and a save of up to 6 MB of text post here.
export const handle = { bodyLimit: builderBodyLimit }

export const action = ({ request, params }: Route.ActionArgs) => chatbotSectionAction(request, params.chatbotId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.tabs.knowledge}: ${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotKnowledgeRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, confirmingRemove } = loaderData
	// The layout's read of the sources, re-read while one imports: the Overview counts the same rows.
	const { sources } = useChatbotOutlet()
	const paths = chatbotPaths(chatbot.id)
	const builderData = actionData && 'values' in actionData ? actionData : undefined
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<KnowledgeSources sources={sources} pagePath={paths.knowledge} confirmingRemove={confirmingRemove} />
			<div id="knowledge-text" className="scroll-mt-24">
				<ChatbotForm
					key={chatbot.version}
					mode="edit"
					title={page.formTitle}
					initial={{ ...chatbot, url: '', sites: [] }}
					actionData={builderData}
					cancelTo={paths.knowledge}
					hasOtherSources={sources.some((source) => source.kind !== 'text')}
				/>
			</div>
		</div>
	)
}

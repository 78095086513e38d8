// /playground/chatbots/:id/preview: the preview chat as a page, a section of the chatbot's page: for
// phones, where no preview stands beside the sections, and for browsers without JavaScript (with it,
// the list's Preview button opens the same chat in a dialog). The conversation rides in the form.
import { data } from 'react-router'
import { asModelMessages, CHAT_MESSAGE_REQUIRED, readChatPagePost, withQuestion } from '~/ai/chat-page.ts'
import { modelSummary } from '~/ai/models.server.ts'
import { ChatPageCard, chatPageTitleClass } from '~/components/chat/chat-page-card.tsx'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import { NotFoundBoundary } from '~/components/playground/workspace-parts.tsx'
import { chargePreviewChat } from '~/features/chatbots/chatbot-limits.server.ts'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { answerChatbotQuestion } from '~/features/chatbots/reply.server.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/preview'

const { preview, toasts } = chatbotBuilder
async function requireOwnedChatbot(request: Request, chatbotId: string) {
	const { user } = await requireUser(request)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, chatbotId)
	if (!chatbot) throw data(toasts.notFound, { status: 404 })
	return { user, chatbot }
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	return data(
		{ chatbot: { id: chatbot.id, name: chatbot.name }, model: await modelSummary(chatbot) },
		{ headers: privateHeaders() },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user, chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	const post = readChatPagePost(await readFormData(request))
	const { history } = post
	// Spec: a blank message is ignored.
	if (post.problem !== null) return { history, error: post.problem === CHAT_MESSAGE_REQUIRED ? null : post.problem }
	const { message } = post
	const limit = await chargePreviewChat(user.id)
	if (!limit.allowed) return { history, error: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	const turns = withQuestion(history, message)
	const { text, sources, answered } = await answerChatbotQuestion(chatbot, asModelMessages(turns), {
		label: `Chatbot ${chatbot.id} preview (no-JS page)`,
		abortSignal: request.signal,
	})
	if (text === null)
		return {
			history: [...turns, { role: 'assistant' as const, text: preview.errorReply }],
			error: toasts.previewFailed,
		}
	// An "I don't know" is kept without its passages: they are not its sources (ADR 0033).
	const reply = { role: 'assistant' as const, text: text || preview.emptyReply, answered }
	return { history: [...turns, answered ? { ...reply, sources } : reply], error: null }
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? preview.title(data.chatbot.name) : 'Preview'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotPreviewRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, model } = loaderData
	const history = actionData?.history ?? []
	const turns = [{ role: 'assistant' as const, text: preview.greeting(chatbot.name) }, ...history]
	return (
		<section aria-labelledby="preview-heading" className="mx-auto max-w-3xl">
			<ChatPageCard
				className="shadow-sm"
				heading={
					<h3 id="preview-heading" className={chatPageTitleClass}>
						{preview.title(chatbot.name)}
					</h3>
				}
				subtitle={preview.description}
				notice={<ModelNotice model={model} className="px-6" />}
				turns={turns}
				assistantName={chatbot.name}
				labels={{
					sourcesLabel: preview.sourcesLabel,
					closestLabel: preview.closestLabel,
					passageLabel: preview.passage,
				}}
				form={{
					history,
					inputId: 'preview-message',
					label: preview.inputLabel,
					error: actionData?.error,
					ignoreBlank: true,
				}}
			/>
		</section>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...chatbotBuilder.page.notFound} />
}

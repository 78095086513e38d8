// /chat: the chat without JavaScript. A form posts the question; the page answers with the
// conversation so far (kept in the form, capped).
import { asModelMessages, readChatPagePost, withQuestion, type ChatPageTurn } from '~/ai/chat-page.ts'
import { getModelInfo } from '~/ai/models.server.ts'
import { ChatPageCard, chatPageTitleClass } from '~/components/chat/chat-page-card.tsx'
import { company } from '~/content/company.ts'
import { chargeSiteChat } from '~/features/assistant/assistant-limits.server.ts'
import { assistant } from '~/features/assistant/copy.ts'
import { answerWidgetQuestion } from '~/features/assistant/reply.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/chat'

export async function loader() {
	return { offline: getModelInfo().kind === 'offline' }
}

export async function action({ request }: Route.ActionArgs) {
	const post = readChatPagePost(await readFormData(request))
	const { history } = post
	if (post.problem !== null) return { history, error: post.problem }
	const { message } = post
	const limit = await chargeSiteChat(clientKey(request))
	if (!limit.allowed) return { history, error: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	const turns = withQuestion(history, message)
	const answer = await answerWidgetQuestion(asModelMessages(turns), request.signal)
	return { history: [...turns, { role: 'assistant' as const, text: answer }], error: null }
}

export const meta: Route.MetaFunction = () => [
	{ title: `Chat with Riya | ${company.name}` },
	{
		name: 'description',
		content: `Ask ${company.name}'s AI assistant about our services, internship and contact details.`,
	},
	{ name: 'robots', content: 'noindex' },
]

export default function ChatRoute({ loaderData, actionData }: Route.ComponentProps) {
	const history = actionData?.history ?? []
	const turns: ChatPageTurn[] = [{ role: 'assistant', text: assistant.greeting }, ...history]
	return (
		<section className="bg-slate-50 pt-24 pb-16 sm:pt-28">
			<div className="mx-auto max-w-2xl px-4">
				<ChatPageCard
					className="shadow-xl"
					heading={<h1 className={chatPageTitleClass}>{assistant.title}</h1>}
					subtitle={loaderData.offline ? assistant.offlineNote : assistant.subtitle}
					turns={turns}
					assistantName={assistant.name}
					form={{ history, inputId: 'chat-message', label: assistant.inputLabel, error: actionData?.error }}
				/>
			</div>
		</section>
	)
}

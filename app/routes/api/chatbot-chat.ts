import { getUser } from '~/features/accounts/auth.server.ts'
import { chargePreviewChat } from '~/features/chatbots/chatbot-limits.server.ts'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { clientIdOr } from '~/features/chatbots/conversations/conversation-log.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { jsonError, postOnly, tooManyRequests } from '~/lib/http.server.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/chatbot-chat'
import { chatbotReplyResponse } from './chatbot-reply.server.ts'

// POST /api/chatbots/:chatbotId/chat: the owner's preview chat, with the passages each answer used.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const { user } = await getUser(request)
	if (!user) return jsonError('Sign in to preview your chatbots.', 401)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) return jsonError(chatbotBuilder.toasts.notFound, 404)
	const limit = await chargePreviewChat(user.id)
	if (!limit.allowed) return tooManyRequests(tooManyAttemptsMessage(limit.retryAfterSeconds), limit.retryAfterSeconds)
	return chatbotReplyResponse(request, chatbot, {
		label: `Chatbot ${chatbot.id} preview`,
		withSources: true,
		// The owner's own tries, kept apart from visitors' conversations.
		log: (body) => ({
			chatbotId: chatbot.id,
			kind: 'test',
			clientId: clientIdOr(body.conversationId),
			visitorId: user.id,
			pageUrl: null,
			country: null,
			ipHash: null,
		}),
	})
}

export async function loader() {
	return postOnly()
}

import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { jsonError, readChatRequest, tooManyRequests } from '~/ai/chat-request.server.ts'
import { streamChatbotReply } from '~/features/chatbots/reply.server.ts'
import { getActiveChatbot } from '~/features/chatbots/chatbots.server.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { consumeRateLimits, rateLimits } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/embed-chat'

// POST /api/embed/:chatbotId/chat: an embedded chatbot answering visitors of another site. Called
// from our own iframe (same origin), never from the host page. Only active chatbots answer.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return jsonError('Use POST.', 405)
	const chatbot = await getActiveChatbot(params.chatbotId)
	if (!chatbot) return jsonError(chatbotBuilder.embed.unavailableText, 404)
	const limit = await consumeRateLimits([
		[`embed:ip:${clientIp(request)}`, rateLimits.embedChatPerIp],
		[`embed:bot:${chatbot.id}`, rateLimits.embedChatPerChatbot],
	])
	if (!limit.allowed) return tooManyRequests(chatbotBuilder.embed.busyReply, limit.retryAfterSeconds)
	const body = await readChatRequest(request)
	if ('response' in body) return body.response
	return streamChatbotReply(chatbot, body.messages, {
		label: `Chatbot ${chatbot.id} embed`,
		abortSignal: request.signal,
		withSources: false,
		errorText: chatbotBuilder.preview.errorReply,
	})
}

export async function loader() {
	return jsonError('Use POST.', 405)
}

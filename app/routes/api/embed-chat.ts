import { getActiveChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { jsonError, postOnly, tooManyRequests } from '~/lib/http.server.ts'
import { consumeRateLimits, rateLimits } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/embed-chat'
import { chatbotReplyResponse } from './chatbot-reply.server.ts'

// POST /api/embed/:chatbotId/chat: an embedded chatbot answering visitors of another site. Called
// from our own iframe (same origin), never from the host page. Only active chatbots answer.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const chatbot = await getActiveChatbot(params.chatbotId)
	if (!chatbot) return jsonError(chatbotBuilder.embed.unavailableText, 404)
	const limit = await consumeRateLimits([
		[`embed:ip:${clientIp(request)}`, rateLimits.embedChatPerIp],
		[`embed:bot:${chatbot.id}`, rateLimits.embedChatPerChatbot],
	])
	if (!limit.allowed) return tooManyRequests(chatbotBuilder.embed.busyReply, limit.retryAfterSeconds)
	return chatbotReplyResponse(request, chatbot, { label: `Chatbot ${chatbot.id} embed`, withSources: false })
}

export async function loader() {
	return postOnly()
}

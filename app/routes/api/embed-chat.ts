import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { checkEmbedToken, getActiveWidget } from '~/features/chatbots/widget/widget.server.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { jsonError, postOnly, tooManyRequests } from '~/lib/http.server.ts'
import { logValue } from '~/lib/log.ts'
import { consumeRateLimits, rateLimits } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/embed-chat'
import { chatbotReplyResponse } from './chatbot-reply.server.ts'

// POST /api/embed/:chatbotId/chat: an embedded chatbot answering visitors of another site. Called
// from our own iframe (same origin; cross-site posts are refused before this), with the token the
// embed page got for the site that framed it. Only active chatbots answer.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const chatbot = await getActiveWidget(params.chatbotId)
	if (!chatbot) return jsonError(chatbotBuilder.embed.unavailableText, 404)
	const refusal = checkEmbedToken(request.headers.get(EMBED_TOKEN_HEADER), chatbot)
	if (refusal) {
		console.warn(`Embed chat of chatbot ${chatbot.id} refused: ${logValue(refusal)}`)
		return jsonError(chatbotBuilder.embed.refusedText, 403)
	}
	const limit = await consumeRateLimits([
		[`embed:ip:${clientIp(request)}`, rateLimits.embedChatPerIp],
		[`embed:bot:${chatbot.id}`, rateLimits.embedChatPerChatbot],
	])
	if (!limit.allowed) return tooManyRequests(chatbotBuilder.embed.busyReply, limit.retryAfterSeconds)
	return chatbotReplyResponse(request, chatbot, {
		label: `Chatbot ${chatbot.id} embed`,
		withSources: chatbot.appearance.showSources,
	})
}

export async function loader() {
	return postOnly()
}

// What every embed API (chat, feedback, lead) checks first: an active chatbot, a token the embed
// page got for a site the chatbot allows, and the visitor's and the chatbot's rate limits.
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { checkEmbedToken, embedTokenOrigin, getActiveWidget } from '~/features/chatbots/widget/widget.server.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { jsonError, tooManyRequests } from '~/lib/http.server.ts'
import { logValue } from '~/lib/log.ts'
import { consumeRateLimits, rateLimits } from '~/lib/rate-limit.server.ts'

type ActiveWidget = NonNullable<Awaited<ReturnType<typeof getActiveWidget>>>

/** The chatbot and the site its token was issued for, or the 4xx response that refuses the request. */
export async function embedAccess(
	request: Request,
	chatbotId: string,
	what: 'chat' | 'feedback' | 'lead',
): Promise<{ chatbot: ActiveWidget; siteOrigin: string | null } | { response: Response }> {
	const chatbot = await getActiveWidget(chatbotId)
	if (!chatbot) return { response: jsonError(chatbotBuilder.embed.unavailableText, 404) }
	const token = request.headers.get(EMBED_TOKEN_HEADER)
	const refusal = checkEmbedToken(token, chatbot)
	if (refusal) {
		console.warn(`Embed ${what} of chatbot ${chatbot.id} refused: ${logValue(refusal)}`)
		return { response: jsonError(chatbotBuilder.embed.refusedText, 403) }
	}
	// Feedback and leads count with the chat: one budget per visitor and per chatbot.
	const limit = await consumeRateLimits([
		[`embed:ip:${clientIp(request)}`, rateLimits.embedChatPerIp],
		[`embed:bot:${chatbot.id}`, rateLimits.embedChatPerChatbot],
	])
	if (!limit.allowed) return { response: tooManyRequests(chatbotBuilder.embed.busyReply, limit.retryAfterSeconds) }
	return { chatbot, siteOrigin: embedTokenOrigin(token) }
}

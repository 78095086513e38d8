// What every embed API (chat, feedback, lead) checks first: the visitor's own rate limit, an
// active chatbot, and a token the embed page got for a site the chatbot allows. The chatbot's
// shared budget is not charged here: only a chat turn that has been read and validated spends it
// (chargeEmbedChatTurn), so strangers posting empty, invalid or feedback requests from many
// addresses cannot lock the widget for everyone else (docs/decisions/0026-shared-budgets.md).
import { chargeEmbedChatbot, chargeEmbedVisitor, type EmbedRequest } from '~/features/chatbots/chatbot-limits.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { checkEmbedToken, embedTokenOrigin, getActiveWidget } from '~/features/chatbots/widget/widget.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { jsonError, tooManyRequests } from '~/lib/http.server.ts'
import { logValue, throttledWarn } from '~/lib/log.ts'

type ActiveWidget = NonNullable<Awaited<ReturnType<typeof getActiveWidget>>>

/** The chatbot and the site its token was issued for, or the 4xx response that refuses the request. */
export async function embedAccess(
	request: Request,
	chatbotId: string,
	what: EmbedRequest,
	{
		token: givenToken,
		visitorId,
		busyText = chatbotBuilder.embed.busyReply,
	}: {
		/** The token when it cannot come in the header (an EventSource sends none): the handoff stream's query. */
		token?: string | null
		/** The widget's id for the visitor, where their budget is their own (a handoff's typing and stream). */
		visitorId?: string
		/** What a refused visitor is told (429). */
		busyText?: string
	} = {},
): Promise<{ chatbot: ActiveWidget; siteOrigin: string | null } | { response: Response }> {
	// The visitor pays first, before any look-up.
	const limit = await chargeEmbedVisitor(clientKey(request), what, visitorId)
	if (!limit.allowed) return { response: tooManyRequests(busyText, limit.retryAfterSeconds) }
	const chatbot = await getActiveWidget(chatbotId)
	if (!chatbot) return { response: jsonError(chatbotBuilder.embed.unavailableText, 404) }
	const token = givenToken === undefined ? request.headers.get(EMBED_TOKEN_HEADER) : givenToken
	const refusal = checkEmbedToken(token, chatbot)
	if (refusal) {
		// Once a minute per chatbot and reason, with a count of the rest: a flood of forged tokens is one line.
		throttledWarn(
			`embed-refused:${chatbot.id}:${refusal}`,
			`Embed ${what} of chatbot ${chatbot.id} refused: ${logValue(refusal)}`,
		)
		return { response: jsonError(chatbotBuilder.embed.refusedText, 403) }
	}
	return { chatbot, siteOrigin: embedTokenOrigin(token) }
}

/**
 * Spends one of the chatbot's turns (its budget across all visitors, so one busy bot cannot starve
 * the rest): only for a chat request that has been read and validated, just before it is answered.
 * Null when the turn may go ahead, or the 429 that says to wait.
 */
export async function chargeEmbedChatTurn(chatbotId: string) {
	const limit = await chargeEmbedChatbot(chatbotId)
	return limit.allowed ? null : tooManyRequests(chatbotBuilder.embed.busyReply, limit.retryAfterSeconds)
}

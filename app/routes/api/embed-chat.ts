import {
	clientIdOr,
	countryOf,
	ipHashOf,
	pageUrlOf,
} from '~/features/chatbots/conversations/conversation-log.server.ts'
import { leadFormOffer } from '~/features/chatbots/conversations/lead-form-offer.server.ts'
import { handoffFirst } from '~/features/chatbots/handoff/handoff.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import type { Route } from './+types/embed-chat'
import { chatbotReplyResponse } from './chatbot-reply.server.ts'
import { chargeEmbedChatTurn, embedAccess } from './embed-access.server.ts'

// POST /api/embed/:chatbotId/chat: an embedded chatbot answering visitors of another site. Called
// from our own iframe (same origin; cross-site posts are refused before this), with the token the
// embed page got for the site that framed it. Only active chatbots answer. Every conversation is
// logged for the chatbot's owner (docs/decisions/0019-conversation-logs.md).
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const access = await embedAccess(request, params.chatbotId, 'chat')
	if ('response' in access) return access.response
	const { chatbot, siteOrigin } = access
	return chatbotReplyResponse(request, chatbot, {
		label: `Chatbot ${chatbot.id} embed`,
		withSources: chatbot.appearance.showSources,
		// The chatbot's shared budget pays only for a valid turn (the visitor's was charged already).
		beforeReply: () => chargeEmbedChatTurn(chatbot.id),
		// With handoff on, a request for a person waits for one, and a conversation a person has is
		// theirs (ADR 0061); otherwise, asked for a person, a chatbot with a lead form offers it
		// instead of an "I don't know".
		answerFirst: async (body, turn) =>
			(await handoffFirst(chatbot.handoff, body.messages, turn, { origin: getSiteOrigin(request) })) ??
			leadFormOffer(chatbot.appearance.leadForm, body.messages, turn),
		log: (body) => ({
			chatbotId: chatbot.id,
			kind: 'embed',
			clientId: clientIdOr(body.conversationId),
			visitorId: clientIdOr(body.visitorId),
			pageUrl: pageUrlOf(siteOrigin, body.page),
			country: countryOf(request),
			ipHash: ipHashOf(request),
		}),
	})
}

export async function loader() {
	return postOnly()
}

import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { VisitorStreamSchema } from '~/features/chatbots/handoff/handoff-schema.ts'
import {
	handoffStreamResponse,
	startVisitorStreamOpening,
	visitorConversation,
	visitorStreamHolders,
} from '~/features/chatbots/handoff/handoff.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { jsonError, tooManyRequests } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-handoff-events'
import { embedAccess } from './embed-access.server.ts'

// GET /api/embed/:chatbotId/handoff/events?token=…&visitorId=…&conversationId=…: the visitor's live
// stream of their conversation (SSE): whether a person has it and who, their messages, typing. An
// EventSource sends no headers, so the embed token comes in the query, checked as the chat API
// checks its header (the chatbot, an allowed site, unexpired); the conversation is found by the
// widget's own ids, never by a database id. docs/decisions/0061-live-handoff-over-listen-notify.md
export async function loader({ request, params }: Route.LoaderArgs) {
	const url = new URL(request.url)
	// The ids first (no look-up): the visitor's own budget and cap are counted under them.
	const ids = VisitorStreamSchema.safeParse(Object.fromEntries(url.searchParams))
	if (!ids.success) return jsonError(ids.error.issues[0].message, 400)
	const { visitorId, conversationId: clientId } = ids.data
	// A full address or process refuses before any look-up, and only a few openings look up at once.
	const opening = startVisitorStreamOpening(clientKey(request))
	if ('refusal' in opening) return opening.refusal
	try {
		return await openVisitorStream(request, params.chatbotId, url, visitorId, clientId)
	} finally {
		opening.release()
	}
}

async function openVisitorStream(request: Request, chatbotId: string, url: URL, visitorId: string, clientId: string) {
	const access = await embedAccess(request, chatbotId, 'handoff-stream', {
		token: url.searchParams.get('token') ?? '',
		visitorId,
		busyText: handoffCopy.widget.streamBusy,
	})
	if ('response' in access) return access.response
	if (!access.chatbot.handoff.enabled) return jsonError('This chat does not hand conversations to a person.', 404)
	const conversation = await visitorConversation({ chatbotId: access.chatbot.id, visitorId, clientId })
	if (!conversation) return jsonError('Not a conversation of this chat.', 404)
	const conversationId = conversation.id
	const since = new Date(url.searchParams.get('since') ?? '')
	return handoffStreamResponse(request, {
		conversationId,
		audience: 'visitor',
		holder: visitorStreamHolders(clientKey(request), visitorId, conversationId),
		busy: (retryAfterSeconds) => tooManyRequests(handoffCopy.widget.streamBusy, retryAfterSeconds),
		since: Number.isNaN(since.getTime()) ? new Date() : since,
		// A visitor waiting for (or talking to) a person takes a full process's slot from a bot conversation.
		state: conversation.state,
	})
}

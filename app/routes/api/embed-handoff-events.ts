import { handoffStreamResponse, visitorConversationId } from '~/features/chatbots/handoff/handoff.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { jsonError } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-handoff-events'
import { embedAccess } from './embed-access.server.ts'

const WIDGET_ID = /^[\w-]{8,64}$/

// GET /api/embed/:chatbotId/handoff/events?token=…&visitorId=…&conversationId=…: the visitor's live
// stream of their conversation (SSE): whether a person has it and who, their messages, typing. An
// EventSource sends no headers, so the embed token comes in the query, checked as the chat API
// checks its header (the chatbot, an allowed site, unexpired); the conversation is found by the
// widget's own ids, never by a database id. docs/decisions/0061-live-handoff-over-listen-notify.md
export async function loader({ request, params }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const access = await embedAccess(request, params.chatbotId, 'handoff', url.searchParams.get('token') ?? '')
	if ('response' in access) return access.response
	if (!access.chatbot.handoff.enabled) return jsonError('This chat does not hand conversations to a person.', 404)
	const visitorId = url.searchParams.get('visitorId') ?? ''
	const clientId = url.searchParams.get('conversationId') ?? ''
	if (!WIDGET_ID.test(visitorId) || !WIDGET_ID.test(clientId)) return jsonError('Not a conversation of this chat.', 400)
	const conversationId = await visitorConversationId({ chatbotId: access.chatbot.id, visitorId, clientId })
	if (!conversationId) return jsonError('Not a conversation of this chat.', 404)
	const since = new Date(url.searchParams.get('since') ?? '')
	return handoffStreamResponse(request, {
		conversationId,
		audience: 'visitor',
		// Counted per address, as the visitor's other budgets are.
		holder: `embed:${clientKey(request)}`,
		since: Number.isNaN(since.getTime()) ? new Date() : since,
	})
}

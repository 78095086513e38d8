import { getUser } from '~/features/accounts/auth.server.ts'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { encodeEvent, eventStreamResponse } from '~/lib/event-stream.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import type { Route } from './+types/events'

const HEARTBEAT_MS = 15_000
/** chatbot_conversations changes, NOTIFYed by the trigger in migration 20261122170000_conversation_logs. */
const conversationListener = () => tableChangeListener('chatbot_conversations_changes')

// GET /playground/chatbots/:chatbotId/conversations/events: the owner's live feed of their chatbot's
// conversations (SSE). Only the chatbot's own changes are sent; the page reloads its list on each.
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return new Response('Sign in first.', { status: 401 })
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) return new Response('Not found.', { status: 404 })
	const listener = conversationListener()
	await listener.start()
	return eventStreamResponse(
		request.signal,
		(send) => {
			const unsubscribe = listener.subscribe((event, json) => {
				if (event.type === 'change' && event.chatbotId !== chatbot.id) return
				if (event.type === 'status') return
				send(encodeEvent(event.type, json))
			})
			const heartbeat = setInterval(() => send(encodeEvent('heartbeat', String(Date.now()))), HEARTBEAT_MS)
			return () => {
				clearInterval(heartbeat)
				unsubscribe()
			}
		},
		{ holder: user.id },
	)
}

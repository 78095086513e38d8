import { getUser } from '~/features/accounts/auth.server.ts'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { liveFeedResponse } from '~/lib/live-feed.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import type { Route } from './+types/events'

/** chatbot_conversations changes, NOTIFYed by the trigger in migration 20261122170000_conversation_logs. */
const conversationListener = () => tableChangeListener('chatbot_conversations_changes')

// GET /playground/chatbots/:chatbotId/conversations/events: the owner's live feed of their chatbot's
// conversations (SSE). Only the chatbot's own changes are sent; the page reloads its list on each.
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return new Response('Sign in first.', { status: 401 })
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) return new Response('Not found.', { status: 404 })
	return liveFeedResponse(request, conversationListener(), {
		holder: user.id,
		accept: (change) => change.chatbotId === chatbot.id,
	})
}

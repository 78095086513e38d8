import { getUser } from '~/features/accounts/auth.server.ts'
import { handoffStreamResponse, ownsConversation } from '~/features/chatbots/handoff/handoff.server.ts'
import type { Route } from './+types/conversation-events'

// GET /playground/chatbots/:chatbotId/conversations/:conversationId/events: the owner's live stream of
// one conversation (SSE): its state, new messages of every author, the visitor typing. Only the
// chatbot's owner; anyone else gets 404, as for the page. docs/decisions/0061-live-handoff-over-listen-notify.md
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return new Response('Sign in first.', { status: 401 })
	if (!(await ownsConversation(user.id, params.chatbotId, params.conversationId)))
		return new Response('Not found.', { status: 404 })
	const since = new Date(new URL(request.url).searchParams.get('since') ?? '')
	return handoffStreamResponse(request, {
		conversationId: params.conversationId,
		audience: 'owner',
		holder: user.id,
		since: Number.isNaN(since.getTime()) ? new Date() : since,
	})
}

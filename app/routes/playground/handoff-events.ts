import { getUser } from '~/features/accounts/auth.server.ts'
import { waitingStreamResponse } from '~/features/chatbots/handoff/handoff.server.ts'
import type { Route } from './+types/handoff-events'

// GET /playground/handoff/events: the Playground header's live badge of visitors waiting for a person
// on the signed-in user's chatbots (SSE). docs/decisions/0061-live-handoff-over-listen-notify.md
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return new Response('Sign in first.', { status: 401 })
	return waitingStreamResponse(request, user.id)
}

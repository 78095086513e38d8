import { getUser } from '~/features/accounts/auth.server.ts'
import { getTranscript } from '~/features/dashboard/dashboard.server.ts'
import type { Route } from './+types/transcript'

const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' }

// GET /playground/dashboard/transcript/:conversationId: a conversation's whole transcript, for the
// administrator (the dashboard lists only the opening of each).
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user?.isAdmin) return new Response('Forbidden', { status: 403, headers })
	const transcript = await getTranscript(params.conversationId)
	if (transcript === null) return new Response('No such conversation.', { status: 404, headers })
	return new Response(transcript, { headers })
}

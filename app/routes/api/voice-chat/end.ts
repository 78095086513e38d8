import { endConversation, voiceApiResponse } from '~/features/voice/conversations.server.ts'
import type { Route } from './+types/end'

// POST /api/voice-chat/end (see README, "Voice API").
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Use POST.' }, { status: 405 })
	return voiceApiResponse(() => endConversation(request))
}

export async function loader() {
	return Response.json({ error: 'Use POST.' }, { status: 405 })
}

import { sendVoiceMessage, voiceApiResponse } from '~/features/voice/conversations.server.ts'
import type { Route } from './+types/message'

// POST /api/voice-chat/message (see README, "Voice API").
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Use POST.' }, { status: 405 })
	return voiceApiResponse(() => sendVoiceMessage(request))
}

export async function loader() {
	return Response.json({ error: 'Use POST.' }, { status: 405 })
}

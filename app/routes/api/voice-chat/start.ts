import { VoiceStartSchema } from '~/features/voice/conversation-schema.ts'
import { startConversation } from '~/features/voice/conversations.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/start'
import { limitVoiceCaller, parseOrThrow, readVoiceJson, voiceApiResponse } from './voice-api.server.ts'

// POST /api/voice-chat/start (see docs/api.md, "Voice API").
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiResponse(async () => {
		const input = parseOrThrow(VoiceStartSchema, await readVoiceJson(request))
		return startConversation(input, await limitVoiceCaller(request))
	})
}

export async function loader() {
	return postOnly()
}

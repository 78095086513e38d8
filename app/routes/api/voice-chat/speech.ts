import { VoiceSpeechSchema } from '~/features/voice/conversation-schema.ts'
import { speakInConversation } from '~/features/voice/speech.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/speech'
import { limitVoiceCallerWhileReading, parseOrThrow, readVoiceJson, voiceApiAudio } from './voice-api.server.ts'

// POST /api/voice-chat/speech (see docs/api.md, "Voice API"): text in the agent's voice, as audio.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiAudio(async () => {
		const { admit, body } = await limitVoiceCallerWhileReading(request, readVoiceJson(request))
		const input = parseOrThrow(VoiceSpeechSchema, body)
		return speakInConversation({ ...input, signal: request.signal }, admit)
	})
}

export async function loader() {
	return postOnly()
}

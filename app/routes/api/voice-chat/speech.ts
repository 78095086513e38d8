import { VoiceSpeechSchema } from '~/features/voice/conversation-schema.ts'
import { speakInConversation } from '~/features/voice/speech.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/speech'
import { limitVoiceCaller, parseOrThrow, readVoiceJson, voiceApiAudio } from './voice-api.server.ts'

// POST /api/voice-chat/speech (see docs/api.md, "Voice API"): text in the agent's voice, as audio.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiAudio(async () => {
		const input = parseOrThrow(VoiceSpeechSchema, await readVoiceJson(request))
		return speakInConversation({ ...input, signal: request.signal }, await limitVoiceCaller(request))
	})
}

export async function loader() {
	return postOnly()
}

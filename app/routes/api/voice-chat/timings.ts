import { VoiceTimingsSchema } from '~/features/voice/conversation-schema.ts'
import { recordTurnTimings } from '~/features/voice/conversations.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/timings'
import { limitVoiceCaller, parseOrThrow, readVoiceJson, voiceApiResponse } from './voice-api.server.ts'

// POST /api/voice-chat/timings (see docs/api.md, "Voice API"): the client's measurements of a turn.
// Charged like every voice API request (ADR 0060) and taken only while the call lasts; the first
// report of a turn stands.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiResponse(async () => {
		const input = parseOrThrow(VoiceTimingsSchema, await readVoiceJson(request))
		return recordTurnTimings(input, await limitVoiceCaller(request))
	})
}

export async function loader() {
	return postOnly()
}

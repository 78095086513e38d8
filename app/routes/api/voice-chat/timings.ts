import { VoiceTimingsSchema } from '~/features/voice/conversation-schema.ts'
import { recordTurnTimings } from '~/features/voice/conversations.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/timings'
import { parseOrThrow, readVoiceJson, voiceApiResponse } from './voice-api.server.ts'

// POST /api/voice-chat/timings (see docs/api.md, "Voice API"): the client's measurements of a turn.
// Not charged against the caller's voice calls: it writes a few numbers onto a turn that exists,
// once (the first report stands).
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiResponse(async () => recordTurnTimings(parseOrThrow(VoiceTimingsSchema, await readVoiceJson(request))))
}

export async function loader() {
	return postOnly()
}

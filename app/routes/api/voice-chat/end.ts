import { VoiceEndSchema } from '~/features/voice/conversation-schema.ts'
import { endConversation } from '~/features/voice/conversations.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/end'
import { limitVoiceCaller, parseOrThrow, readVoiceJson, voiceApiResponse } from './voice-api.server.ts'

// POST /api/voice-chat/end (see docs/api.md, "Voice API").
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiResponse(async () => {
		const input = parseOrThrow(VoiceEndSchema, await readVoiceJson(request))
		// The caller's address is charged; ending is never refused for a spent conversation (ADR 0060).
		await limitVoiceCaller(request)
		return endConversation(input)
	})
}

export async function loader() {
	return postOnly()
}

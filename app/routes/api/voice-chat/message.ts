import { retrieveKnowledge } from '~/features/chatbots/reply.server.ts'
import {
	VOICE_AUDIO_MAX_BYTES,
	VoiceIdsSchema,
	VoiceMessageIdSchema,
	VoiceTextFromSchema,
} from '~/features/voice/conversation-schema.ts'
import { sendVoiceMessage } from '~/features/voice/conversations.server.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/message'
import {
	limitVoiceCallerWhileReading,
	parseOrThrow,
	readVoiceMessageForm,
	voiceApiResponse,
} from './voice-api.server.ts'

// POST /api/voice-chat/message (see docs/api.md, "Voice API"). The agent answers from the one
// knowledge pipeline: this edge hands the voice feature the chatbots' retrieval (ADR 0054).
// Its body cap: one recording and the form's few fields (server/body-limit.ts reads it).
export const handle = {
	bodyLimit: {
		maxBytes: VOICE_AUDIO_MAX_BYTES + 64 * 1024,
		label: `${VOICE_AUDIO_MAX_BYTES / 1024 / 1024} MB of audio`,
	},
}

/** A client that asks for `application/x-ndjson` gets the turn as it happens (docs/api.md, "Streaming"). */
const wantsStream = (request: Request) => /application\/x-ndjson/i.test(request.headers.get('accept') ?? '')

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const stream = wantsStream(request)
	return voiceApiResponse(
		async (listener) => {
			const {
				admit,
				body: { form, audio },
			} = await limitVoiceCallerWhileReading(request, readVoiceMessageForm(request))
			const ids = parseOrThrow(VoiceIdsSchema, {
				agent_id: form.get('agent_id') ?? '',
				conversation_id: form.get('conversation_id') ?? '',
			})
			const messageId = parseOrThrow(VoiceMessageIdSchema, form.get('message_id') ?? undefined)
			const textFrom = parseOrThrow(VoiceTextFromSchema, form.get('heard_by') || undefined)
			return sendVoiceMessage(
				{
					...ids,
					admit,
					messageId,
					text: String(form.get('text') ?? ''),
					textFrom,
					audio,
					signal: request.signal,
					retrieve: retrieveKnowledge,
				},
				listener,
			)
		},
		{ stream },
	)
}

export async function loader() {
	return postOnly()
}

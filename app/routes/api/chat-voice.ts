import { chargeSiteVoice, chargeSiteVoiceOn } from '~/features/assistant/assistant-limits.server.ts'
import { assistant } from '~/features/assistant/copy.ts'
import { VOICE_AUDIO_MAX_BYTES } from '~/features/voice/conversation-schema.ts'
import { transcribeUtterance, VoiceError } from '~/features/voice/conversations.server.ts'
import { greetingTicket } from '~/features/voice/site-speech.server.ts'
import { speechProvider } from '~/features/voice/speech.server.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/chat-voice'
import { readVoiceMessageForm, tooManyVoiceTurns, voiceApiResponse } from './voice-chat/voice-api.server.ts'

// The site widget's voice mode (ADR 0059). GET /api/chat/voice: whether this server has speech-to-
// text, asked when a visitor turns voice on (the page itself is cached and says nothing about it);
// with it the widget listens hands-free, without it the browser's recognizer stands in. POST: one
// spoken turn (multipart `audio`, the turn engine's WAV) as { text }; the widget then asks it on
// /api/chat like a typed question. Riya speaks English, so the audio is transcribed as English.
export const handle = {
	bodyLimit: {
		maxBytes: VOICE_AUDIO_MAX_BYTES + 64 * 1024,
		label: `${VOICE_AUDIO_MAX_BYTES / 1024 / 1024} MB of audio`,
	},
}

export async function loader({ request }: Route.LoaderArgs) {
	const address = clientKey(request)
	// Rate-limited per address like the POST (429 with Retry-After): every answer mints a ticket.
	const limit = await chargeSiteVoiceOn(address)
	if (!limit.allowed)
		return Response.json(
			{ error: tooManyAttemptsMessage(limit.retryAfterSeconds) },
			{ status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Cache-Control': 'no-store' } },
		)
	const [heard, speech] = await Promise.all([transcriptionProvider(), speechProvider()])
	return Response.json(
		// `speech`: Riya speaks through the server's speech endpoint (POST /api/chat/speech), her
		// greeting under the ticket `greeting` (ADR 0074), issued to this address as any reply's is.
		{
			transcription: heard !== null,
			speech: speech !== null,
			...(speech ? { greeting: greetingTicket(assistant.greeting, address) } : {}),
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Use GET or POST.' }, { status: 405 })
	return voiceApiResponse(async () => {
		const limit = await chargeSiteVoice(clientKey(request))
		if (!limit.allowed) throw tooManyVoiceTurns(limit.retryAfterSeconds)
		const { audio } = await readVoiceMessageForm(request, 'Send multipart/form-data with the audio.')
		if (!audio || audio.byteLength === 0) throw new VoiceError('invalid-message', 'Send audio.')
		return { text: await transcribeUtterance(audio, 'en', request.signal, 'the site widget') }
	})
}

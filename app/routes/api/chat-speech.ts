import { chargeSiteSpeech } from '~/features/assistant/assistant-limits.server.ts'
import { SiteSpeechSchema, speakForSite } from '~/features/voice/site-speech.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { postOnly } from '~/lib/http.server.ts'
import type { Route } from './+types/chat-speech'
import { parseOrThrow, readVoiceJson, tooManyVoiceTurns, voiceApiAudio } from './voice-chat/voice-api.server.ts'

// POST /api/chat/speech: a sentence of the site widget's reply in Riya's voice from the server's
// speech endpoint (ADR 0059); 501 without one (the widget's browser voice speaks), 403 for text Riya
// did not say to this address under a ticket (her greeting's comes with GET /api/chat/voice) (site-speech.server.ts), 429 past the address's rate limit.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	return voiceApiAudio(async () => {
		const address = clientKey(request)
		const limit = await chargeSiteSpeech(address)
		if (!limit.allowed) throw tooManyVoiceTurns(limit.retryAfterSeconds)
		const input = parseOrThrow(SiteSpeechSchema, await readVoiceJson(request))
		return speakForSite(input, { address, signal: request.signal })
	})
}

export async function loader() {
	return postOnly()
}

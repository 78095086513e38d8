// The site widget's voice through the server's speech endpoint (ADR 0059, issue 32: "the widget's
// voice variant gets the same engine"). The site chat keeps no conversation (ADR 0007), so what Riya
// said is vouched for by the server itself: as her reply streams, each completed sentence brings a
// transient `data-speech` part with the reply so far and a ticket, an HMAC of it, the visitor's
// address and an expiry under the server's secret. POST /api/chat/speech speaks a sentence only
// with a ticket for a reply that holds it (or from Riya's fixed greeting), for the address it was
// issued to, within its time, and within the address's rate limit: no text-to-speech service for
// anyone's text on an anonymous page. The audio is the voice API's (features/voice/speech.server.ts).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { UIMessageChunk } from 'ai'
import { z } from 'zod'
import { VoiceError } from '~/features/voice/conversations.server.ts'
import { saidByAssistant } from '~/features/voice/speakable.ts'
import { speechProvider, synthesizeSpeech } from '~/features/voice/speech.server.ts'
import { getSessionSecret } from '~/lib/session-secret.server.ts'
import { SentenceSplitter } from '~/lib/voice/sentences.ts'

/** POST /api/chat/speech's body: a sentence, and the reply so far with its ticket. */
export const SiteSpeechSchema = z.object({
	text: z
		.string({ error: 'text is required.' })
		.trim()
		.min(1, 'text is required.')
		.max(600, 'text is limited to 600 characters.'),
	said: z.string().max(8000).default(''),
	ticket: z.string().max(200).default(''),
})

/** How long a reply may be spoken after it was written. */
const TICKET_TTL_MS = 10 * 60_000
/** Riya's voice among the OpenAI-shaped voices (female, as the spec's browser voice). */
const SITE_VOICE = 'nova'

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).join(' ')

function signature(said: string, address: string, expires: number) {
	return createHmac('sha256', getSessionSecret())
		.update(`site-speech\n${address}\n${expires}\n${words(said)}`)
		.digest('base64url')
}

/** A ticket for `said` (Riya's reply so far), for the visitor at `address`. */
function speechTicket(said: string, address: string, now = Date.now()) {
	const expires = now + TICKET_TTL_MS
	return `${expires}.${signature(said, address, expires)}`
}

/** Whether `ticket` was issued for `said` to `address` and has not expired. */
export function validTicket(ticket: string, said: string, address: string, now = Date.now()) {
	const [expiresText, mac] = ticket.split('.')
	const expires = Number(expiresText)
	if (!Number.isSafeInteger(expires) || expires < now || !mac) return false
	const wanted = Buffer.from(signature(said, address, expires))
	const given = Buffer.from(mac)
	return wanted.length === given.length && timingSafeEqual(wanted, given)
}

/**
 * Passes the reply's stream through and, after each delta that completes a sentence (and before the
 * end of the text), adds a transient `data-speech` part: { said, ticket }.
 */
export function withSpeechTickets(address: string) {
	const sentences = new SentenceSplitter()
	let said = ''
	const ticketPart = (): UIMessageChunk => ({
		type: 'data-speech',
		data: { said, ticket: speechTicket(said, address) },
		transient: true,
	})
	return new TransformStream<UIMessageChunk, UIMessageChunk>({
		transform(chunk, controller) {
			// The last ticket goes before the text's end: a client that sees the end has every ticket.
			if (chunk.type === 'text-end' && said.trim()) controller.enqueue(ticketPart())
			controller.enqueue(chunk)
			if (chunk.type !== 'text-delta') return
			said += chunk.delta
			if (sentences.push(chunk.delta).length > 0) controller.enqueue(ticketPart())
		},
	})
}

/**
 * POST /api/chat/speech: `text` (a sentence of Riya's, as written or as said) in her voice, when the
 * ticket vouches for `said` and `said` (or her fixed greeting) holds the text; a VoiceError otherwise.
 */
export async function speakForSite(
	{ text, said, ticket }: z.infer<typeof SiteSpeechSchema>,
	{ address, greeting, signal }: { address: string; greeting: string; signal?: AbortSignal },
) {
	const vouched = said && ticket && validTicket(ticket, said, address) ? [said] : []
	if (!saidByAssistant(text, [greeting, ...vouched], 'en'))
		throw new VoiceError('not-said', 'The text must be something the assistant said in this chat.')
	const settings = await speechProvider()
	if (!settings)
		throw new VoiceError(
			'speech-unavailable',
			'No speech endpoint is configured on this server. Use the browser’s voice.',
		)
	return synthesizeSpeech(settings, { text, voiceId: SITE_VOICE, signal })
}

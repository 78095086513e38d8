// The site widget's voice through the server's speech endpoint (ADR 0059, issue 32: "the widget's
// voice variant gets the same engine"). The site chat keeps no conversation (ADR 0007), so what Riya
// said is vouched for by the server itself: as her reply streams, each completed sentence brings a
// transient `data-speech` part with the reply so far and a ticket, an HMAC of it, the visitor's
// address and an expiry under the server's secret. POST /api/chat/speech speaks a sentence only
// with a ticket for a reply that holds it, for the address it was issued to (Riya's greeting too: its
// ticket comes with GET /api/chat/voice when the visitor turns voice on), within its time, and within the address's rate limit: no text-to-speech service for
// anyone's text on an anonymous page. Every ticket of one reply names that reply, and the reply may
// be spoken once: each of its sentences (by its words) once, and their characters counted against its
// length (the longer of written and spoken form, signed into the ticket when it is issued), so a
// ticket replayed within the rate limit cannot have the same text said again and again on the
// administrator's key (ADR 0068, 0074). What is synthesized is the reply's own span for the
// sentence's words, never the client's text. The audio is the voice API's
// (features/voice/speech.server.ts).
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { UIMessageChunk } from 'ai'
import { z } from 'zod'
import { spokenText } from '~/ai/spoken-text.ts'
import { VoiceError } from '~/features/voice/conversations.server.ts'
import { saidSpan } from '~/features/voice/speakable.ts'
import { speechProvider, synthesizeSpeech } from '~/features/voice/speech.server.ts'
import { prisma } from '~/lib/db.server.ts'
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

// The whole of `said`, not only its words (ADR 0074): what is synthesized is a span of it, so
// symbols slipped in between its words must not keep the ticket. The widget sends `said` back as the
// server sent it.
function signature(said: string, address: string, expires: number, reply: string, allowance: number) {
	return createHmac('sha256', getSessionSecret())
		.update(`site-speech\n${address}\n${expires}\n${reply}\n${allowance}\n${said}`)
		.digest('base64url')
}

/**
 * A ticket for `said` (Riya's reply so far, of reply `reply`), for the visitor at `address`. It
 * carries the reply's allowance under the HMAC: an allowance computed from the `said` a client
 * sends back could be raised by padding it.
 */
function speechTicket(said: string, address: string, reply: string, now = Date.now()) {
	const expires = now + TICKET_TTL_MS
	const allowance = replyAllowance(said)
	return `${expires}.${reply}.${allowance}.${signature(said, address, expires, reply, allowance)}`
}

/**
 * The reply `ticket` was issued for and the characters it may be spoken in, when it was issued for
 * `said` to `address` and has not expired; else null.
 */
export function validTicket(ticket: string, said: string, address: string, now = Date.now()) {
	const [expiresText, reply, allowanceText, mac, ...rest] = ticket.split('.')
	const expires = Number(expiresText)
	const allowance = Number(allowanceText)
	if (!Number.isSafeInteger(expires) || expires < now || !reply || !mac || rest.length > 0) return null
	if (!/^\d{1,9}$/.test(allowanceText)) return null
	const wanted = Buffer.from(signature(said, address, expires, reply, allowance))
	const given = Buffer.from(mac)
	return wanted.length === given.length && timingSafeEqual(wanted, given) ? { reply, allowance } : null
}

/**
 * How many characters one reply may be spoken in: the whole of it once, in the longer of its written
 * and spoken form (a span of either is what is synthesized). Before, it was the sum of its sentences
 * as the splitter trims them, without the spaces between them: the greeting (131 characters) had
 * 130, and the widget's whole-greeting request was refused (ADR 0074).
 */
const replyAllowance = (said: string) => Math.max(said.length, spokenText(said, 'en').length)

const REPLY_SPOKEN = 'This reply has already been spoken: its speech ticket allows each sentence once.'

/**
 * Takes the sentence `words` of reply `reply` (once: its row in the rate limits' unlogged counters,
 * ADR 0063, keyed by the reply and the hash of its words) and `chars` of the reply's allowance, or
 * refuses the replay. One transaction: of concurrent requests for the same words one inserts the row
 * and the others wait on its key and find it taken (ADR 0074; before, 20 concurrent requests for
 * "Riya" were all spoken). The allowance still bounds the reply's distinct pieces. The parameters are
 * sent untyped, and two compared with each other only are compared as text ('29' <= '254' is
 * false): the casts make the first sentence's check a comparison of numbers.
 */
async function takeReplySpeech(reply: string, words: string, chars: number, allowance: number) {
	const key = `chat-speech:reply:${reply}`
	const sentence = `chat-speech:said:${reply}:${createHash('sha256').update(words).digest('base64url')}`
	const taken = await prisma.$transaction(async (tx) => {
		const first = await tx.$queryRaw<Array<{ count: number }>>`
			INSERT INTO rate_limits (key, window_start, count) VALUES (${sentence}, now(), 1)
			ON CONFLICT (key) DO NOTHING RETURNING count`
		if (first.length === 0) return false
		const charged = await tx.$queryRaw<Array<{ count: number }>>`
			INSERT INTO rate_limits (key, window_start, count)
			SELECT ${key}, now(), ${chars} WHERE ${chars}::integer <= ${allowance}::integer
			ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + ${chars}
				WHERE rate_limits.count + ${chars} <= ${allowance}
			RETURNING count`
		// Over the allowance: the sentence's row goes with the rollback.
		if (charged.length === 0) throw new VoiceError('reply-spoken', REPLY_SPOKEN)
		return true
	})
	if (!taken) throw new VoiceError('reply-spoken', REPLY_SPOKEN)
	return { key, sentence }
}

/**
 * Passes the reply's stream through and, after each delta that completes a sentence (and before the
 * end of the text), adds a transient `data-speech` part: { said, ticket }.
 */
export function withSpeechTickets(address: string) {
	const sentences = new SentenceSplitter()
	// One reply, one allowance: every ticket of this stream names it.
	const reply = randomUUID()
	let said = ''
	const ticketPart = (): UIMessageChunk => ({
		type: 'data-speech',
		data: { said, ticket: speechTicket(said, address, reply) },
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
 * The ticket for Riya's greeting, issued to the visitor at `address` when they turn voice on (GET
 * /api/chat/voice): the greeting is a reply like any other, with an allowance of its own, spoken
 * once (ADR 0074). Before, it needed no ticket and only the address's 40 requests a minute bounded it.
 */
export const greetingTicket = (greeting: string, address: string) => ({
	said: greeting,
	ticket: speechTicket(greeting, address, randomUUID()),
})

/**
 * POST /api/chat/speech: `text` (a sentence of Riya's, as written or as said) in her voice, when the
 * ticket vouches for `said` and `said` holds the text; a VoiceError otherwise.
 */
export async function speakForSite(
	{ text, said, ticket }: z.infer<typeof SiteSpeechSchema>,
	{ address, signal }: { address: string; signal?: AbortSignal },
) {
	const vouched = said && ticket ? validTicket(ticket, said, address) : null
	// What is synthesized is the reply's own span for the text's words, never the client's string.
	const span = vouched ? saidSpan(text, [said], 'en') : null
	if (!vouched || !span) throw new VoiceError('not-said', 'The text must be something the assistant said in this chat.')
	const settings = await speechProvider()
	if (!settings)
		throw new VoiceError(
			'speech-unavailable',
			'No speech endpoint is configured on this server. Use the browser’s voice.',
		)
	// Every sentence, the greeting's too, is taken from its reply (once, within the allowance signed
	// into its tickets) before the provider is asked.
	const spent = await takeReplySpeech(vouched.reply, words(span), span.length, vouched.allowance)
	try {
		return await synthesizeSpeech(settings, { text: span, voiceId: SITE_VOICE, signal })
	} catch (error) {
		// The provider failed: nothing was said, and the sentence and its characters are given back. A
		// visitor who hung up after the provider was asked keeps it spent (the provider may have spoken
		// it): else cancelled requests could have one sentence synthesized again and again.
		if (error instanceof VoiceError && error.reason === 'provider-failed')
			await prisma.$transaction([
				prisma.$executeRaw`DELETE FROM rate_limits WHERE key = ${spent.sentence}`,
				prisma.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - ${span.length}, 0) WHERE key = ${spent.key}`,
			])
		throw error
	}
}

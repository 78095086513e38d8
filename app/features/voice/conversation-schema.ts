// The voice API's request bodies (start, message, end) and its limits per message.
import { z } from 'zod'
import { optionalText } from './agent-schema.ts'

/** An id field: required, and short (an id is a UUID; anything long is refused before any look-up). */
const Id = (name: string) =>
	z
		.string({ error: `${name} is required.` })
		.trim()
		.min(1, `${name} is required.`)
		.max(64, `${name} is not a valid id.`)

export const VOICE_TEXT_MAX_CHARS = 2000
/** Audio per message: about 4 minutes of Opus at 128 kbit/s, or 60 s of 16-bit 16 kHz WAV ×2. */
export const VOICE_AUDIO_MAX_BYTES = 4 * 1024 * 1024
export const VOICE_AUDIO_MAX_SECONDS = 60
/** Caller messages in one conversation: its transcript (and the dashboard) stay a bounded size. */
export const VOICE_MAX_MESSAGES = 50

export type VoiceStart = z.infer<typeof VoiceStartSchema>
export type VoiceIds = z.infer<typeof VoiceIdsSchema>
export type VoiceEnd = z.infer<typeof VoiceEndSchema>
export type VoiceSpeech = z.infer<typeof VoiceSpeechSchema>

export const VoiceStartSchema = z.object({
	agent_id: Id('agent_id'),
	customer_name: optionalText(100, 'customer_name is limited to 100 characters.').optional(),
	customer_phone: optionalText(40, 'customer_phone is limited to 40 characters.').optional(),
	customer_email: z
		.email('customer_email must be an e-mail address.')
		.max(200)
		.optional()
		.or(z.literal('').transform(() => undefined)),
})

/** An optional id the client gives each message, so a retry is recognised (see sendVoiceMessage). */
export const VoiceMessageIdSchema = z
	.string()
	.trim()
	.max(64, 'message_id is limited to 64 characters.')
	.transform((v) => v || undefined)
	.optional()

/**
 * Who heard a text message (the form's optional `heard_by`): the browser's own recognizer, or
 * nobody (typed, the default). Stored with the turn so the Calls view labels it rightly.
 */
export const VoiceTextFromSchema = z
	.enum(['browser', 'typed'], { error: 'heard_by is "browser" or "typed".' })
	.optional()

export const VoiceIdsSchema = z.object({
	agent_id: Id('agent_id'),
	conversation_id: Id('conversation_id'),
})

/** Ending a call: completed unless the caller says it failed. */
export const VoiceEndSchema = VoiceIdsSchema.extend({
	status: z.enum(['completed', 'failed']).catch('completed').default('completed'),
})

/** A figure of a turn's latency in ms: whole, and at most two minutes (anything else is not a measurement). */
const LatencyMs = z.number().int().min(0).max(120_000).nullish()

/** The client's report of a turn's latency (POST /api/voice-chat/timings). */
export const VoiceTimingsSchema = VoiceIdsSchema.extend({
	message_id: z.string({ error: 'message_id is required.' }).trim().min(1, 'message_id is required.').max(64),
	transcript_ms: LatencyMs,
	first_token_ms: LatencyMs,
	first_audio_ms: LatencyMs,
})
export type VoiceTimingsReport = z.infer<typeof VoiceTimingsSchema>

/** Text spoken at once: a sentence or a short reply (the client sends a reply sentence by sentence). */
const VOICE_SPEECH_MAX_CHARS = 600

/** Speaking text in a conversation's voice (POST /api/voice-chat/speech). */
export const VoiceSpeechSchema = VoiceIdsSchema.extend({
	text: z
		.string({ error: 'text is required.' })
		.trim()
		.min(1, 'text is required.')
		.max(VOICE_SPEECH_MAX_CHARS, `text is limited to ${VOICE_SPEECH_MAX_CHARS} characters.`),
})

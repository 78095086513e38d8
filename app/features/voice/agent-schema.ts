// The voice assistant form and the voice API bodies, validated the same way in the browser and on the server.
import { z } from 'zod'
import { languages, voices } from './catalog.ts'
import { voicebotBuilder } from './copy.ts'
import type { Toast } from '~/lib/toast.ts'

const missing = voicebotBuilder.toasts.missing.description
const voiceIds = voices.map((v) => v.id) as [string, ...string[]]
const languageCodes = languages.map((l) => l.code) as [string, ...string[]]
const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.transform((v) => v || null)

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const AgentFormSchema = z.object({
	name: z.string().trim().min(1, missing).max(100, 'Keep the name under 100 characters.'),
	voiceId: z.preprocess(
		emptyToUndefined,
		z.enum(voiceIds, 'Choose one of the voices.').default(voicebotBuilder.defaults.voiceId),
	),
	description: optionalText(300, 'Keep the description under 300 characters.'),
	instructions: z.string().trim().min(1, missing).max(4000, 'Keep the instructions under 4,000 characters.'),
	firstMessage: z
		.string()
		.trim()
		.max(500, 'Keep the first message under 500 characters.')
		.transform((v) => v || voicebotBuilder.defaults.firstMessage),
	language: z.preprocess(
		emptyToUndefined,
		z.enum(languageCodes, 'Choose one of the languages.').default(voicebotBuilder.defaults.language),
	),
})
export type AgentForm = z.infer<typeof AgentFormSchema>
export type AgentFormErrors = Partial<Record<keyof AgentForm, string>>
export type AgentFormValues = {
	name: string
	voiceId: string
	description: string
	instructions: string
	firstMessage: string
	language: string
}
export type VoicebotActionData = { values: AgentFormValues; errors: AgentFormErrors; toast: Toast }

export const VOICE_TEXT_MAX_CHARS = 2000
/** Audio per message: about 4 minutes of Opus at 128 kbit/s, or 60 s of 16-bit 16 kHz WAV ×2. */
export const VOICE_AUDIO_MAX_BYTES = 4 * 1024 * 1024
export const VOICE_AUDIO_MAX_SECONDS = 60

export type VoiceStart = z.infer<typeof VoiceStartSchema>
export type VoiceIds = z.infer<typeof VoiceIdsSchema>
export type VoiceEnd = z.infer<typeof VoiceEndSchema>

export const VoiceStartSchema = z.object({
	agent_id: z.string({ error: 'agent_id is required.' }).trim().min(1, 'agent_id is required.'),
	customer_name: optionalText(100, 'customer_name is limited to 100 characters.').optional(),
	customer_phone: optionalText(40, 'customer_phone is limited to 40 characters.').optional(),
	customer_email: z
		.email('customer_email must be an e-mail address.')
		.max(200)
		.optional()
		.or(z.literal('').transform(() => undefined)),
})

export const VoiceIdsSchema = z.object({
	agent_id: z.string({ error: 'agent_id is required.' }).trim().min(1, 'agent_id is required.'),
	conversation_id: z.string({ error: 'conversation_id is required.' }).trim().min(1, 'conversation_id is required.'),
})

/** Ending a call: completed unless the caller says it failed. */
export const VoiceEndSchema = VoiceIdsSchema.extend({
	status: z.enum(['completed', 'failed']).catch('completed').default('completed'),
})

// The voice assistant form, validated the same way in the browser and on the server.
import { z } from 'zod'
import { languages } from '~/ai/voice-languages.ts'
import type { Toast } from '~/lib/toast.ts'
import { voices } from './catalog.ts'
import { greetingFor, voicebotBuilder } from './copy.ts'

/** Each required field says what it lacks; the toast keeps the spec's sentence (formProblemToast). */
export const agentRequired = { name: 'Please provide a name', instructions: 'Please provide instructions' }
const voiceIds = voices.map((v) => v.id) as [string, ...string[]]
const languageCodes = languages.map((l) => l.code) as [string, ...string[]]
/** Optional text: trimmed, capped, and null when empty. */
export const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.transform((v) => v || null)

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const AgentFormSchema = z
	.object({
		name: z.string().trim().min(1, agentRequired.name).max(100, 'Keep the name under 100 characters.'),
		voiceId: z.preprocess(
			emptyToUndefined,
			z.enum(voiceIds, 'Choose one of the voices.').default(voicebotBuilder.defaults.voiceId),
		),
		description: optionalText(300, 'Keep the description under 300 characters.'),
		instructions: z
			.string()
			.trim()
			.min(1, agentRequired.instructions)
			.max(4000, 'Keep the instructions under 4,000 characters.'),
		firstMessage: z.string().trim().max(500, 'Keep the first message under 500 characters.'),
		language: z.preprocess(
			emptyToUndefined,
			z.enum(languageCodes, 'Choose one of the languages.').default(voicebotBuilder.defaults.language),
		),
	})
	// Left empty or as prefilled: the default greeting in the assistant's language (a Hindi assistant
	// does not greet in English because the form's default was English).
	.transform((form) => ({ ...form, firstMessage: greetingFor(form.firstMessage, form.language) }))
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

// The Models page's forms: connect a provider, change or remove a connection, test one. One schema
// per form, shared by the page (browser validation) and its action (the server's).
import { z } from 'zod'

export const PROVIDER_PURPOSES = ['chat', 'transcription', 'speech'] as const
export type ProviderPurpose = (typeof PROVIDER_PURPOSES)[number]

/** Who a stored connection talks to. Groq and OpenAI have fixed addresses; the third is any server with OpenAI's API. */
export const PROVIDER_KINDS = ['groq', 'openai', 'openai-compatible', 'elevenlabs'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

/** The fixed address of each provider that has one. */
export const PROVIDER_BASE_URLS: Partial<Record<ProviderKind, string>> = {
	groq: 'https://api.groq.com/openai/v1',
	openai: 'https://api.openai.com/v1',
	elevenlabs: 'https://api.elevenlabs.io',
}

export const PROVIDER_NAMES: Record<ProviderKind, string> = {
	groq: 'Groq',
	openai: 'OpenAI',
	'openai-compatible': 'OpenAI-compatible server',
	elevenlabs: 'ElevenLabs',
}

/**
 * Which providers serve which purpose: all but ElevenLabs write and transcribe; all speak (OpenAI's
 * /audio/speech for the voice test, ElevenLabs for its agents).
 */
export const PURPOSE_PROVIDERS: Record<ProviderPurpose, readonly ProviderKind[]> = {
	chat: ['groq', 'openai', 'openai-compatible'],
	transcription: ['groq', 'openai', 'openai-compatible'],
	speech: ['openai', 'groq', 'openai-compatible', 'elevenlabs'],
}

export const MODEL_NAME_MAX = 120
const KEY_MAX = 400

/** Control characters (a NUL above all: PostgreSQL refuses it in text) have no place in these fields. */
const CONTROL = /\p{Cc}/u

const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.refine((value) => !CONTROL.test(value), 'Remove the control characters from this field.')
		.optional()
		.transform((value) => value || undefined)

const baseUrl = z
	.string()
	.trim()
	.max(500, 'Enter an address of at most 500 characters.')
	.optional()
	.transform((value) => value || undefined)
	.refine((value) => {
		if (!value) return true
		try {
			const url = new URL(value)
			// No user:pass@ and no ?query: a key goes in its own field, sealed, never in an address that is shown.
			return (
				(url.protocol === 'http:' || url.protocol === 'https:') &&
				!url.username &&
				!url.password &&
				!url.search &&
				!url.hash &&
				!CONTROL.test(value)
			)
		} catch {
			return false
		}
	}, 'Enter the address as http:// or https:// followed by the host, like http://localhost:11434/v1 (no ?… part: the key goes in its own field).')

const connectionFields = {
	name: optionalText(60, 'Enter a name of at most 60 characters.'),
	model: optionalText(MODEL_NAME_MAX, `Enter a model name of at most ${MODEL_NAME_MAX} characters.`),
}

export const ConnectProviderSchema = z
	.object({
		intent: z.literal('connect'),
		purpose: z.enum(PROVIDER_PURPOSES, 'Choose what the provider is for.'),
		provider: z.enum(PROVIDER_KINDS, 'Choose a provider.'),
		baseUrl,
		apiKey: optionalText(KEY_MAX, `Enter a key of at most ${KEY_MAX} characters.`),
		...connectionFields,
	})
	.superRefine((value, ctx) => {
		if (!PURPOSE_PROVIDERS[value.purpose].includes(value.provider))
			ctx.addIssue({
				code: 'custom',
				path: ['provider'],
				message: `${PROVIDER_NAMES[value.provider]} cannot be used for this. Choose another provider.`,
			})
		if (value.provider === 'openai-compatible' && !value.baseUrl)
			ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Enter the server’s address.' })
		// A local server (Ollama, LM Studio) may take no key; the hosted ones always need one.
		if (value.provider !== 'openai-compatible' && !value.apiKey)
			ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'Enter the API key.' })
	})
export type ConnectProviderInput = z.infer<typeof ConnectProviderSchema>

const connectionId = z.uuid('Unknown connection.')

export const UpdateConnectionSchema = z.object({
	intent: z.literal('update'),
	connectionId,
	/** Left empty, the stored key stays. */
	apiKey: optionalText(KEY_MAX, `Enter a key of at most ${KEY_MAX} characters.`),
	...connectionFields,
})
export type UpdateConnectionInput = z.infer<typeof UpdateConnectionSchema>

export const RemoveConnectionSchema = z.object({ intent: z.literal('remove'), connectionId })

/** Test a stored connection (by id) or the environment's (by purpose). */
export const TestConnectionSchema = z.union([
	z.object({ intent: z.literal('test'), connectionId }),
	z.object({ intent: z.literal('test'), purpose: z.enum(PROVIDER_PURPOSES) }),
])

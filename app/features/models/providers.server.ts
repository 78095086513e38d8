// The model providers this server is connected to, as the administrator's Models page shows them:
// for written answers (chat), for speech-to-text and for speech. Today they come from the server's
// environment (GROQ_*, TRANSCRIBE_*, ELEVENLABS_*), read-only; a key is never shown, only its ends.
import { transcriptionSettings } from '~/features/voice/transcribe.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { ProviderPurpose } from './model-schema.ts'

/** Groq's OpenAI-compatible API, where the AI SDK's Groq provider goes without GROQ_BASE_URL. */
const GROQ_BASE_URL = 'https://api.groq.com/openai/v1'

/** How a provider is called: OpenAI's API shape (Groq, OpenAI, Ollama, vLLM…) or ElevenLabs'. */
type ProviderApi = 'openai-compatible' | 'elevenlabs'

export type ProviderConnection = {
	purpose: ProviderPurpose
	api: ProviderApi
	/** Who it is, in words: "Groq", "OpenAI-compatible server", "ElevenLabs". */
	provider: string
	baseUrl: string
	/** The model it uses (none for speech, where each voice assistant has its voice). */
	model: string | null
	/** The key's first and last characters ("gsk_…1a2b"). */
	keyHint: string
	/** Where its settings come from. */
	origin: 'environment'
}

/** A connection with its key, for the server's own calls only: never sent to a browser. */
export type ProviderTarget = ProviderConnection & { apiKey: string }

/** How a stored key is shown: its first four characters and last four ("gsk_…1a2b"), never more. */
function keyHint(key: string) {
	const trimmed = key.trim()
	if (trimmed.length <= 12) return '…'
	return `${trimmed.slice(0, 4)}…${trimmed.slice(-4)}`
}

const providerName = (baseUrl: string) => {
	const host = new URL(baseUrl).hostname
	if (host === 'api.groq.com') return 'Groq'
	if (host === 'api.openai.com') return 'OpenAI'
	return 'OpenAI-compatible server'
}

/** The connection for each purpose that the environment sets, with its key (server-side only). */
export function environmentTargets(): Partial<Record<ProviderPurpose, ProviderTarget>> {
	const env = getEnv()
	const targets: Partial<Record<ProviderPurpose, ProviderTarget>> = {}
	const openAi = (purpose: ProviderPurpose, apiKey: string, baseUrl: string, model: string): ProviderTarget => ({
		purpose,
		api: 'openai-compatible',
		provider: providerName(baseUrl),
		baseUrl,
		model,
		keyHint: keyHint(apiKey),
		origin: 'environment',
		apiKey,
	})
	if (env.GROQ_API_KEY)
		targets.chat = openAi('chat', env.GROQ_API_KEY, env.GROQ_BASE_URL ?? GROQ_BASE_URL, env.GROQ_MODEL)
	const transcription = transcriptionSettings()
	if (transcription)
		targets.transcription = openAi(
			'transcription',
			transcription.apiKey,
			transcription.baseURL ?? GROQ_BASE_URL,
			transcription.model,
		)
	if (env.ELEVENLABS_API_KEY)
		targets.speech = {
			purpose: 'speech',
			api: 'elevenlabs',
			provider: 'ElevenLabs',
			baseUrl: env.ELEVENLABS_BASE_URL,
			model: null,
			keyHint: keyHint(env.ELEVENLABS_API_KEY),
			origin: 'environment',
			apiKey: env.ELEVENLABS_API_KEY,
		}
	return targets
}

/** What the Models page may show of a connection: everything but its key. */
export function shownConnection({ apiKey: _key, ...shown }: ProviderTarget): ProviderConnection {
	return shown
}

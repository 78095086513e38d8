// The model providers this server is connected to, as the administrator's Models page shows them:
// for written answers (chat), for speech-to-text and for speech. They come from the server's
// environment (GROQ_*, TRANSCRIBE_*, SPEECH_*, ELEVENLABS_*: read-only) and from connections the administrator
// stored on the page (keys sealed with the server's secret). A key is never shown, only its ends.
import { openProviderKey, transcriptionSettings } from '~/ai/models.server.ts'
import type { ModelConnection } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { PROVIDER_BASE_URLS, PROVIDER_NAMES, type ProviderKind, type ProviderPurpose } from './model-schema.ts'

/** How a provider is called: OpenAI's API shape (Groq, OpenAI, Ollama, vLLM…) or ElevenLabs'. */
type ProviderApi = 'openai-compatible' | 'elevenlabs'

export type ProviderConnection = {
	/** The stored connection's id; null for the environment's. */
	id: string | null
	purpose: ProviderPurpose
	api: ProviderApi
	/** Who it is, in words: "Groq", "OpenAI-compatible server", "ElevenLabs". */
	provider: string
	/** What the administrator called it (the provider's name when they gave none). */
	name: string
	baseUrl: string
	/** The model it uses (none for speech, where each voice assistant has its voice). */
	model: string | null
	/** The models the provider offered at its last test (stored connections). */
	models: string[]
	/** The key's first and last characters ("gsk_…1a2b"); "no key" for a server that takes none. */
	keyHint: string
	/** Where its settings come from. */
	origin: 'environment' | 'stored'
	lastTest: { outcome: string; message: string; at: string } | null
}

/** A connection with its key, for the server's own calls only: never sent to a browser. */
export type ProviderTarget = ProviderConnection & { apiKey: string }

/** How a stored key is shown: its first four characters and last four ("gsk_…1a2b"), never more. */
export function keyHint(key: string) {
	const trimmed = key.trim()
	if (!trimmed) return 'no key'
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
	const common = { id: null, models: [] as string[], origin: 'environment' as const, lastTest: null }
	const openAi = (purpose: ProviderPurpose, apiKey: string, baseUrl: string, model: string): ProviderTarget => ({
		...common,
		purpose,
		api: 'openai-compatible',
		provider: providerName(baseUrl),
		name: providerName(baseUrl),
		baseUrl,
		model,
		keyHint: keyHint(apiKey),
		apiKey,
	})
	if (env.GROQ_API_KEY)
		targets.chat = openAi('chat', env.GROQ_API_KEY, env.GROQ_BASE_URL ?? PROVIDER_BASE_URLS.groq!, env.GROQ_MODEL)
	const transcription = transcriptionSettings()
	if (transcription)
		targets.transcription = openAi(
			'transcription',
			transcription.apiKey,
			transcription.baseURL ?? PROVIDER_BASE_URLS.groq!,
			transcription.model,
		)
	// Speech: the voice test's /audio/speech settings first; else ElevenLabs, where agents are created.
	if (env.SPEECH_API_KEY || env.SPEECH_BASE_URL) {
		const baseUrl = env.SPEECH_BASE_URL ?? PROVIDER_BASE_URLS.openai!
		const model = env.SPEECH_MODEL ?? (providerName(baseUrl) === 'Groq' ? 'canopylabs/orpheus-v1-english' : 'tts-1')
		targets.speech = openAi('speech', env.SPEECH_API_KEY ?? '', baseUrl, model)
	} else if (env.ELEVENLABS_API_KEY)
		targets.speech = {
			...common,
			purpose: 'speech',
			api: 'elevenlabs',
			provider: 'ElevenLabs',
			name: 'ElevenLabs',
			baseUrl: env.ELEVENLABS_BASE_URL,
			model: null,
			keyHint: keyHint(env.ELEVENLABS_API_KEY),
			apiKey: env.ELEVENLABS_API_KEY,
		}
	return targets
}

/** What the Models page may show of a connection: everything but its key. */
export function shownConnection({ apiKey: _key, ...shown }: ProviderTarget): ProviderConnection {
	return shown
}

/** A stored row's provider kind; anything unknown is taken as an OpenAI-compatible server. */
export const providerKind = (value: string): ProviderKind =>
	Object.hasOwn(PROVIDER_NAMES, value) ? (value as ProviderKind) : 'openai-compatible'

/** A stored connection as the page shows it (no key, sealed or not). */
export function storedConnection(row: ModelConnection): ProviderConnection {
	const kind = providerKind(row.provider)
	return {
		id: row.id,
		purpose: row.purpose as ProviderPurpose,
		api: kind === 'elevenlabs' ? 'elevenlabs' : 'openai-compatible',
		provider: PROVIDER_NAMES[kind],
		name: row.name,
		baseUrl: row.baseUrl,
		model: row.model,
		models: row.models,
		keyHint: row.keyHint,
		origin: 'stored',
		lastTest:
			row.lastTestedAt && row.lastOutcome
				? { outcome: row.lastOutcome, message: row.lastMessage ?? '', at: row.lastTestedAt.toISOString() }
				: null,
	}
}

// Sealing and opening keys is the model resolver's (app/ai/models.server.ts): one place for both.
export { openProviderKey, sealProviderKey } from '~/ai/models.server.ts'

/** A stored connection with its key, for a test; null when there is none or its key cannot be opened. */
export async function storedTarget(id: string): Promise<ProviderTarget | 'unknown' | 'sealed-elsewhere'> {
	const row = await prisma.modelConnection.findUnique({ where: { id } })
	if (!row) return 'unknown'
	const apiKey = openProviderKey(row.sealedKey)
	if (apiKey === null) return 'sealed-elsewhere'
	return { ...storedConnection(row), apiKey }
}

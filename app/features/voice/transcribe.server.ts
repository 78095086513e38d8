// Speech to text for the voice API: Whisper's OpenAI-compatible `/audio/transcriptions` (Groq, OpenAI,
// or any server that speaks it: faster-whisper-server, LocalAI, vLLM), called directly: the Groq SDK
// insisted on Groq's own extra fields and refused a plain OpenAI answer. The administrator's newest speech-to-text connection from the Models page when there is
// one, else TRANSCRIBE_BASE_URL / GROQ_BASE_URL from the environment. Without either there is none.
import { APICallError } from 'ai'
import { PASSED_OR_UNTESTED } from '~/ai/connection-in-use.ts'
import { openProviderKey, transcriptionSettings, type TranscriptionSettings } from '~/ai/models.server.ts'
import { providerFetch } from '~/ai/provider-fetch.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { audioKind } from './audio.ts'

type TranscriptionInUse = TranscriptionSettings & {
	/** The stored connection's name; null for the environment's settings. */
	connection: string | null
	/** Who it is, in words: "Groq", "OpenAI", "a speech-to-text server". */
	provider: string
}

const providerWords = (baseURL: string | undefined) => {
	if (!baseURL) return 'Groq' // the SDK's own address
	const host = new URL(baseURL).hostname
	if (host === 'api.groq.com') return 'Groq'
	if (host === 'api.openai.com') return 'OpenAI'
	return 'a speech-to-text server'
}

/** The speech-to-text provider in use: the newest stored connection that has not failed its last test (its key opened), else the environment's; and who it is. */
export async function transcriptionSource(): Promise<TranscriptionInUse | null> {
	const stored = await prisma.modelConnection.findFirst({
		where: { purpose: 'transcription', ...PASSED_OR_UNTESTED },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		select: { baseUrl: true, model: true, sealedKey: true, name: true },
	})
	if (stored) {
		const apiKey = openProviderKey(stored.sealedKey)
		// A keyless local server gets a placeholder: the provider insists on a key.
		if (apiKey !== null)
			return {
				apiKey: apiKey || 'none',
				baseURL: stored.baseUrl,
				model: stored.model ?? getEnv().TRANSCRIBE_MODEL,
				connection: stored.name,
				provider: providerWords(stored.baseUrl),
			}
		console.error(
			`Voice API: the key of the speech-to-text connection “${stored.name}” cannot be read (the server's secret changed); using the environment's settings`,
		)
	}
	const environment = transcriptionSettings()
	return environment ? { ...environment, connection: null, provider: providerWords(environment.baseURL) } : null
}

/** The speech-to-text provider in use: a stored connection (its key opened), else the environment's. */
export async function transcriptionProvider(): Promise<TranscriptionSettings | null> {
	return transcriptionSource()
}

/** Groq's address when the settings name none (the SDK's default before). */
const GROQ_OPENAI_URL = 'https://api.groq.com/openai/v1'

/** What `audio` says, by the provider `settings` describe (looked up once per turn by the caller). */
export async function transcribeAudio(
	settings: TranscriptionSettings,
	audio: Uint8Array,
	language: string,
	abortSignal?: AbortSignal,
) {
	const base = settings.baseURL ?? GROQ_OPENAI_URL
	const url = `${base}${base.endsWith('/') ? '' : '/'}audio/transcriptions`
	const kind = audioKind(audio) ?? 'webm'
	const body = new FormData()
	body.set('file', new Blob([audio as Uint8Array<ArrayBuffer>], { type: `audio/${kind}` }), `speech.${kind}`)
	body.set('model', settings.model)
	body.set('language', language)
	body.set('response_format', 'json')
	const deadline = deadlineSignal(getEnv().AI_TIMEOUT_MS, abortSignal)
	try {
		const response = await providerFetch(url, {
			method: 'POST',
			headers: { Authorization: `Bearer ${settings.apiKey}` },
			body,
			signal: deadline.signal,
		})
		const answer = await response.text()
		if (!response.ok)
			// As the AI SDK reports a provider's refusal, so the failure reads the same in words.
			throw new APICallError({
				message: `HTTP ${response.status}`,
				url,
				requestBodyValues: { model: settings.model, language },
				statusCode: response.status,
				responseBody: answer,
				isRetryable: response.status >= 500,
			})
		let text: unknown
		try {
			text = (JSON.parse(answer) as { text?: unknown }).text
		} catch {
			text = undefined
		}
		if (typeof text !== 'string') throw new Error('The speech-to-text service did not answer with a transcript')
		return text.trim()
	} finally {
		deadline.done()
	}
}

// "Test" on the Models page: one real, small request to a provider, told in words. For an
// OpenAI-compatible provider: GET /models (is it there, does it take the key, which models does it
// offer), then what the connection is for, done once, small: for chat a one-token completion of the
// chosen model; for speech-to-text a second of sound transcribed; for speech a word spoken (a
// listing alone passed servers whose /audio endpoints then failed every voice turn). For ElevenLabs:
// GET /v1/models.
// Every call has a time-out that fires, and a response is read up to MAX_BODY_BYTES.
import {
	oneLine,
	scrubbed,
	statusFailure,
	timeoutFailure,
	unreachableFailure,
	type FailureOutcome,
} from '~/ai/provider-failure.ts'
import { defaultSpeechModel, providerVoice, speechFormat, speechKindOf } from '~/ai/speech-voices.ts'
import { getEnv } from '~/lib/env.server.ts'
import { encodeWav } from '~/lib/voice/wav.ts'
import type { ProviderTarget } from './providers.server.ts'

type ConnectionOutcome = 'reached' | FailureOutcome

export type ConnectionTestResult = {
	outcome: ConnectionOutcome
	/** What happened, in words, for the page. */
	message: string
	/** The whole test's time. */
	latencyMs: number
	/** The models the provider offers (its /models list), when it gave one. */
	models: string[]
}

/** How long the whole test may take. */
const CONNECTION_TEST_TIMEOUT_MS = 10_000
/** The most of a provider's answer that is read: a /models list is a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024
/** The most model names kept from a list, each cut to MAX_MODEL_NAME characters. */
const MAX_MODELS = 200
const MAX_MODEL_NAME = 120

class TestStop extends Error {
	constructor(
		readonly outcome: ConnectionOutcome,
		message: string,
	) {
		super(message)
	}
}

/** What a passed test did, in words. */
const DONE = { chat: 'answered', transcription: 'transcribed a test sound', speech: 'spoke a test word' }

/** A second of a quiet 440 Hz tone, 16 kHz: what the speech-to-text test sends (a few kilobytes). */
function testSound() {
	const samples = new Float32Array(16_000)
	for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * Math.sin((2 * Math.PI * 440 * i) / 16_000)
	return encodeWav(samples)
}

/** What a speech-to-text answer must be: Whisper's JSON with a `text` (empty for a tone is fine). */
function isTranscript(body: string) {
	try {
		return typeof (JSON.parse(body) as { text?: unknown }).text === 'string'
	} catch {
		return false
	}
}

async function readBody(response: Response) {
	const reader = response.body?.getReader()
	if (!reader) return ''
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > MAX_BODY_BYTES) {
			await reader.cancel()
			break
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks).toString('utf8')
}

const statusProblem = (status: number, body: string, secrets: string[]) => {
	const { outcome, message } = statusFailure(status, body, { secrets })
	return new TestStop(outcome, message)
}

function joinUrl(base: string, path: string) {
	let end = base.length
	while (end > 0 && base[end - 1] === '/') end--
	return `${base.slice(0, end)}${path}`
}

/** Tests one connection; never throws. */
export async function testConnection(
	target: ProviderTarget,
	{ timeoutMs = CONNECTION_TEST_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
	const started = performance.now()
	const signal = AbortSignal.timeout(timeoutMs)
	const elapsed = () => Math.round(performance.now() - started)
	let models: string[] = []
	const call = async (path: string, init: RequestInit = {}) => {
		try {
			// A local server (Ollama) may take no key: then none is sent.
			const headers: Record<string, string> = !target.apiKey
				? {}
				: target.api === 'elevenlabs'
					? { 'xi-api-key': target.apiKey }
					: { Authorization: `Bearer ${target.apiKey}` }
			const response = await fetch(joinUrl(target.baseUrl, path), {
				...init,
				headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
				signal,
				redirect: 'error',
			})
			return {
				status: response.status,
				contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
				body: await readBody(response),
			}
		} catch (error) {
			const { outcome, message } = signal.aborted
				? timeoutFailure(target.baseUrl, timeoutMs)
				: unreachableFailure(target.baseUrl, error)
			throw new TestStop(outcome, message)
		}
	}
	try {
		const listing = await call(target.api === 'elevenlabs' ? '/v1/models' : '/models')
		if (listing.status >= 400 && !(listing.status === 404 && target.api === 'openai-compatible'))
			throw statusProblem(listing.status, listing.body, [target.apiKey])
		models = modelNames(listing.body, target.api, target.apiKey)
		if (target.model && models.length > 0 && !models.includes(target.model))
			throw new TestStop('unknown-model', `The provider does not offer the model “${target.model}”.`)
		if (target.purpose === 'chat' && target.model) {
			// The model itself answers: one token, not streamed.
			const completion = await call('/chat/completions', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					model: target.model,
					messages: [{ role: 'user', content: 'Reply with OK.' }],
					max_tokens: 1,
					stream: false,
				}),
			})
			if (completion.status >= 400) {
				const unknownModel =
					completion.status === 404 || /model_not_found|model .* does not exist/i.test(completion.body)
				if (unknownModel && completion.status !== 401 && completion.status !== 403)
					throw new TestStop('unknown-model', `The provider does not offer the model “${target.model}”.`)
				throw statusProblem(completion.status, completion.body, [target.apiKey])
			}
		}
		if (target.purpose === 'transcription' && target.api === 'openai-compatible') {
			const form = new FormData()
			form.set('file', new Blob([testSound()], { type: 'audio/wav' }), 'test.wav')
			form.set('model', target.model ?? getEnv().TRANSCRIBE_MODEL)
			form.set('response_format', 'json')
			const heard = await call('/audio/transcriptions', { method: 'POST', body: form })
			if (heard.status >= 400) throw statusProblem(heard.status, heard.body, [target.apiKey])
			if (!isTranscript(heard.body))
				throw new TestStop('failed', 'The provider answered, but not with a transcript: speech-to-text would fail.')
		}
		if (target.purpose === 'speech' && target.api === 'openai-compatible') {
			const kind = speechKindOf(target.baseUrl)
			const model = target.model ?? defaultSpeechModel(kind)
			const spoken = await call('/audio/speech', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					model,
					input: 'Hello.',
					voice: providerVoice({ kind, model }, 'alloy'),
					response_format: speechFormat(kind),
				}),
			})
			if (spoken.status >= 400) throw statusProblem(spoken.status, spoken.body, [target.apiKey])
			if (spoken.body.length === 0 || !/^audio\/|^application\/octet-stream$/.test(spoken.contentType))
				throw new TestStop('failed', 'The provider answered, but not with audio: speech would fail.')
		}
		const what = target.model
			? `: ${target.model} ${target.api === 'elevenlabs' ? 'is offered' : DONE[target.purpose]}`
			: target.api === 'openai-compatible' && target.purpose !== 'chat'
				? `: ${DONE[target.purpose]}`
				: ''
		return {
			outcome: 'reached',
			message: `Reached ${target.provider} in ${elapsed()} ms${what}.`,
			latencyMs: elapsed(),
			models,
		}
	} catch (error) {
		const stop =
			error instanceof TestStop
				? error
				: new TestStop('failed', `The test failed: ${scrubbed(String(error), [target.apiKey])}`)
		return { outcome: stop.outcome, message: stop.message, latencyMs: elapsed(), models }
	}
}

/** The model ids of a /models answer (OpenAI's {data:[{id}]}, ElevenLabs' [{model_id}]). */
function modelNames(body: string, api: ProviderTarget['api'], apiKey: string) {
	try {
		const parsed = JSON.parse(body) as unknown
		const list: unknown[] = Array.isArray(parsed)
			? parsed
			: Array.isArray((parsed as { data?: unknown }).data)
				? (parsed as { data: unknown[] }).data
				: []
		const key = api === 'elevenlabs' ? 'model_id' : 'id'
		return [
			...new Set(
				list
					.map((entry) => (entry as Record<string, unknown>)?.[key])
					.filter((id): id is string => typeof id === 'string' && id.trim() !== '')
					// A name that carries the key (a provider echoing it) or looks like a secret is dropped.
					.filter((id) => scrubbed(id, [apiKey]) === oneLine(id))
					.map((id) => oneLine(id).slice(0, MAX_MODEL_NAME)),
			),
		]
			.sort()
			.slice(0, MAX_MODELS)
	} catch {
		return []
	}
}

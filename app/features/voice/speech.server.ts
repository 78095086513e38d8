// Speech output for the voice assistants: the assistant's chosen voice, spoken by any
// OpenAI-compatible POST /audio/speech (OpenAI, Groq, a local server such as Kokoro-FastAPI or
// openedai-speech). The administrator's newest speech connection from the Models page when there is
// one, else SPEECH_* from the environment; with neither, the browser's own voice speaks (the client
// falls back on a 501). docs/decisions/0053-speech-output.md
import { createHash } from 'node:crypto'
import { PASSED_OR_UNTESTED } from '~/ai/connection-in-use.ts'
import { openProviderKey } from '~/ai/models.server.ts'
import { scrubbed, statusFailure, timeoutFailure, unreachableFailure } from '~/ai/provider-failure.ts'
import { createProviderFetch } from '~/ai/provider-fetch.server.ts'
import { defaultSpeechModel, providerVoice, speechFormat, speechKindOf, type SpeechKind } from '~/ai/speech-voices.ts'
import { ASSISTANT } from '~/ai/transcript-lines.ts'
import { prisma } from '~/lib/db.server.ts'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { startsWithBytes } from '~/lib/magic-bytes.ts'
import { isUuid } from '~/lib/misc.ts'
import type { VoiceSpeech } from './conversation-schema.ts'
import { type Admit, VoiceError, requireLiveConversation } from './conversations.server.ts'
import { saidByAssistant, sentenceWords, speechAllowance } from './speakable.ts'
import { transcriptionSource } from './transcribe.server.ts'
import type { VoiceProviders } from './ui/voice-providers.ts'

export type SpeechSettings = {
	kind: SpeechKind
	apiKey: string
	baseURL: string
	model: string
	/** The stored connection's name; null for the environment's settings. */
	connection: string | null
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1'

/** Providers whose connections may speak here: OpenAI's /audio/speech shape (not ElevenLabs'). */
const SPEECH_KINDS: readonly string[] = ['openai', 'groq', 'openai-compatible'] satisfies SpeechKind[]

/** The environment's speech settings; null when SPEECH_API_KEY and SPEECH_BASE_URL are both unset. */
function environmentSpeech(): SpeechSettings | null {
	const env = getEnv()
	if (!env.SPEECH_API_KEY && !env.SPEECH_BASE_URL) return null
	const baseURL = env.SPEECH_BASE_URL ?? OPENAI_BASE_URL
	const kind = speechKindOf(baseURL)
	return {
		kind,
		apiKey: env.SPEECH_API_KEY ?? '',
		baseURL,
		model: env.SPEECH_MODEL ?? defaultSpeechModel(kind),
		connection: null,
	}
}

/** The speech provider in use: the newest stored speech connection of OpenAI's shape that has not failed its last test (its key opened), else the environment's. */
export async function speechProvider(): Promise<SpeechSettings | null> {
	const stored = await prisma.modelConnection.findFirst({
		where: { purpose: 'speech', provider: { in: [...SPEECH_KINDS] }, ...PASSED_OR_UNTESTED },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		select: { provider: true, baseUrl: true, model: true, sealedKey: true, name: true },
	})
	if (stored) {
		const apiKey = openProviderKey(stored.sealedKey)
		if (apiKey !== null) {
			const kind = stored.provider as SpeechKind
			return {
				kind,
				apiKey,
				baseURL: stored.baseUrl,
				model: stored.model ?? defaultSpeechModel(kind),
				connection: stored.name,
			}
		}
		console.error(
			`Voice API: the key of the speech connection “${stored.name}” cannot be read (the server's secret changed); using the environment's settings`,
		)
	}
	return environmentSpeech()
}

/** Speech longer than any 600-character sentence needs (about 40 s of 24 kHz WAV is 2 MB). */
const MAX_SPEECH_BYTES = 8 * 1024 * 1024
const speechFetch = createProviderFetch(MAX_SPEECH_BYTES)

/** The audio's type from its first bytes, for a server that answers application/octet-stream. */
function sniffedAudioType(audio: Uint8Array) {
	if (startsWithBytes(audio, 0x52, 0x49, 0x46, 0x46)) return 'audio/wav'
	if (startsWithBytes(audio, 0x49, 0x44, 0x33) || (audio[0] === 0xff && (audio[1] & 0xe0) === 0xe0)) return 'audio/mpeg'
	if (startsWithBytes(audio, 0x4f, 0x67, 0x67, 0x53)) return 'audio/ogg'
	if (startsWithBytes(audio, 0x66, 0x4c, 0x61, 0x43)) return 'audio/flac'
	return null
}

const speechFailed = (message: string) => new VoiceError('provider-failed', `The speech service failed: ${message}`)

/** The text spoken by the provider in the given voice: its audio and Content-Type, or a VoiceError in words. */
export async function synthesizeSpeech(
	settings: SpeechSettings,
	{ text, voiceId, signal }: { text: string; voiceId: string; signal?: AbortSignal },
) {
	const secrets = settings.apiKey ? [settings.apiKey] : []
	const where = settings.connection ? `“${settings.connection}”` : 'the server’s speech provider'
	const timeoutMs = getEnv().AI_TIMEOUT_MS
	const deadline = deadlineSignal(timeoutMs, signal)
	const log = (what: string) => console.error(`Voice API: speech from ${where} failed: ${scrubbed(what, secrets)}`)
	try {
		const base = settings.baseURL.endsWith('/') ? settings.baseURL.slice(0, -1) : settings.baseURL
		const response = await speechFetch(`${base}/audio/speech`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
			},
			body: JSON.stringify({
				model: settings.model,
				input: text,
				voice: providerVoice(settings, voiceId),
				...(settings.kind === 'groq' ? { response_format: speechFormat(settings.kind) } : {}),
			}),
			signal: deadline.signal,
		})
		if (response.status >= 300 && response.status < 400) {
			await response.body?.cancel()
			log(`redirect (HTTP ${response.status})`)
			throw speechFailed(`the provider answered with a redirect (HTTP ${response.status}), which is not followed.`)
		}
		if (!response.ok) {
			const failure = statusFailure(response.status, (await response.text()).slice(0, 4000), {
				model: settings.model,
				secrets,
			})
			log(failure.message)
			throw speechFailed(failure.message)
		}
		const audio = new Uint8Array(await response.arrayBuffer())
		const declared = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
		const contentType = declared.startsWith('audio/') ? declared : sniffedAudioType(audio)
		if (!contentType || audio.byteLength === 0) {
			log(`no audio (Content-Type ${declared || 'none'}, ${audio.byteLength} bytes)`)
			throw speechFailed('the provider’s answer was not audio.')
		}
		return { audio, contentType }
	} catch (error) {
		if (error instanceof VoiceError) throw error
		if (deadline.timedOut()) {
			const failure = timeoutFailure(where, timeoutMs)
			log(failure.message)
			throw speechFailed(failure.message)
		}
		if (signal?.aborted) {
			// The caller hung up: an everyday event, not a failure of the provider or of this server.
			console.info(`Voice API: speech from ${where} cancelled by the caller.`)
			throw new VoiceError('cancelled', 'The request was cancelled before its speech was ready.')
		}
		if ((error as Error).name === 'ProviderAnswerTooLarge') {
			log((error as Error).message)
			throw speechFailed((error as Error).message)
		}
		const failure = unreachableFailure(where, error)
		log(`${failure.message} ${String(error)}`)
		throw speechFailed(failure.message)
	} finally {
		deadline.done()
	}
}

/** The reply being streamed in this conversation, stored sentence by sentence (ADR 0060), if any. */
async function replyDraft(conversationId: string) {
	if (!isUuid(conversationId)) return null
	const budget = await prisma.voiceCallBudget.findUnique({ where: { conversationId }, select: { replyDraft: true } })
	return budget?.replyDraft ?? null
}

/** What the assistant of this conversation said: its lines in the transcript, and the reply being streamed. */
function assistantLines(transcript: string | null, draft: string | null) {
	const lines = (transcript ?? '')
		.split('\n')
		.filter((line) => line.startsWith(ASSISTANT))
		.map((line) => line.slice(ASSISTANT.length))
	return draft ? [...lines, draft] : lines
}

/** How often one sentence (by its words) may be spoken in a conversation: again after an interruption. */
const SAYINGS_PER_SENTENCE = 2

/**
 * Takes one saying of the sentence `words` (at most twice, counted in the rate limits' unlogged
 * counters, ADR 0063, keyed by the conversation and the hash of its words) and `chars` of the
 * conversation's speech allowance, in one transaction, or says it is used up. Concurrent requests for
 * the same words wait on its key (ADR 0074: before, a short sentence could be said as many times as
 * its characters fitted into the allowance). The first charge (no row yet) is held to the allowance
 * too; the parameters are sent untyped, so the casts make that check a comparison of numbers, not of
 * text ('29' <= '254' is false).
 */
async function takeSpeech(conversationId: string, words: string, chars: number, allowance: number) {
	const sentence = `voice-speech:said:${conversationId}:${createHash('sha256').update(words).digest('base64url')}`
	await prisma.$transaction(async (tx) => {
		const said = await tx.$queryRaw<Array<{ count: number }>>`
			INSERT INTO rate_limits (key, window_start, count) VALUES (${sentence}, now(), 1)
			ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1
				WHERE rate_limits.count < ${SAYINGS_PER_SENTENCE}::integer
			RETURNING count`
		if (said.length === 0) throw new VoiceError('speech-used-up', SPEECH_USED_UP)
		const taken = await tx.$queryRaw<Array<{ speech_chars: number }>>`
			INSERT INTO voice_call_budgets (conversation_id, speech_chars)
			SELECT ${conversationId}::uuid, ${chars} WHERE ${chars}::integer <= ${allowance}::integer
			ON CONFLICT (conversation_id) DO UPDATE SET speech_chars = voice_call_budgets.speech_chars + ${chars}
				WHERE voice_call_budgets.speech_chars + ${chars} <= ${allowance}
			RETURNING speech_chars`
		if (taken.length === 0) throw new VoiceError('speech-used-up', SPEECH_USED_UP)
	})
	return sentence
}

const NOT_SAID = 'The text must be something the assistant said in this conversation (its greeting or a reply).'
const SPEECH_USED_UP =
	'This conversation has spoken all the speech its replies allow (each about twice). Start a new conversation.'

/**
 * POST /api/voice-chat/speech: what the assistant said in a live conversation, in its agent's voice
 * (ADR 0060). The text is checked against the conversation before any budget is charged, and its
 * characters are taken from the conversation's allowance before the provider is asked.
 */
export async function speakInConversation(input: VoiceSpeech & { signal?: AbortSignal }, admit?: Admit) {
	// Read at once, so the first sentence's audio waits for one database round trip here, not four.
	const [{ agent, call }, draft, settings] = await Promise.all([
		requireLiveConversation(input.agent_id, input.conversation_id),
		replyDraft(input.conversation_id),
		speechProvider(),
	])
	const lines = assistantLines(call.transcript, draft)
	if (!saidByAssistant(input.text, lines, agent.language)) throw new VoiceError('not-said', NOT_SAID)
	await admit?.({ agentId: agent.id, conversationId: call.id })
	if (!settings)
		throw new VoiceError(
			'speech-unavailable',
			'No speech endpoint is configured on this server (the administrator connects one on the Models page, or sets SPEECH_API_KEY / SPEECH_BASE_URL). Use the browser’s voice.',
		)
	const chars = input.text.length
	const sentence = await takeSpeech(call.id, sentenceWords(input.text), chars, speechAllowance(lines, agent.language))
	try {
		return await synthesizeSpeech(settings, { text: input.text, voiceId: agent.voiceId, signal: input.signal })
	} catch (error) {
		// The provider failed: nothing was said, and the allowance is given back. A caller who hung up
		// after the provider was asked keeps it spent (the provider may have spoken it): else cancelled
		// requests could have one sentence synthesized again and again.
		if (error instanceof VoiceError && error.reason === 'provider-failed')
			await prisma.$transaction([
				prisma.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${sentence}`,
				prisma.$executeRaw`
					UPDATE voice_call_budgets SET speech_chars = GREATEST(speech_chars - ${chars}, 0)
					WHERE conversation_id = ${call.id}::uuid`,
			])
		throw error
	}
}

/**
 * The speech model as the owner reads it after "Speech: ": a named provider comes first ("OpenAI
 * tts-1"); an unnamed server after its model ("tts-1 on a speech server"), never as a capitalised
 * "A speech server tts-1" mid-line (first-time user's trial).
 */
const PROVIDER_WORDS: Record<SpeechKind, (model: string) => string> = {
	openai: (model) => `OpenAI ${model}`,
	groq: (model) => `Groq ${model}`,
	'openai-compatible': (model) => `${model} on a speech server`,
}

/** The speech-to-text and speech output in use, resolved once (a page with several assistants labels each). */
export async function voiceProvidersInUse() {
	const [heard, speech] = await Promise.all([transcriptionSource(), speechProvider()])
	return { heard, speech }
}

/**
 * Which speech-to-text and which speech output of this server a voice assistant's test uses, in words
 * for its owner (never an address or a key): "whisper-large-v3-turbo via Groq (connection “Team
 * Groq”)", "OpenAI tts-1, voice alloy (the server’s settings)"; null where the server has none, and
 * the browser decides what stands in (voice-providers.ts: only what the browser really has is named).
 */
export function describeVoiceProviders(
	{ heard, speech }: Awaited<ReturnType<typeof voiceProvidersInUse>>,
	voiceId: string,
): VoiceProviders {
	const origin = (connection: string | null) => (connection ? `connection “${connection}”` : 'the server’s settings')
	return {
		speechToText: heard ? `${heard.model} via ${heard.provider} (${origin(heard.connection)})` : null,
		speech: speech
			? `${PROVIDER_WORDS[speech.kind](speech.model)}, voice ${providerVoice(speech, voiceId)} (${origin(speech.connection)})`
			: null,
		serverSpeech: speech !== null,
	}
}

/** The labels for one assistant's voice. */
export const voiceProviders = async (voiceId: string) => describeVoiceProviders(await voiceProvidersInUse(), voiceId)

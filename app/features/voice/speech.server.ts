import { openProviderKey } from '~/ai/models.server.ts'
// Speech output for the voice assistants: the assistant's chosen voice, spoken by any
// OpenAI-compatible POST /audio/speech (OpenAI, Groq, a local server such as Kokoro-FastAPI or
// openedai-speech). The administrator's newest speech connection from the Models page when there is
// one, else SPEECH_* from the environment; with neither, the browser's own voice speaks (the client
// falls back on a 501). docs/decisions/0053-speech-output.md
import { scrubbed, statusFailure, timeoutFailure, unreachableFailure } from '~/ai/provider-failure.ts'
import { createProviderFetch } from '~/ai/provider-fetch.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { startsWithBytes } from '~/lib/magic-bytes.ts'
import type { VoiceId } from './catalog.ts'
import type { VoiceSpeech } from './conversation-schema.ts'
import { VoiceError, requireLiveConversation } from './conversations.server.ts'
import { transcriptionSource } from './transcribe.server.ts'
import type { VoiceProviders } from './ui/voice-providers-notice.tsx'

export type SpeechKind = 'openai' | 'groq' | 'openai-compatible'

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

const kindOf = (baseURL: string): SpeechKind => {
	const host = new URL(baseURL).hostname
	if (host === 'api.groq.com') return 'groq'
	if (host === 'api.openai.com') return 'openai'
	return 'openai-compatible'
}

/** The model a provider speaks with when none was chosen. */
const defaultModel = (kind: SpeechKind) => (kind === 'groq' ? 'canopylabs/orpheus-v1-english' : 'tts-1')

/**
 * The agent's voice (one of OpenAI's six) as the provider names its voices. OpenAI and local
 * OpenAI-compatible servers take OpenAI's names; Groq's models have their own, matched by character
 * (the builder's labels) and by the register of OpenAI's voice. Written down in docs/decisions/0053.
 */
const GROQ_ORPHEUS_VOICES: Record<VoiceId, string> = {
	alloy: 'hannah', // Professional
	echo: 'austin', // Friendly
	fable: 'daniel', // Expressive
	onyx: 'troy', // Deep
	nova: 'autumn', // Warm
	shimmer: 'diana', // Bright
}
const GROQ_PLAYAI_VOICES: Record<VoiceId, string> = {
	alloy: 'Arista-PlayAI',
	echo: 'Fritz-PlayAI',
	fable: 'Basil-PlayAI',
	onyx: 'Thunder-PlayAI',
	nova: 'Celeste-PlayAI',
	shimmer: 'Deedee-PlayAI',
}

export function providerVoice(settings: Pick<SpeechSettings, 'kind' | 'model'>, voiceId: string) {
	if (settings.kind !== 'groq') return voiceId
	const voices = settings.model.startsWith('playai') ? GROQ_PLAYAI_VOICES : GROQ_ORPHEUS_VOICES
	return Object.hasOwn(voices, voiceId) ? voices[voiceId as VoiceId] : voices.alloy
}

/** The environment's speech settings; null when SPEECH_API_KEY and SPEECH_BASE_URL are both unset. */
function environmentSpeech(): SpeechSettings | null {
	const env = getEnv()
	if (!env.SPEECH_API_KEY && !env.SPEECH_BASE_URL) return null
	const baseURL = env.SPEECH_BASE_URL ?? OPENAI_BASE_URL
	const kind = kindOf(baseURL)
	return {
		kind,
		apiKey: env.SPEECH_API_KEY ?? '',
		baseURL,
		model: env.SPEECH_MODEL ?? defaultModel(kind),
		connection: null,
	}
}

/** The speech provider in use: the newest stored speech connection of OpenAI's shape (its key opened), else the environment's. */
export async function speechProvider(): Promise<SpeechSettings | null> {
	const stored = await prisma.modelConnection.findFirst({
		where: { purpose: 'speech', provider: { in: [...SPEECH_KINDS] } },
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
				model: stored.model ?? defaultModel(kind),
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
				// Groq speaks WAV; the others' default (MP3) is smaller.
				...(settings.kind === 'groq' ? { response_format: 'wav' } : {}),
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
		if (signal?.aborted) throw error
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

/** POST /api/voice-chat/speech: a live conversation's text in its agent's voice. */
export async function speakInConversation(input: VoiceSpeech & { signal?: AbortSignal }) {
	const { agent } = await requireLiveConversation(input.agent_id, input.conversation_id)
	const settings = await speechProvider()
	if (!settings)
		throw new VoiceError(
			'speech-unavailable',
			'No speech endpoint is configured on this server (the administrator connects one on the Models page, or sets SPEECH_API_KEY / SPEECH_BASE_URL). Use the browser’s voice.',
		)
	return synthesizeSpeech(settings, { text: input.text, voiceId: agent.voiceId, signal: input.signal })
}

const PROVIDER_WORDS: Record<SpeechKind, string> = {
	openai: 'OpenAI',
	groq: 'Groq',
	'openai-compatible': 'A speech server',
}

/** The speech-to-text and speech output in use, resolved once (a page with several assistants labels each). */
export async function voiceProvidersInUse() {
	const [heard, speech] = await Promise.all([transcriptionSource(), speechProvider()])
	return { heard, speech }
}

/**
 * Which speech-to-text and which speech output a voice assistant's test uses, in words for its owner
 * (never an address or a key): "whisper-large-v3-turbo via Groq (connection “Team Groq”)", "OpenAI
 * tts-1, voice alloy (the server’s settings)", or the browser's own where the server has none.
 */
export function describeVoiceProviders(
	{ heard, speech }: Awaited<ReturnType<typeof voiceProvidersInUse>>,
	voiceId: string,
): VoiceProviders {
	const origin = (connection: string | null) => (connection ? `connection “${connection}”` : 'the server’s settings')
	return {
		speechToText: heard
			? `${heard.model} via ${heard.provider} (${origin(heard.connection)})`
			: 'Your browser’s speech recognition (typing always works)',
		speech: speech
			? `${PROVIDER_WORDS[speech.kind]} ${speech.model}, voice ${providerVoice(speech, voiceId)} (${origin(speech.connection)})`
			: 'Your browser’s voice',
		serverSpeech: speech !== null,
	}
}

/** The labels for one assistant's voice. */
export const voiceProviders = async (voiceId: string) => describeVoiceProviders(await voiceProvidersInUse(), voiceId)

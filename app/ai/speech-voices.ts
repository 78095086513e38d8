// How an OpenAI-compatible /audio/speech provider is asked to speak: its model when none was chosen,
// and an assistant's voice (one of OpenAI's six) in the provider's own names. Shared by the voice
// API (app/features/voice/speech.server.ts) and the Models page's connection test. ADR 0053.

/** Who speaks: OpenAI, Groq, or any server of OpenAI's shape (Kokoro-FastAPI, openedai-speech). */
export type SpeechKind = 'openai' | 'groq' | 'openai-compatible'

/** OpenAI's voices, the ones the voice builder offers. */
type OpenAiVoice = 'alloy' | 'echo' | 'fable' | 'onyx' | 'nova' | 'shimmer'

/** Which kind of provider an address is. */
export function speechKindOf(baseURL: string): SpeechKind {
	const host = new URL(baseURL).hostname
	if (host === 'api.groq.com') return 'groq'
	if (host === 'api.openai.com') return 'openai'
	return 'openai-compatible'
}

/** The model a provider speaks with when none was chosen. */
export const defaultSpeechModel = (kind: SpeechKind) => (kind === 'groq' ? 'canopylabs/orpheus-v1-english' : 'tts-1')

/**
 * The agent's voice (one of OpenAI's six) as the provider names its voices. OpenAI and local
 * OpenAI-compatible servers take OpenAI's names; Groq's models have their own, matched by character
 * (the builder's labels) and by the register of OpenAI's voice. Written down in docs/decisions/0053.
 */
const GROQ_ORPHEUS_VOICES: Record<OpenAiVoice, string> = {
	alloy: 'hannah', // Professional
	echo: 'austin', // Friendly
	fable: 'daniel', // Expressive
	onyx: 'troy', // Deep
	nova: 'autumn', // Warm
	shimmer: 'diana', // Bright
}
const GROQ_PLAYAI_VOICES: Record<OpenAiVoice, string> = {
	alloy: 'Arista-PlayAI',
	echo: 'Fritz-PlayAI',
	fable: 'Basil-PlayAI',
	onyx: 'Thunder-PlayAI',
	nova: 'Celeste-PlayAI',
	shimmer: 'Deedee-PlayAI',
}

export function providerVoice(settings: { kind: SpeechKind; model: string }, voiceId: string) {
	if (settings.kind !== 'groq') return voiceId
	const voices = settings.model.startsWith('playai') ? GROQ_PLAYAI_VOICES : GROQ_ORPHEUS_VOICES
	return Object.hasOwn(voices, voiceId) ? voices[voiceId as OpenAiVoice] : voices.alloy
}

/** The audio format asked for: Groq speaks WAV; the others' default (MP3) is smaller. */
export const speechFormat = (kind: SpeechKind) => (kind === 'groq' ? 'wav' : 'mp3')

// Speech to text for the voice API: Whisper through the AI SDK (Groq, or any OpenAI-compatible
// server at TRANSCRIBE_BASE_URL / GROQ_BASE_URL). Without a key there is no transcription.
import { createGroq } from '@ai-sdk/groq'
import { experimental_transcribe as transcribe } from 'ai'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'

export function transcriptionSettings() {
	const env = getEnv()
	const apiKey = env.TRANSCRIBE_API_KEY ?? env.GROQ_API_KEY
	if (!apiKey) return null
	return { apiKey, baseURL: env.TRANSCRIBE_BASE_URL ?? env.GROQ_BASE_URL, model: env.TRANSCRIBE_MODEL }
}

export async function transcribeAudio(audio: Uint8Array, language: string, abortSignal?: AbortSignal) {
	const settings = transcriptionSettings()
	if (!settings) throw new Error('No speech-to-text provider is configured')
	const model = createGroq({ apiKey: settings.apiKey, baseURL: settings.baseURL }).transcription(settings.model)
	const deadline = deadlineSignal(getEnv().AI_TIMEOUT_MS, abortSignal)
	try {
		const { text } = await transcribe({
			model,
			audio,
			providerOptions: { groq: { language } },
			maxRetries: 1,
			abortSignal: deadline.signal,
		})
		return text.trim()
	} finally {
		deadline.done()
	}
}

// The Models page's words: one place, so the page, its tests and the docs say the same.
import type { ProviderPurpose } from './model-schema.ts'

export const modelsPage = {
	title: 'Models',
	description:
		'The providers this server uses for written answers, speech-to-text and speech. Test one to see that it answers.',
	environmentNote: "From the server's environment (read-only): change it there and restart.",
	purposes: {
		chat: {
			title: 'Written answers',
			blurb: 'Answers in the chatbots, the preview, the embed and the voice assistants.',
			notConnected:
				'Not connected: the built-in offline model answers by quoting your sources. Set GROQ_API_KEY (and GROQ_BASE_URL for OpenAI, Ollama, vLLM or LM Studio) to connect one.',
		},
		transcription: {
			title: 'Speech-to-text',
			blurb: 'What callers say to a voice assistant, written down.',
			notConnected:
				"Not connected: the voice test uses the browser's own speech recognition. Set TRANSCRIBE_API_KEY (or GROQ_API_KEY) to connect one.",
		},
		speech: {
			title: 'Speech',
			blurb: 'Voice assistants created at ElevenLabs as well.',
			notConnected: 'Not connected: voice assistants work on their own. Set ELEVENLABS_API_KEY to connect ElevenLabs.',
		},
	} satisfies Record<ProviderPurpose, { title: string; blurb: string; notConnected: string }>,
	test: 'Test',
	testing: 'Testing…',
	notConfigured: 'There is nothing to test: this provider is not connected.',
	tooManyTests: 'Too many tests: try again in a minute.',
	adminOnly: 'The Models page is only for the administrator of this site.',
	failedTitle: 'Models could not be shown',
	failedText: 'Something went wrong while loading the Models page. Reload the page in a moment.',
	offered: (count: number) => `${count} model${count === 1 ? '' : 's'} offered`,
} as const

/** The Model section of a chatbot's and a voice assistant's page. */
export const modelChoiceCopy = {
	title: 'Model',
	description: 'Which model answers, and how freely it writes. The administrator connects models on the Models page.',
	model: 'Model',
	serverDefault: (label: string) => `Server default (${label})`,
	offline: 'Offline model (quotes your sources)',
	connected: (connection: string, model: string) => `${connection} · ${model}`,
	temperature: 'Temperature',
	temperatureHint: '0 answers the same way each time; higher values vary the wording. Offline model: not used.',
	fallback: 'When the model fails, let the offline model answer instead of the apology',
	save: 'Save model',
	saving: 'Saving…',
	saved: 'Model saved',
	savedDescription: (label: string) => `Answers now come from ${label}.`,
	saveFailed: 'Model not saved',
	unknownModel: 'That model is no longer connected. Choose another one.',
	failure: 'The model failed',
	failureAt: (when: string) => `Last failure ${when}`,
	failureFallback: 'The offline model answered instead.',
	failureApology: 'Visitors were given the apology.',
	answeringNow: (label: string) => `Answering now: ${label}`,
} as const

// The Models page's words: one place, so the page, its tests and the docs say the same.
import { browserVoiceWording } from '~/lib/voice/browser-voice-wording.ts'
import type { ProviderPurpose } from './model-schema.ts'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "2 chatbots and 1 voice assistant", "no chatbot or voice assistant". */
function usersInWords({ chatbots, agents }: { chatbots: number; agents: number }) {
	if (chatbots === 0 && agents === 0) return 'no chatbot or voice assistant'
	const parts = [
		chatbots > 0 ? plural(chatbots, 'chatbot', 'chatbots') : null,
		agents > 0 ? plural(agents, 'voice assistant', 'voice assistants') : null,
	].filter(Boolean)
	return parts.join(' and ')
}

export const modelsPage = {
	title: 'Models',
	description:
		'The providers this server uses for written answers, speech-to-text and speech: the ones set in its environment, and the ones you connect here. Test one to see that it answers.',
	environmentNote: "From the server's environment (read-only): change it there and restart.",
	environmentBadge: "From the server's environment",
	storedBadge: 'Connected here',
	inUse: 'In use',
	notInUse: 'Not in use: a connection stored here comes first.',
	connectionsOf: (purpose: string) => `Connections for ${purpose.toLowerCase()}`,
	purposes: {
		chat: {
			title: 'Written answers',
			blurb: 'Answers in the chatbots, the preview, the embed and the voice assistants.',
			usage:
				'The environment’s provider is the server’s default; each chatbot and voice assistant can choose a model connected here in its Model section.',
			notConnected:
				'Nothing set in the environment: the server’s default is the built-in offline model, which answers by quoting your sources. Connect a provider below, or set GROQ_API_KEY (and GROQ_BASE_URL for OpenAI, Ollama, vLLM or LM Studio).',
		},
		transcription: {
			title: 'Speech-to-text',
			blurb: 'What callers say to a voice assistant, written down.',
			usage: 'The newest connection here writes down what callers say; without one, the environment’s does.',
			notConnected:
				"Nothing set in the environment: without a connection here, the voice test uses the browser's own speech recognition. Connect a provider below, or set TRANSCRIBE_API_KEY (or GROQ_API_KEY).",
		},
		speech: {
			title: 'Speech',
			blurb: 'The voice assistants’ replies, spoken in each assistant’s voice.',
			usage: `The newest OpenAI, Groq or OpenAI-compatible connection here speaks the replies (its /audio/speech, with each assistant’s voice); without one, the environment’s SPEECH_* settings, else ${browserVoiceWording.fallback}. ElevenLabs (ELEVENLABS_API_KEY) is where voice assistants are also created.`,
			notConnected: `Nothing set in the environment: without a connection here, ${browserVoiceWording.fallback}. Connect a provider below, or set SPEECH_API_KEY (and SPEECH_BASE_URL for Groq or a local server).`,
		},
	} satisfies Record<ProviderPurpose, { title: string; blurb: string; usage: string; notConnected: string }>,
	test: 'Test',
	testing: 'Testing…',
	notConfigured: 'There is nothing to test: this provider is not connected.',
	tooManyTests: 'Too many tests: try again in a minute.',
	adminOnly: 'The Models page is only for the administrator of this site.',
	failedTitle: 'Models could not be shown',
	failedText: 'Something went wrong while loading the Models page. Reload the page in a moment.',
	offered: (count: number) => `${count} model${count === 1 ? '' : 's'} offered`,
	/** A stored connection's card. */
	card: {
		provider: 'Provider',
		address: 'Address',
		model: 'Model',
		noModel: 'None chosen: chatbots choose from the offered models',
		/** Speech-to-text and speech: no chatbot chooses; the voice API asks for the default. */
		defaultModel: (model: string) => `${model} (the default: none chosen)`,
		key: 'Key',
		lastTest: 'Last test',
		notTested: 'Not tested yet.',
		testedAt: (ago: string) => `Tested ${ago}`,
		usedBy: (users: { chatbots: number; agents: number }) => {
			const words = usersInWords(users)
			return words === 'no chatbot or voice assistant'
				? 'Used by no chatbot or voice assistant yet.'
				: `Used by ${words}.`
		},
		/**
		 * Speech-to-text and speech serve every voice assistant at once (its test, its API): the one in
		 * use serves them all, the others none.
		 */
		usedForVoice: (inUse: boolean, agents: number) =>
			!inUse
				? 'Used by no voice assistant: another connection is in use.'
				: agents === 0
					? 'Used by every voice assistant: there is none yet.'
					: `Used by every voice assistant (${plural(agents, 'voice assistant', 'voice assistants')}): their tests and voice API calls.`,
		keyUnreadable:
			'This key was stored under another server secret (SESSION_SECRET has changed since), so it cannot be read. Enter the key again under Change.',
		change: 'Change',
		remove: 'Remove',
		waitsForPassingTest: 'Not in use: its last test failed. The voice test uses it again once a test passes.',
	},
	connect: {
		title: 'Connect a provider',
		titleFor: (purpose: string) => `Connect a provider for ${purpose.toLowerCase()}`,
		provider: 'Provider',
		baseUrl: 'Server address (base URL)',
		baseUrlHint:
			'Only for an OpenAI-compatible server, with the path up to /v1. Ollama: http://localhost:11434/v1 · vLLM: http://localhost:8000/v1 · LM Studio: http://localhost:1234/v1',
		name: 'Name (optional)',
		nameHint: 'How chatbots and voice assistants will list it. Left empty: the provider’s name.',
		apiKey: 'API key',
		apiKeyHint: 'Sealed on the server and never shown again, only its first and last characters.',
		apiKeyOptionalHint:
			'Optional for an OpenAI-compatible server that takes none (Ollama, LM Studio). Sealed on the server and never shown again.',
		model: 'Model (optional)',
		modelHint: 'The test lists the models the provider offers; you can choose one afterwards under Change.',
		submit: 'Connect and test',
		submitting: 'Connecting…',
		failed: 'Provider not connected',
		tooMany: (max: number) => `At most ${max} connections: remove one first.`,
		connected: 'Provider connected',
		connectedButFailed: 'Connected, but the test failed',
		/** Speech-to-text and speech connections that fail are kept but not used (app/ai/connection-in-use.ts). */
		notUsedUntilPassed: (message: string) => `${message} It is not used until a test passes.`,
		notTestedYet: (message: string) => `${message} Test it to list its models.`,
	},
	change: {
		name: 'Name',
		apiKey: 'New API key',
		apiKeyHint: 'Left empty, the stored key stays.',
		model: 'Model',
		noModel: 'None: chatbots choose from the offered models',
		defaultModel: (model: string) => `None: the default, ${model}`,
		modelHint: 'Test the connection to list the models its provider offers.',
		submit: 'Save changes',
		submitting: 'Saving…',
		saved: 'Connection saved',
		savedNewKey: 'Test it to check the new key.',
		failed: 'Connection not saved',
	},
	remove: {
		question: (name: string, users: { chatbots: number; agents: number }) => {
			const words = usersInWords(users)
			return words === 'no chatbot or voice assistant'
				? `Remove “${name}”? No chatbot or voice assistant uses it. This cannot be undone.`
				: `Remove “${name}”? ${words[0].toUpperCase()}${words.slice(1)} ${users.chatbots + users.agents === 1 ? 'uses' : 'use'} it and will go back to the server’s default. This cannot be undone.`
		},
		confirm: 'Remove',
		removed: 'Connection removed',
		removedDescription: (name: string, users: { chatbots: number; agents: number }) => {
			const words = usersInWords(users)
			return words === 'no chatbot or voice assistant'
				? `“${name}” is removed.`
				: `“${name}” is removed; ${words} went back to the server’s default.`
		},
	},
	testPassed: 'Test passed',
	testFailed: 'Test failed',
	unknownConnection: 'That connection does not exist any more: it may have been removed.',
	unknownRequest: 'Unknown request.',
	errorTitle: 'Error',
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
	failureAt: (when: string) => `last ${when}`,
	failureFallback: 'The offline model answered instead.',
	failureApology: 'The apology was given instead of an answer. Tick the offline fallback below to answer anyway.',
	failureFix: 'The administrator can check the connection on the Models page.',
	answeringNow: (label: string) => `Answering now: ${label}`,
} as const

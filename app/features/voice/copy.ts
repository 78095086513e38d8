// Copy of the Voicebot Builder tab and its voice test (spec sections 2, 3, 4, 5, 8, 9).

import type { LanguageCode } from '~/ai/voice-languages.ts'
import { browserVoiceWording } from '~/lib/voice/browser-voice-wording.ts'
import { HEARD_BY_LABEL, type HeardBy } from '~/lib/voice/heard-by.ts'
import type { VoiceId } from './catalog.ts'

const AGENT_NOT_FOUND = 'That voice assistant does not exist or is not yours.'

/** The greeting an assistant gets when its owner writes none, in its own language. */
const DEFAULT_FIRST_MESSAGES: Record<LanguageCode, string> = {
	en: 'Hello! How can I help you today?',
	es: '¡Hola! ¿En qué puedo ayudarle hoy?',
	fr: 'Bonjour ! Comment puis-je vous aider aujourd’hui ?',
	de: 'Hallo! Wie kann ich Ihnen heute helfen?',
	it: 'Buongiorno! Come posso aiutarla oggi?',
	pt: 'Olá! Como posso ajudar hoje?',
	hi: 'नमस्ते! बताइए, आज मैं आपकी क्या मदद करूँ?',
}

/** The default greeting in `language` (English for a code the catalogue does not have). */
export const defaultFirstMessage = (language: string) =>
	Object.hasOwn(DEFAULT_FIRST_MESSAGES, language)
		? DEFAULT_FIRST_MESSAGES[language as LanguageCode]
		: DEFAULT_FIRST_MESSAGES.en

/**
 * The greeting an assistant in `language` says: its owner's own words, or, when they left the field
 * empty or as the form prefilled it (a default greeting of any language), the default in its language.
 */
export function greetingFor(firstMessage: string | null | undefined, language: string) {
	const own = firstMessage?.trim() ?? ''
	if (!own || Object.values(DEFAULT_FIRST_MESSAGES).includes(own)) return defaultFirstMessage(language)
	return own
}

export const voicebotBuilder = {
	defaults: {
		instructions: 'You are a helpful voice assistant. Speak naturally and be concise in your responses.',
		firstMessage: DEFAULT_FIRST_MESSAGES.en,
		voiceId: 'alloy' as VoiceId,
		language: 'en' as LanguageCode,
	},
	empty: {
		title: 'Create Your First Voice Assistant',
		text: 'Give your business a voice: an assistant that greets callers, answers questions and logs every conversation.',
		button: 'Start Building',
	},
	list: {
		title: 'Your Voice Assistants',
		createNew: 'Create New',
		failed: 'Your voice assistants could not be loaded. Reload the page in a moment.',
		crashed: 'Something went wrong while loading your voice assistants. Reload the page in a moment.',
	},
	form: {
		title: 'Create a Voice Assistant',
		nameLabel: 'Assistant Name',
		namePlaceholder: 'e.g. Front Desk',
		voiceLabel: 'Voice',
		/** Said when the server has no speech endpoint: these are a speech server's voices. */
		voiceHint: `Applies only with a speech server, and none is connected: until the administrator connects one, ${browserVoiceWording.fallback}.`,
		descriptionLabel: 'Description',
		descriptionPlaceholder: 'e.g. Pune clinic front desk. Open 9 am to 6 pm, Monday to Saturday.',
		descriptionHint: 'What callers may ask about. The assistant answers from this.',
		instructionsHint: 'How the assistant behaves. Private: it follows them but never reads them out.',
		instructionsLabel: 'Instructions',
		firstMessageLabel: 'First Message',
		languageLabel: 'Language',
		cancel: 'Cancel',
		create: 'Create Assistant',
		save: 'Save Changes',
		saving: 'Saving…',
		creating: 'Creating…',
	},
	page: {
		back: 'Your Voice Assistants',
		sectionsLabel: 'Assistant sections',
		/** The tabs of an assistant's page, each a section with its own URL (ADR 0051). */
		assistant: 'Assistant',
		knowledge: 'Knowledge',
		settings: 'Settings',
		test: 'Test',
		api: 'API',
		calls: 'Calls',
		tests: 'Tests',
		formTitle: 'Voice and behaviour',
		testTitle: 'Voice test',
		testNeedsScript: 'Talking to the assistant needs JavaScript (the microphone and speech live in the browser).',
		/** The way to the typed test that works without JavaScript. */
		testTyped: 'Type a conversation with it instead',
		apiTitle: 'Voice API',
		apiLabel: 'Start, send messages to and end a conversation with this assistant:',
		copyApi: 'Copy code',
		callsTitle: 'Recent calls',
		callsEmpty: 'No calls yet. Test the assistant or call the API, and its conversations appear here.',
		dangerTitle: 'Delete this assistant',
		dangerText: 'Its API stops answering; the calls it took stay on the dashboard.',
		notFound: {
			title: 'Voice assistant not found',
			text: AGENT_NOT_FOUND,
			backTo: '/playground/voicebots',
			backLabel: 'Back to your voice assistants',
		},
	},
	card: {
		fallbackDescription: 'Voice Assistant',
		active: 'Active',
		inactive: 'Inactive',
		edit: 'Edit',
		test: 'Test',
		api: 'API',
		delete: 'Delete',
		switchLabel: (name: string) => `Active: ${name}`,
		switchOn: 'Taking calls',
		switchOff: 'Switched off',
		deleteConfirm: (name: string) =>
			`Delete the voice assistant "${name}"? Its API stops answering. This cannot be undone.`,
		deleteButton: 'Delete assistant',
		apiLabel: 'Voice API for this assistant:',
		/** When the clipboard refuses the snippet: the code box beside the button is the way. */
		copyYourself: 'Copy the API code below.',
	},
	test: {
		title: (name: string) => `Test: ${name}`,
		description: 'Talk to your assistant: just speak, or hold the microphone button while you speak.',
		/** Without JavaScript nothing listens or speaks: the page offers typing only (first-time user's trial). */
		descriptionTyped: 'Type to your assistant and read its replies.',
		idle: 'Click to start conversation',
		start: 'Start conversation',
		/** Without JavaScript: the conversation is typed. */
		startTyped: 'Start a typed conversation',
		/** The spec's words, where they are true: the hands-free test is listening. */
		/** While the test connects (the microphone asked for, the call started). */
		connecting: 'Connecting...',
		// Every status line ends its ellipsis as the spec's 'Speaking...' and 'Recording... Release
		// to send' do (three dots, the spec's words; ADR 0074), never mixed with "…".
		listening: 'Listening... just speak',
		/** Hold-to-talk: nothing listens until the button is held (issue 32). */
		ready: 'Ready. Hold the mic button to speak',
		/** Nothing can hear the caller (the microphone was refused, or nothing turns speech into words). */
		typeOnly: 'Ready. Type your message below',
		preparing: 'Getting the microphone ready...',
		hearing: 'Hearing you...',
		speaking: 'Speaking...',
		recording: 'Recording... Release to send',
		thinking: 'Thinking...',
		holdToTalk: 'Hold to talk',
		end: 'End conversation',
		endShort: 'End',
		textLabel: 'Or type your message',
		send: 'Send',
		transcriptLabel: 'Conversation',
		you: 'You',
		sourcesLabel: 'Sources',
		sourceFallback: 'Knowledge base',
		modeLabel: 'How you talk',
		handsFree: 'Hands-free',
		handsFreeHint: 'Just speak; talk over the assistant to interrupt it.',
		hold: 'Hold to talk',
		pauseLabel: 'Pause that ends your turn',
		pauseValue: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
		micIndicator: 'Microphone',
		timingsLabel: 'Latency of this turn',
		timingsLegend: 'Latency in ms: from the end of your speech, or from sending a typed message',
		/** Each reply's figures say where they count from: a typed turn has no end of speech. */
		timingsFromSent: 'after sending:',
		/**
		 * Where a spoken turn's figures count from, with who heard it in the same phrase: one label,
		 * not "speech-to-text · after your speech:" (a "·" that joined nothing, first-time user's trial).
		 */
		timingsFromSpeech: (heardBy: HeardBy) =>
			heardBy === 'typed' ? 'after your speech:' : `after your speech (${HEARD_BY_LABEL[heardBy]}):`,
		timings: {
			transcriptMs: 'transcript',
			firstTokenMs: 'first word',
			firstAudioMs: 'first audio',
			serverMs: 'server',
		},
		/** What each figure measures, shown on hover and read by screen readers. */
		timingsExplained: {
			transcriptMs: 'Until your words were known (speech-to-text).',
			firstTokenMs: 'Until the first word of the reply arrived.',
			firstAudioMs: 'Until the reply started playing: what a caller waits for.',
			serverMs: 'This server’s own share of the turn, without the time spent waiting on the AI providers.',
		},
	},
	/** The Knowledge section: the assistant's own sources, or one of the owner's chatbots' (ADR 0054). */
	knowledge: {
		choiceTitle: 'Where answers come from',
		choiceText:
			'The assistant answers from its description and from a knowledge base: its own sources below, or the knowledge of one of your chatbots. Replies are spoken short, without web addresses; the transcript keeps their sources.',
		choiceLabel: 'Answer from',
		ownSources: "This assistant's own sources",
		chatbotOption: (name: string) => `Use the knowledge of chatbot: ${name}`,
		saveChoice: 'Save choice',
		choiceSaved: 'Knowledge choice saved',
		choiceNotFound: 'That chatbot was not found among yours.',
		usingChatbot: (name: string) =>
			`Answers come from the chatbot "${name}". Its sources are managed on its own page; the sources below are kept for when you switch back.`,
		chatbotPage: 'Open its Knowledge',
		textTitle: 'Typed knowledge',
		textLabel: 'Knowledge text',
		textHint: 'Opening hours, prices, policies: anything callers ask about. Indexed in the background.',
		saveText: 'Save text',
		textSaved: 'Knowledge text saved',
		textSavedDescription: 'It is being indexed; the assistant answers from it in a moment.',
		textTooLong: (max: string) => `The text is limited to ${max} characters.`,
	},
	toasts: {
		missing: { title: 'Missing information', description: 'Please provide a name and instructions' },
		created: 'Voice assistant created!',
		updated: 'Voice assistant updated',
		updateFailed: 'The changes could not be saved. Try again.',
		deleted: 'Voice assistant deleted',
		activated: 'Voice assistant activated',
		deactivated: 'Voice assistant deactivated',
		apiCopied: 'API code copied!',
		createFailed: { title: 'Creation failed', description: 'Failed to create voice assistant' },
		// The spec's title for a failed creation; the reason is ours (the spec has no limit).
		limitReached: (max: number) => ({
			title: 'Creation failed',
			description: `You can have up to ${max} voice assistants. Delete one you no longer need to create another.`,
		}),
		deleteFailed: { title: 'Error', description: 'Failed to delete voice assistant' },
		listFailed: 'Failed to fetch voice assistants',
		microphone: { title: 'Error', description: 'Failed to access microphone' },
		recording: { title: 'Recording Error', description: 'Failed to start recording' },
		processing: { title: 'Processing Error', description: 'Failed to process audio' },
		handsFreeFailed: {
			title: 'Hands-free is not available',
			description: 'This browser could not run the speech detector. Hold the mic button while you speak instead.',
		},
		speechUnavailable: {
			title: 'Speaking is not available',
			description: 'This browser has no working speech recognition. Type your message below instead.',
		},
		// The spec's toast titles ("Connected; Disconnected"); the description says what ending did.
		connected: 'Connected',
		disconnected: { title: 'Disconnected', description: 'Call ended.' },
		notFound: AGENT_NOT_FOUND,
	},
}

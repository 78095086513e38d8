// Copy of the Voicebot Builder tab and its voice test (spec sections 2, 3, 4, 5, 8, 9).

import type { LanguageCode, VoiceId } from './catalog.ts'

const AGENT_NOT_FOUND = 'That voice assistant does not exist or is not yours.'

export const voicebotBuilder = {
	defaults: {
		instructions: 'You are a helpful voice assistant. Speak naturally and be concise in your responses.',
		firstMessage: 'Hello! How can I help you today?',
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
		settings: 'Settings',
		test: 'Test',
		api: 'API',
		calls: 'Calls',
		formTitle: 'Voice and behaviour',
		testTitle: 'Voice test',
		testNeedsScript:
			'The voice test uses your microphone and needs JavaScript. Everything else on this page works without it.',
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
		/** Said before anyone tries (issue 32): no speech-to-text here, and no recognizer that can work in this browser. */
		noSpeech:
			'Speaking is not available here: this server has no speech-to-text service and this browser cannot recognise speech. Start the conversation and type your messages instead. To talk to your assistant, an administrator connects speech-to-text on the Models page.',
		title: (name: string) => `Test: ${name}`,
		description: 'Talk to your assistant: just speak, or hold the microphone button while you speak.',
		idle: 'Click to start conversation',
		start: 'Start conversation',
		/** The spec's words, where they are true: the hands-free test is listening. */
		listening: 'Listening... just speak',
		/** Hold-to-talk: nothing listens until the button is held (issue 32). */
		ready: 'Ready. Hold the mic button to speak',
		preparing: 'Getting the microphone ready…',
		hearing: 'Hearing you…',
		speaking: 'Speaking...',
		recording: 'Recording... Release to send',
		thinking: 'Thinking...',
		holdToTalk: 'Hold to talk',
		end: 'End conversation',
		textLabel: 'Or type your message',
		send: 'Send',
		transcriptLabel: 'Conversation',
		you: 'You',
		modeLabel: 'How you talk',
		handsFree: 'Hands-free',
		handsFreeHint: 'Just speak; talk over the assistant to interrupt it.',
		hold: 'Hold to talk',
		pauseLabel: 'Pause that ends your turn',
		pauseValue: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
		micIndicator: 'Microphone',
		heardBy: {
			whisper: 'You are heard by the speech-to-text service connected on this server (Whisper).',
			browser:
				"You are heard by this browser's speech recognition: this server has no speech-to-text service. An administrator can connect one on the Models page.",
			none: 'Typing only: this server has no speech-to-text service. An administrator can connect one on the Models page.',
		},
		spokenBy: {
			unknown:
				"The assistant speaks with its chosen voice when this server has a speech service, otherwise with this browser's voice.",
			server: "The assistant speaks with its chosen voice, from this server's speech service.",
			browser:
				"The assistant speaks with this browser's voice: this server has no speech service for its chosen voice. An administrator can connect one on the Models page.",
		},
		timingsLabel: 'Latency of this turn',
		timings: {
			transcriptMs: 'transcript',
			firstTokenMs: 'first word',
			firstAudioMs: 'first audio',
			serverMs: 'server',
		},
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
			description: 'This browser could not recognise speech. Type your message below instead.',
		},
		connected: 'Connected',
		disconnected: 'Disconnected',
		notFound: AGENT_NOT_FOUND,
	},
}

// Copy and options of the Voicebot Builder tab and its voice test (spec sections 2, 3, 4, 5, 8, 9).

export const voices = [
	{ id: 'alloy', label: 'Professional' },
	{ id: 'echo', label: 'Friendly' },
	{ id: 'fable', label: 'Expressive' },
	{ id: 'onyx', label: 'Deep' },
	{ id: 'nova', label: 'Warm' },
	{ id: 'shimmer', label: 'Bright' },
] as const

export const languages = [
	{ code: 'en', name: 'English', speech: 'en-US' },
	{ code: 'es', name: 'Spanish', speech: 'es-ES' },
	{ code: 'fr', name: 'French', speech: 'fr-FR' },
	{ code: 'de', name: 'German', speech: 'de-DE' },
	{ code: 'it', name: 'Italian', speech: 'it-IT' },
	{ code: 'pt', name: 'Portuguese', speech: 'pt-PT' },
] as const

export type VoiceId = (typeof voices)[number]['id']
export type LanguageCode = (typeof languages)[number]['code']

export const voicebotBuilder = {
	defaults: {
		instructions: 'You are a helpful voice assistant. Speak naturally and be concise in your responses.',
		firstMessage: 'Hello! How can I help you today?',
		voiceId: 'alloy' as VoiceId,
		language: 'en' as LanguageCode,
	},
	/** Spec section 9: speech settings for the browser's voice. */
	speech: { rate: 0.85, pitch: 1.1, volume: 0.9 },
	empty: {
		title: 'Create Your First Voice Assistant',
		text: 'Give your business a voice: an assistant that greets callers, answers questions and logs every conversation.',
		button: 'Start Building',
	},
	list: { title: 'Your Voice Assistants', createNew: 'Create New' },
	form: {
		title: 'Create a Voice Assistant',
		nameLabel: 'Assistant Name',
		namePlaceholder: 'e.g. Front Desk',
		voiceLabel: 'Voice',
		descriptionLabel: 'Description',
		descriptionPlaceholder: 'e.g. Answers calls for our Pune clinic',
		instructionsLabel: 'Instructions',
		firstMessageLabel: 'First Message',
		languageLabel: 'Language',
		cancel: 'Cancel',
		create: 'Create Assistant',
		creating: 'Creating…',
	},
	card: {
		fallbackDescription: 'Voice Assistant',
		active: 'Active',
		inactive: 'Inactive',
		test: 'Test',
		api: 'API',
		delete: 'Delete',
		switchLabel: (name: string) => `Active: ${name}`,
		deleteConfirm: (name: string) =>
			`Delete the voice assistant "${name}"? Its API stops answering. This cannot be undone.`,
	},
	test: {
		title: (name: string) => `Test: ${name}`,
		description: 'Talk to your assistant. Hold the microphone button while you speak.',
		idle: 'Click to start conversation',
		start: 'Start conversation',
		listening: 'Listening... Click mic to speak',
		speaking: 'Speaking...',
		recording: 'Recording... Release to send',
		thinking: 'Thinking...',
		holdToTalk: 'Hold to talk',
		end: 'End conversation',
		textLabel: 'Or type your message',
		send: 'Send',
		transcriptLabel: 'Conversation',
		you: 'You',
	},
	toasts: {
		missing: { title: 'Missing information', description: 'Please provide a name and instructions' },
		created: 'Voice assistant created!',
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
		connected: 'Connected',
		disconnected: 'Disconnected',
		notFound: 'That voice assistant does not exist or is not yours.',
	},
}

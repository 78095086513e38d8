// The voices and languages a voice assistant can have (spec section 3, and Hindi: issue 32). `speech`
// is the locale the browser's recognition listens for and its voice speaks in (ADR 0055).

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
	{ code: 'hi', name: 'Hindi', speech: 'hi-IN' },
] as const

export type VoiceId = (typeof voices)[number]['id']
export type LanguageCode = (typeof languages)[number]['code']

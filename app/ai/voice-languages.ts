// The languages a voice assistant can speak (spec section 3, and Hindi: issue 32). `speech` is the
// locale the browser's recognition listens for and its voice speaks in (ADR 0055). Here, below the
// features, because a voice assistant's reply is asked for by the voice feature and by test runs
// (app/ai/spoken-reply.server.ts, ADR 0062).

export const languages = [
	{ code: 'en', name: 'English', speech: 'en-US' },
	{ code: 'es', name: 'Spanish', speech: 'es-ES' },
	{ code: 'fr', name: 'French', speech: 'fr-FR' },
	{ code: 'de', name: 'German', speech: 'de-DE' },
	{ code: 'it', name: 'Italian', speech: 'it-IT' },
	{ code: 'pt', name: 'Portuguese', speech: 'pt-PT' },
	{ code: 'hi', name: 'Hindi', speech: 'hi-IN' },
] as const

export type LanguageCode = (typeof languages)[number]['code']

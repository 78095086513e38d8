// The voices a voice assistant can have (spec section 3). Its languages are in
// app/ai/voice-languages.ts.

export const voices = [
	{ id: 'alloy', label: 'Professional' },
	{ id: 'echo', label: 'Friendly' },
	{ id: 'fable', label: 'Expressive' },
	{ id: 'onyx', label: 'Deep' },
	{ id: 'nova', label: 'Warm' },
	{ id: 'shimmer', label: 'Bright' },
] as const

export type VoiceId = (typeof voices)[number]['id']

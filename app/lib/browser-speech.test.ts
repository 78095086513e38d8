import { expect, test } from 'vitest'
import { voiceFor } from './browser-speech.ts'

const VOICES = [
	{ name: 'Google US English', lang: 'en-US' },
	{ name: 'Microsoft Zira - English (United States)', lang: 'en-US' },
	{ name: 'Google Deutsch', lang: 'de-DE' },
	{ name: 'Lekha', lang: 'hi_IN' },
	{ name: 'Google हिन्दी', lang: 'hi-IN' },
	{ name: 'Paulina', lang: 'es-MX' },
]

test('the browser voice matches the assistant language: its locale first, else its language, never another', () => {
	expect(voiceFor(VOICES, 'hi-IN')?.name).toBe('Lekha')
	expect(voiceFor(VOICES, 'es-ES')?.name).toBe('Paulina')
	expect(voiceFor(VOICES, 'de-DE')?.name).toBe('Google Deutsch')
	expect(voiceFor(VOICES, 'en-US')?.name).toBe('Google US English')
	expect(voiceFor(VOICES, 'fr-FR')).toBeNull()
})

import { expect, test } from 'vitest'
import { isEmbedPage, runsVoiceDetector } from './framing.ts'

test('only the embed page itself may be framed, judged on the path React Router will route', () => {
	expect(isEmbedPage('/embed/0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d')).toBe(true)
	expect(isEmbedPage('/embed/abc?x=1')).toBe(true)
	// Raw dot segments, encoded or not, resolve off /embed/: those pages keep frame-ancestors 'self'.
	expect(isEmbedPage('/embed/%2e%2e/playground')).toBe(false)
	expect(isEmbedPage('/embed/%2E%2E/auth')).toBe(false)
	expect(isEmbedPage('/embed/../playground')).toBe(false)
	expect(isEmbedPage('/embed/x/../../playground/dashboard')).toBe(false)
	expect(isEmbedPage('/embed/')).toBe(false)
	expect(isEmbedPage('//evil.example/embed/x')).toBe(false)
	expect(isEmbedPage('/embed.js')).toBe(false)
	expect(isEmbedPage('/playground')).toBe(false)
})

test("every page may compile the voice detector (a page keeps its first document's policy), the embed may not", () => {
	const agent = '0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d'
	for (const page of [
		`/playground/voicebots/${agent}/test`,
		'/',
		'/career',
		'/missing-page',
		// Pages a visitor starts on before clicking through to a voice test.
		'/playground',
		'/playground/models',
		'/auth',
		'/auth/verify',
		`/embed/%2e%2e/playground`,
	])
		expect(runsVoiceDetector(page), page).toBe(true)
	for (const page of [`/embed/${agent}`, `/embed/${agent}/`, '/embed/abc?x=1'])
		expect(runsVoiceDetector(page), page).toBe(false)
})

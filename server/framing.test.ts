import { expect, test } from 'vitest'
import { isEmbedPage, isVoiceTestPage, runsVoiceDetector } from './framing.ts'

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

test('only the pages that hold the voice test may compile WebAssembly', () => {
	const agent = '0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d'
	for (const page of [
		'/playground/voicebots',
		'/playground/voicebots/',
		`/playground/voicebots/${agent}`,
		`/playground/voicebots/${agent}?tab=1`,
		`/playground/voicebots/${agent}/test`,
		`/playground/voicebots/${agent}/knowledge`,
		`/playground/voicebots/${agent}/api`,
		`/playground/voicebots/${agent}/calls`,
		`/playground/voicebots/${agent}/settings`,
	])
		expect(isVoiceTestPage(page), page).toBe(true)
	for (const page of [
		// What a crawl of someone else's site found is listed here: no WebAssembly.
		`/playground/voicebots/${agent}/knowledge/sources/${agent}`,
		`/playground/voicebots/${agent}.data`,
		`/playground/voicebots/${agent}/test.data`,
		'/playground/voicebots/not-an-agent',
		`/playground/voicebots/${agent}/whatever`,
		`/playground/voicebots/${agent}/../../models`,
		'/playground/voicebotsx',
		'/playground/models',
		'/',
		'/embed/abc',
	])
		expect(isVoiceTestPage(page), page).toBe(false)
})

test('the voice detector may compile on the voice test pages and the public pages with the chat widget, nowhere else', () => {
	const agent = '0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d'
	for (const page of [`/playground/voicebots/${agent}/test`, '/', '/career', '/blog/some-article?x=1', '/missing-page'])
		expect(runsVoiceDetector(page), page).toBe(true)
	for (const page of [
		'/playground',
		'/playground/models',
		`/playground/voicebots/${agent}/knowledge/sources/${agent}`,
		'/auth',
		'/auth/verify',
		`/embed/${agent}`,
		'/embed.js',
		'/api/chat',
		'/career.data',
		'/assets/app.js',
		'/career/../playground/models',
	])
		expect(runsVoiceDetector(page), page).toBe(false)
})

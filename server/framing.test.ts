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

test('the voice detector may compile on the voice assistant pages and the public pages with the chat widget, nowhere else', () => {
	expect(runsVoiceDetector('/playground/voicebots/abc/test')).toBe(true)
	expect(runsVoiceDetector('/')).toBe(true)
	expect(runsVoiceDetector('/career')).toBe(true)
	expect(runsVoiceDetector('/blog/some-article?x=1')).toBe(true)
	expect(runsVoiceDetector('/playground')).toBe(false)
	expect(runsVoiceDetector('/playground/models')).toBe(false)
	expect(runsVoiceDetector('/playground/voicebotsx')).toBe(false)
	expect(runsVoiceDetector('/auth')).toBe(false)
	expect(runsVoiceDetector('/auth/verify')).toBe(false)
	expect(runsVoiceDetector('/embed/0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d')).toBe(false)
	expect(runsVoiceDetector('/embed.js')).toBe(false)
	expect(runsVoiceDetector('/api/chat')).toBe(false)
	expect(runsVoiceDetector('/career/../playground/models')).toBe(false)
})

// The Models page's speech cards say who a connection serves: the one in use serves every voice
// assistant (no chatbot chooses it), the others none; never "In use" beside "used by no one".
import { expect, test } from 'vitest'
import { modelsPage } from './copy.ts'

test('a speech-to-text or speech connection in use serves every voice assistant; one not in use none', () => {
	const { usedForVoice, defaultModel } = modelsPage.card
	expect(usedForVoice(true, 3)).toBe(
		'Used by every voice assistant (3 voice assistants): their tests and voice API calls.',
	)
	expect(usedForVoice(true, 0)).toBe('Used by every voice assistant: there is none yet.')
	expect(usedForVoice(false, 3)).toBe('Used by no voice assistant: another connection is in use.')
	expect(defaultModel('tts-1')).toBe('tts-1 (the default: none chosen)')
})

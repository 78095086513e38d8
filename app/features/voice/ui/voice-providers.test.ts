// The voice test names only what really hears and speaks (issue 32): a browser recognizer that is not
// expected to work is never named as in use, a browser with no voice for the language says so, and
// each reason the microphone cannot be used is its own.
import { expect, test } from 'vitest'
import { micProblem, voiceProviderLabels, voiceProvidersCopy } from './voice-providers.ts'

const none = { speechToText: null, speech: null, serverSpeech: false }

test('with no AI configured, a browser without a working recognizer is not named as hearing the caller', () => {
	const labels = voiceProviderLabels(none, { recognition: false, voice: true }, 'English')
	expect(labels.speechToText).toBe(voiceProvidersCopy.noRecognition)
	expect(labels.speechToText).not.toContain('Your browser’s speech recognition')
	expect(voiceProviderLabels(none, { recognition: true, voice: true }, 'English').speechToText).toBe(
		voiceProvidersCopy.browserRecognition,
	)
})

test('a browser with no voice for the language says replies are shown as text', () => {
	expect(voiceProviderLabels(none, { recognition: false, voice: false }, 'Hindi').speech).toBe(
		'This browser has no Hindi voice: replies are shown as text',
	)
	expect(voiceProviderLabels(none, { recognition: false, voice: true }, 'Hindi').speech).toBe('Your browser’s voice')
})

test("the server's own providers are named whatever the browser has", () => {
	const server = { speechToText: 'whisper via Groq', speech: 'OpenAI tts-1, voice alloy', serverSpeech: true }
	expect(voiceProviderLabels(server, { recognition: false, voice: false }, 'Hindi')).toEqual({
		speechToText: 'whisper via Groq',
		speech: 'OpenAI tts-1, voice alloy',
	})
})

test('a refused microphone is the browser’s to fix, even where the server has speech-to-text', () => {
	expect(micProblem({ micError: 'NotAllowedError', transcription: true, browserRecognition: false })).toBe('blocked')
	expect(micProblem({ micError: 'NotFoundError', transcription: true, browserRecognition: false })).toBe('missing')
	expect(micProblem({ micError: null, transcription: false, browserRecognition: false })).toBe('no-speech-to-text')
	expect(micProblem({ micError: null, transcription: false, browserRecognition: true })).toBeNull()
	expect(micProblem({ micError: null, transcription: true, browserRecognition: false })).toBeNull()
})

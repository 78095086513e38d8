// The voice test names only what really hears and speaks (issue 32): a browser recognizer that is not
// expected to work is never named as in use, a browser with no voice for the language says so, and
// each reason the microphone cannot be used is its own.
import { expect, test } from 'vitest'
import { modelsPage } from '~/features/models/copy.ts'
import { voicebotBuilder } from '../copy.ts'
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
	expect(voiceProviderLabels(none, { recognition: false, voice: true }, 'Hindi').speech).toBe(
		'Your browser’s Hindi voice',
	)
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

test('the browser’s voice is described in the same words everywhere: its language, and text where it has none', () => {
	const speech = (voice: boolean | null) => voiceProviderLabels(none, { recognition: true, voice }, 'English').speech
	expect([speech(true), speech(false), speech(null)]).toEqual([
		'Your browser’s English voice',
		'This browser has no English voice: replies are shown as text',
		'Your browser’s English voice (where it has none, replies are shown as text)',
	])
	// The Voice field and the Models page say the same rule in the same words; none says "where it has one".
	const rule = 'the browser’s voice for the assistant’s language speaks (where it has none, replies are shown as text)'
	expect(voicebotBuilder.form.voiceHint).toContain(rule)
	expect(modelsPage.purposes.speech.usage).toContain(rule)
	expect(modelsPage.purposes.speech.notConnected).toContain(rule)
	for (const text of [speech(null), voicebotBuilder.form.voiceHint, modelsPage.purposes.speech.notConnected])
		expect(text).not.toMatch(/where it has one|own voice/)
})

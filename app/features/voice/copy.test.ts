import { expect, test } from 'vitest'
import { voicebotBuilder } from './copy.ts'
import { statusText } from './ui/voice-test-dialog.tsx'

const { test: copy, toasts } = voicebotBuilder

test('every status line of the voice test writes its ellipsis as the spec does ("Speaking..."), never "…"', () => {
	const lines = Object.values(statusText)
	expect(lines.filter((line) => line.includes('…'))).toEqual([])
	expect(statusText.speaking).toBe('Speaking...')
	expect(statusText.recording).toBe('Recording... Release to send')
	expect([statusText.connecting, statusText.preparing, statusText.hearing]).toEqual([
		'Connecting...',
		'Getting the microphone ready...',
		'Hearing you...',
	])
})

test("a spoken turn's latency says who heard it in one phrase, with no dangling separator", () => {
	expect(copy.timingsFromSpeech('speech-to-text')).toBe('after your speech (speech-to-text):')
	expect(copy.timingsFromSpeech('browser')).toBe("after your speech (browser's recognizer):")
	expect(copy.timingsFromSent).toBe('after sending:')
})

test("ending a call keeps the spec's toast title and says the call ended", () => {
	expect(toasts.disconnected).toEqual({ title: 'Disconnected', description: 'Call ended.' })
	expect(copy.descriptionTyped).not.toMatch(/speak|microphone/)
})

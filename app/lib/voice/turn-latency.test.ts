// Medians of a call's turn latency: odd and even counts, nulls skipped, nothing shown without turns.
import { expect, test } from 'vitest'
import { formatMs, median, parseTimings, summarizeLatency } from './turn-latency.ts'

test('median of an odd count is the middle figure, of an even count the mean of the middle two', () => {
	expect(median([900, 100, 500])).toBe(500)
	expect(median([400, 100, 300, 200])).toBe(250)
	expect(median([7])).toBe(7)
})

test('nulls are skipped; no figures at all is no median', () => {
	expect(median([null, 300, null, 100])).toBe(200)
	expect(median([null, null])).toBeNull()
	expect(median([])).toBeNull()
})

const turn = (timings: unknown) => ({ heard: 'Hi', reply: 'Hello', timings })

test('a call with no measured turns shows nothing', () => {
	expect(summarizeLatency([])).toBeNull()
	expect(summarizeLatency([turn(null), turn('garbage')])).toBeNull()
})

test('each step has its median over the turns that have it; the headline is first audio, else first word', () => {
	const latency = summarizeLatency([
		turn({ transcriptMs: 200, firstTokenMs: 600, firstAudioMs: 900, serverMs: 40 }),
		turn({ transcriptMs: null, firstTokenMs: 400, firstAudioMs: null, serverMs: 20 }),
		turn(null),
		turn({ transcriptMs: 400, firstTokenMs: 800, firstAudioMs: 1100, serverMs: 30 }),
	])
	expect(latency?.turns).toHaveLength(3)
	expect(latency?.medians).toEqual({ transcriptMs: 300, firstTokenMs: 600, firstAudioMs: 1000, serverMs: 30 })
	expect(latency?.headline).toEqual({ label: 'First audio', ms: 1000 })
	const typed = summarizeLatency([turn({ transcriptMs: null, firstTokenMs: 500, firstAudioMs: null, serverMs: null })])
	expect(typed?.headline).toEqual({ label: 'First word', ms: 500 })
	expect(typed?.medians.serverMs).toBeNull()
})

test('malformed figures read as steps that did not happen', () => {
	expect(parseTimings({ firstTokenMs: 'fast', firstAudioMs: 700 })).toEqual({
		transcriptMs: null,
		firstTokenMs: null,
		firstAudioMs: 700,
		serverMs: null,
	})
	expect(formatMs(null)).toBe('—')
	expect(formatMs(840)).toBe('840 ms')
	expect(formatMs(1234)).toBe('1.2 s')
})

test("a turn heard by speech-to-text or the browser's recognizer counts from the end of speech; a typed one from its sending", () => {
	const figures = { transcriptMs: null, firstTokenMs: 500, firstAudioMs: null, serverMs: 10 }
	const latency = summarizeLatency([
		{ ...turn(figures), heardBy: 'speech-to-text' },
		{ ...turn(figures), heardBy: 'browser' },
		{ ...turn(figures), heardBy: 'typed' },
		// A row from before heard_by, or a value this version does not know: typed.
		turn(figures),
		{ ...turn(figures), heardBy: 'carrier pigeon' },
	])
	expect(latency?.turns.map((t) => t.from)).toEqual(['speech', 'speech', 'sent', 'sent', 'sent'])
	expect(latency?.turns.map((t) => t.heardBy)).toEqual(['speech-to-text', 'browser', 'typed', 'typed', 'typed'])
})

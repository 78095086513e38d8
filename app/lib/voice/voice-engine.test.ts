import { describe, expect, test } from 'vitest'
import {
	END_OF_TURN_DEFAULT_MS,
	END_OF_TURN_MAX_MS,
	END_OF_TURN_MIN_MS,
	endOfTurnPause,
	isTurn,
	onSpeechStart,
	vadFrameOptions,
} from './end-of-turn.ts'
import { SentenceSplitter } from './sentences.ts'
import { TurnEngine } from './turn-engine.ts'
import { encodeWav } from './wav.ts'

describe('encodeWav', () => {
	test('16-bit PCM mono with a correct header, clipped samples', () => {
		const bytes = encodeWav(new Float32Array([0, 1, -1, 2, -2, 0.5]), 16_000)
		const view = new DataView(bytes.buffer)
		const ascii = (from: number) => String.fromCharCode(...bytes.slice(from, from + 4))
		expect(ascii(0)).toBe('RIFF')
		expect(ascii(8)).toBe('WAVE')
		expect(ascii(12)).toBe('fmt ')
		expect(ascii(36)).toBe('data')
		expect(view.getUint32(4, true)).toBe(bytes.length - 8)
		expect(view.getUint16(20, true)).toBe(1)
		expect(view.getUint16(22, true)).toBe(1)
		expect(view.getUint32(24, true)).toBe(16_000)
		expect(view.getUint32(28, true)).toBe(32_000)
		expect(view.getUint16(34, true)).toBe(16)
		expect(view.getUint32(40, true)).toBe(12)
		const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true))
		expect(samples).toEqual([0, 32767, -32768, 32767, -32768, 16384])
	})
})

describe('SentenceSplitter', () => {
	test('gives each sentence as soon as it is complete, however the text is cut', () => {
		const splitter = new SentenceSplitter()
		const out: string[] = []
		for (const piece of ['We are open ', 'from 9 am to 6 pm', '. On Sundays', ' we are closed! Anything ', 'else?'])
			out.push(...splitter.push(piece))
		expect(out).toEqual(['We are open from 9 am to 6 pm.', 'On Sundays we are closed!'])
		out.push(...splitter.push(' '))
		expect(out).toEqual(['We are open from 9 am to 6 pm.', 'On Sundays we are closed!', 'Anything else?'])
		expect(splitter.flush()).toEqual([])
	})

	test('keeps abbreviations and numbers inside their sentence; the rest comes on flush', () => {
		const splitter = new SentenceSplitter()
		expect(splitter.push('Dr. Rao sees patients at 9.30 am on weekdays. ')).toEqual([
			'Dr. Rao sees patients at 9.30 am on weekdays.',
		])
		expect(splitter.push('Call us "today." Thanks')).toEqual(['Call us "today."'])
		expect(splitter.push(' for asking')).toEqual([])
		expect(splitter.flush()).toEqual(['Thanks for asking'])
	})

	test('Hindi sentences end at the danda', () => {
		const splitter = new SentenceSplitter()
		expect(splitter.push('हम सुबह नौ बजे खुलते हैं। रविवार को बंद रहते हैं। ')).toEqual([
			'हम सुबह नौ बजे खुलते हैं।',
			'रविवार को बंद रहते हैं।',
		])
	})
})

describe('end of turn', () => {
	test('the pause setting is bounded and rounded, with a sensible default', () => {
		expect(END_OF_TURN_DEFAULT_MS).toBeGreaterThanOrEqual(600)
		expect(END_OF_TURN_DEFAULT_MS).toBeLessThanOrEqual(800)
		expect(endOfTurnPause(undefined)).toBe(END_OF_TURN_DEFAULT_MS)
		expect(endOfTurnPause('abc')).toBe(END_OF_TURN_DEFAULT_MS)
		expect(endOfTurnPause('920')).toBe(900)
		expect(endOfTurnPause(10)).toBe(END_OF_TURN_MIN_MS)
		expect(endOfTurnPause(99_999)).toBe(END_OF_TURN_MAX_MS)
		expect(vadFrameOptions(1000).redemptionMs).toBe(1000)
	})

	test('speech over the assistant is a barge-in; speech while listening is a new turn', () => {
		expect(onSpeechStart('speaking')).toEqual({ next: 'hearing', bargeIn: true })
		expect(onSpeechStart('thinking')).toEqual({ next: 'hearing', bargeIn: true })
		expect(onSpeechStart('listening')).toEqual({ next: 'hearing', bargeIn: false })
		expect(onSpeechStart('idle')).toEqual({ next: 'idle', bargeIn: false })
	})

	test('a click or a cough is not a turn', () => {
		expect(isTurn(1600)).toBe(false) // 100 ms at 16 kHz
		expect(isTurn(16_000)).toBe(true)
	})
})

describe('TurnEngine latency', () => {
	test('a typed turn is reported as typed (its figures count from its sending); a spoken one is not', async () => {
		const reported: Array<{ text: string; typed: boolean }> = []
		const heard = new Map<string, string>()
		const engine = new TurnEngine({
			lang: 'en-US',
			transport: {
				fetchSpeech: null,
				sendTurn: async (input, on) => {
					const text = 'text' in input ? input.text : 'spoken words'
					on.onTranscript(text)
					on.onDelta('Hello.')
					return { text, reply: 'Hello.', serverMs: 5 }
				},
			},
			onPhase: () => {},
			onCallerText: (id, text) => heard.set(id, text),
			onReplyText: () => {},
			onTimings: (id, _timings, turn) => reported.push({ text: heard.get(id) ?? '', typed: turn.typed }),
			onError: (error) => {
				throw error
			},
		})
		await engine.send({ text: 'Typed question' })
		await engine.send({ audio: new Blob([new Uint8Array(600)]) }, performance.now() - 300)
		expect(new Set(reported.filter((r) => r.text === 'Typed question').map((r) => r.typed))).toEqual(new Set([true]))
		expect(new Set(reported.filter((r) => r.text === 'spoken words').map((r) => r.typed))).toEqual(new Set([false]))
		await engine.destroy()
	})
})

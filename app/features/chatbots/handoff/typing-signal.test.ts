import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { TYPING_EVERY_MS, TYPING_IDLE_MS, typingSignal, typingSince } from './typing-signal.ts'

beforeEach(() => {
	vi.useFakeTimers()
})
afterEach(() => {
	vi.useRealTimers()
})

test('typing is said at once, again every few seconds while it goes on, and its end within a second of the last key', () => {
	const said: Array<[number, boolean]> = []
	const start = Date.now()
	const signal = typingSignal((typing) => said.push([Date.now() - start, typing]))
	// A key every 200 ms for 4 s.
	for (let t = 0; t < 4_000; t += 200) {
		signal.input(true)
		vi.advanceTimersByTime(200)
	}
	expect(said.filter(([, typing]) => typing)).toEqual([
		[0, true],
		[TYPING_EVERY_MS, true],
	])
	expect(said.some(([, typing]) => !typing)).toBe(false)
	// The last key was at 3.8 s: "stopped" comes 1 s later, not after the other side's 6 s.
	vi.advanceTimersByTime(TYPING_IDLE_MS)
	expect(said.at(-1)).toEqual([3_800 + TYPING_IDLE_MS, false])
	expect(TYPING_IDLE_MS).toBeLessThanOrEqual(1_000)
	// Typing again is said again at once.
	signal.input(true)
	expect(said.at(-1)).toEqual([4_800 + 200, true])
	signal.dispose()
})

test('a sent message ends typing without a second signal; an emptied box says it stopped at once', () => {
	const said: boolean[] = []
	const signal = typingSignal((typing) => said.push(typing))
	signal.input(true)
	signal.sent()
	vi.advanceTimersByTime(5_000)
	expect(said).toEqual([true])
	signal.input(true)
	signal.input(false)
	expect(said).toEqual([true, true, false])
	vi.advanceTimersByTime(5_000)
	expect(said).toEqual([true, true, false])
})

test('the other side shows typing until the server says it stopped or their message came', () => {
	expect(typingSince(true, 1_000)).toBe(1_000)
	// Still typing: a few seconds more from each sign.
	expect(typingSince(true, 4_000)).toBe(4_000)
	// Stopped, or their message came (the server clears typing with it): gone at once.
	expect(typingSince(false, 4_500)).toBeNull()
})

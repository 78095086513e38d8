import { describe, expect, test } from 'vitest'
import {
	initialTypewriterState,
	nextTypewriterState,
	PAUSE_AFTER_ERASED_TICKS,
	PAUSE_AFTER_TYPED_TICKS,
	typewriterText,
	type TypewriterState,
} from './typewriter-steps.ts'

const prompts = ['Hi', 'Yo!']

/** The text shown after each of `ticks` ticks. */
function frames(ticks: number, state: TypewriterState = initialTypewriterState) {
	const shown: string[] = []
	for (let i = 0; i < ticks; i++) {
		state = nextTypewriterState(state, prompts)
		shown.push(typewriterText(state, prompts))
	}
	return { shown, state }
}

describe('typewriter', () => {
	test('starts empty and types one character per tick', () => {
		expect(typewriterText(initialTypewriterState, prompts)).toBe('')
		expect(frames(2).shown).toEqual(['H', 'Hi'])
	})

	test('holds the typed prompt for 20 ticks, erases one character per tick, waits 10 ticks, then types the next', () => {
		const { shown, state } = frames(2 + PAUSE_AFTER_TYPED_TICKS + 2 + PAUSE_AFTER_ERASED_TICKS + 3)
		const expected = [
			'H',
			'Hi',
			...Array(PAUSE_AFTER_TYPED_TICKS).fill('Hi'),
			'H',
			'',
			...Array(PAUSE_AFTER_ERASED_TICKS).fill(''),
			'Y',
			'Yo',
			'Yo!',
		]
		expect(shown).toEqual(expected)
		expect(state).toMatchObject({ promptIndex: 1, phase: 'holding', pause: PAUSE_AFTER_TYPED_TICKS })
	})

	test('wraps around to the first prompt after the last', () => {
		const lastWaiting: TypewriterState = { promptIndex: 1, length: 0, phase: 'waiting', pause: 1 }
		expect(nextTypewriterState(lastWaiting, prompts)).toEqual(initialTypewriterState)
	})

	test('an empty list stays empty', () => {
		expect(typewriterText(nextTypewriterState(initialTypewriterState, []), [])).toBe('')
	})
})

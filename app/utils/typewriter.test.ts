import { describe, expect, test } from 'vitest'
import {
	initialTypewriterState,
	nextTypewriterState,
	PAUSE_AFTER_ERASED_TICKS,
	PAUSE_AFTER_TYPED_TICKS,
	typewriterText,
	type TypewriterState,
} from './typewriter.ts'

const prompts = ['Hi', 'Yo!']

function run(ticks: number, state: TypewriterState = initialTypewriterState) {
	for (let i = 0; i < ticks; i++) state = nextTypewriterState(state, prompts)
	return state
}

describe('typewriter', () => {
	test('types one character per tick', () => {
		expect(typewriterText(run(0), prompts)).toBe('')
		expect(typewriterText(run(1), prompts)).toBe('H')
		expect(typewriterText(run(2), prompts)).toBe('Hi')
	})

	test('holds the full prompt for 20 ticks before erasing', () => {
		const typed = run(2)
		let state = nextTypewriterState(typed, prompts) // starts holding
		expect(state.phase).toBe('holding')
		for (let i = 1; i < PAUSE_AFTER_TYPED_TICKS; i++) {
			expect(typewriterText(state, prompts)).toBe('Hi')
			state = nextTypewriterState(state, prompts)
		}
		expect(state.phase).toBe('erasing')
		expect(typewriterText(state, prompts)).toBe('Hi')
		state = nextTypewriterState(state, prompts)
		expect(typewriterText(state, prompts)).toBe('H')
	})

	test('waits 10 ticks after erasing, then types the next prompt', () => {
		// 2 typing + 1 to hold + 19 holding + 2 erasing + 1 to wait = 25 ticks to start waiting
		let state = run(2 + 1 + (PAUSE_AFTER_TYPED_TICKS - 1) + 2 + 1)
		expect(state.phase).toBe('waiting')
		expect(typewriterText(state, prompts)).toBe('')
		state = run(PAUSE_AFTER_ERASED_TICKS - 1, state)
		expect(state.phase).toBe('waiting')
		state = run(1, state)
		expect(state).toEqual({ promptIndex: 1, length: 0, phase: 'typing', pause: 0 })
		expect(typewriterText(run(3, state), prompts)).toBe('Yo!')
	})

	test('wraps around to the first prompt', () => {
		const lastWaiting: TypewriterState = { promptIndex: 1, length: 0, phase: 'waiting', pause: 1 }
		expect(nextTypewriterState(lastWaiting, prompts).promptIndex).toBe(0)
	})

	test('an empty list stays empty', () => {
		expect(typewriterText(nextTypewriterState(initialTypewriterState, []), [])).toBe('')
	})
})

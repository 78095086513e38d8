// The hero typewriter as a pure state machine, advanced once per tick (spec section 9: 100 ms tick,
// pauses of 20 ticks after a prompt is typed and 10 ticks after it is erased).
export const TYPEWRITER_TICK_MS = 100
export const PAUSE_AFTER_TYPED_TICKS = 20
export const PAUSE_AFTER_ERASED_TICKS = 10

export type TypewriterState = {
	promptIndex: number
	/** Characters of the current prompt shown. */
	length: number
	phase: 'typing' | 'holding' | 'erasing' | 'waiting'
	/** Ticks left in a pause. */
	pause: number
}

export const initialTypewriterState: TypewriterState = { promptIndex: 0, length: 0, phase: 'typing', pause: 0 }

export function nextTypewriterState(state: TypewriterState, prompts: readonly string[]): TypewriterState {
	if (prompts.length === 0) return state
	const prompt = prompts[state.promptIndex % prompts.length]
	switch (state.phase) {
		case 'typing': {
			const length = Math.min(state.length + 1, prompt.length)
			// The tick that types the last character starts the pause: the full prompt then stays
			// for exactly PAUSE_AFTER_TYPED_TICKS ticks.
			if (length === prompt.length) return { ...state, length, phase: 'holding', pause: PAUSE_AFTER_TYPED_TICKS }
			return { ...state, length }
		}
		case 'holding':
			if (state.pause > 1) return { ...state, pause: state.pause - 1 }
			return { ...state, phase: 'erasing', pause: 0 }
		case 'erasing': {
			const length = Math.max(state.length - 1, 0)
			if (length === 0) return { ...state, length, phase: 'waiting', pause: PAUSE_AFTER_ERASED_TICKS }
			return { ...state, length }
		}
		case 'waiting':
			if (state.pause > 1) return { ...state, pause: state.pause - 1 }
			return { promptIndex: (state.promptIndex + 1) % prompts.length, length: 0, phase: 'typing', pause: 0 }
	}
}

export function typewriterText(state: TypewriterState, prompts: readonly string[]) {
	if (prompts.length === 0) return ''
	return prompts[state.promptIndex % prompts.length].slice(0, state.length)
}

// When a side of a handoff says it is typing, and that it stopped. The other side shows "typing"
// from the first sign until the sign that it stopped, or a message (which the server sends with
// typing cleared): it used to count every sign as typing for 6 s after it arrived, so the dots
// stayed 3 to 4 s after the person stopped or sent (trial).

/** Typing is said at most this often while it goes on (each sign is a write and a NOTIFY). */
export const TYPING_EVERY_MS = 3_000
/** No key for this long: typing stopped. */
export const TYPING_IDLE_MS = 1_000

/**
 * The signals for one message box: `input` on each change (with whether the box holds text),
 * `sent` when its message went (the server clears typing with it), `dispose` on unmount.
 */
export function typingSignal(say: (typing: boolean) => void) {
	let lastSaid = 0
	let typing = false
	let idle: ReturnType<typeof setTimeout> | undefined
	const stop = () => {
		clearTimeout(idle)
		idle = undefined
	}
	return {
		input(hasText: boolean) {
			stop()
			if (!hasText) {
				// Emptied the box: stopped now.
				if (typing) say(false)
				typing = false
				lastSaid = 0
				return
			}
			if (!typing || Date.now() - lastSaid >= TYPING_EVERY_MS) {
				lastSaid = Date.now()
				typing = true
				say(true)
			}
			idle = setTimeout(() => {
				idle = undefined
				typing = false
				lastSaid = 0
				say(false)
			}, TYPING_IDLE_MS)
		},
		sent() {
			stop()
			typing = false
			lastSaid = 0
		},
		dispose: stop,
	}
}

/**
 * Since when the other side counts as typing, after a snapshot of the conversation: from now while
 * the server says so (each sign shows for a few seconds more, in case the tab that typed went away
 * without saying it stopped), and never once it says not: stopped, or their message came (which
 * clears it in the same write). It used to keep the last sign's few seconds after either.
 */
export const typingSince = (typingNow: boolean, now: number) => (typingNow ? now : null)

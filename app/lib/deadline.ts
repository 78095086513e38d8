// Time limits held by timers we own. On Node 20 a signal made by AbortSignal.timeout() that is only
// reachable through AbortSignal.any() can be garbage-collected before it fires (nodejs/node#57736),
// so a call guarded that way may never time out. These keep their timer and controller reachable
// until the work is done.

/** Rejects with `onTimeout()` when `promise` has not settled within `ms`; the timer is cleared either way. */
export function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const expired = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(onTimeout()), ms)
	})
	return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}

/**
 * A signal that aborts when `parent` aborts (the visitor left) or after `ms` (the time limit),
 * whichever comes first. Call `done()` when the work ends, so the timer and the listener go.
 */
export function deadlineSignal(ms: number, parent?: AbortSignal) {
	const controller = new AbortController()
	const onParentAbort = () => controller.abort(parent?.reason)
	const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms)
	if (parent?.aborted) onParentAbort()
	else parent?.addEventListener('abort', onParentAbort, { once: true })
	return {
		signal: controller.signal,
		/** Whether the time limit (not the parent, nor `abort`) ended it. */
		timedOut: () =>
			controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError',
		/** Ends the work now (the reader went away without the parent saying so). */
		abort: (reason?: unknown) => controller.abort(reason),
		done() {
			clearTimeout(timer)
			parent?.removeEventListener('abort', onParentAbort)
		},
	}
}

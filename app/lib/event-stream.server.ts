// A minimal Server-Sent Events response for fan-out: one chunk per message, and messages encoded
// once and shared by every client (docs/decisions/0008-live-dashboard.md says why this replaces
// remix-utils' eventStream for the dashboard).
const encoder = new TextEncoder()

/** One SSE message as bytes: `event:` and `data:` lines and the blank line that ends it. */
export function encodeEvent(event: string, data: string): Uint8Array {
	return encoder.encode(`event: ${event}\ndata: ${data.split('\n').join('\ndata: ')}\n\n`)
}

type Send = (message: Uint8Array) => void

/** Messages queued for one client before it counts as slow. */
const SLOW_CLIENT_QUEUE = 16
const RESYNC = encodeEvent('resync', '{"type":"resync"}')

/**
 * Streams messages until the request signal aborts or the client goes away (cancel); `init` gets
 * `send` and returns its cleanup, which runs exactly once either way. A send after the end is
 * ignored, never thrown. A client that stops reading does not make the server hold every message
 * for it: past a short queue, messages are dropped and, once it reads again, it gets one `resync`
 * (its page reloads its data, which is all a change event asks of it anyway).
 */
export function eventStreamResponse(signal: AbortSignal, init: (send: Send) => () => void, headers: HeadersInit = {}) {
	let cleanup: (() => void) | undefined
	let closed = false
	const finish = () => {
		if (closed) return false
		closed = true
		signal.removeEventListener('abort', onAbort)
		cleanup?.()
		return true
	}
	let onAbort = () => {}
	let dropped = false
	const stream = new ReadableStream<Uint8Array>(
		{
			start(controller) {
				onAbort = () => {
					if (finish()) controller.close()
				}
				const send: Send = (message) => {
					if (closed) return
					if ((controller.desiredSize ?? 1) <= 0) {
						dropped = true
						return
					}
					try {
						controller.enqueue(message)
					} catch {
						finish()
					}
				}
				cleanup = init(send)
				signal.addEventListener('abort', onAbort)
				if (signal.aborted) onAbort()
			},
			pull(controller) {
				if (!dropped || closed) return
				dropped = false
				controller.enqueue(RESYNC)
			},
			cancel() {
				finish()
			},
		},
		new CountQueuingStrategy({ highWaterMark: SLOW_CLIENT_QUEUE }),
	)
	return new Response(stream, {
		headers: {
			...headers,
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'no-cache, no-store',
			Connection: 'keep-alive',
			'X-Accel-Buffering': 'no',
		},
	})
}

// A minimal Server-Sent Events response for fan-out: one chunk per message, and messages encoded
// once and shared by every client (docs/decisions/0008-live-dashboard.md says why this replaces
// remix-utils' eventStream for the dashboard).
const encoder = new TextEncoder()

/** One SSE message as bytes: `event:` and `data:` lines and the blank line that ends it. */
export function encodeEvent(event: string, data: string): Uint8Array {
	return encoder.encode(`event: ${event}\ndata: ${data.split('\n').join('\ndata: ')}\n\n`)
}

type Send = (message: Uint8Array) => void
/** Ends the stream from the server's side (the client's EventSource reconnects as after any end). */
type Close = () => void

/**
 * Live streams one user may hold open at once (on this process): a few tabs of the dashboard and
 * of Conversations pages. Each open stream holds a socket, a subscription and its buffers (0.15 to
 * 0.45 MB measured); without a cap one account opened 1,500 of them (+220 MB).
 */
export const LIVE_STREAMS_PER_USER = 10
/** When a refused client should try again (the pages' EventSource clients back off further). */
const LIVE_STREAM_RETRY_SECONDS = 30
const openStreams = new Map<string, number>()

/** How many live streams this holder has open now (for tests and logs). */
export const openStreamCount = (holder: string) => openStreams.get(holder) ?? 0

/**
 * Whom a stream counts against, and how many that one may hold at once; `busy`: the refusal past
 * this cap, when it is not the stream's own (a whole process full answers 503, not 429).
 */
export type StreamHolder = { key: string; max: number; busy?: (retryAfterSeconds: number) => Response }

/** The 429 past a cap, worded for the owner who opened too many tabs of the Playground. */
const tooManyLiveViews = (retryAfterSeconds: number) =>
	new Response(
		`Too many live views are open (at most ${LIVE_STREAMS_PER_USER}). Close some tabs; this one updates when you reload it.`,
		{
			status: 429,
			headers: { 'Retry-After': String(retryAfterSeconds), 'Content-Type': 'text/plain; charset=utf-8' },
		},
	)

/** Messages queued for one client before it counts as slow. */
const SLOW_CLIENT_QUEUE = 16
const RESYNC = encodeEvent('resync', '{"type":"resync"}')

/**
 * Streams messages until the request signal aborts, the client goes away (cancel) or `init`'s
 * `close` ends it; `init` gets `send` and `close` and returns its cleanup, which runs exactly once
 * whichever way it ends. A send after the end is ignored, never thrown. A client that stops reading does not make the server hold every message
 * for it: past a short queue, messages are dropped and, once it reads again, it gets one `resync`
 * (its page reloads its data, which is all a change event asks of it anyway). Each `holder` (a
 * user id) may hold LIVE_STREAMS_PER_USER streams at once; a stream may count against several
 * holders with caps of their own instead (a visitor, and everyone at their address); past any cap
 * the answer is 429 (`busy`'s, when given).
 */
export function eventStreamResponse(
	signal: AbortSignal,
	init: (send: Send, close: Close) => () => void,
	{
		holder,
		busy = tooManyLiveViews,
		headers = {},
	}: {
		holder: string | StreamHolder[]
		busy?: (retryAfterSeconds: number) => Response
		headers?: HeadersInit
	},
) {
	const holders = typeof holder === 'string' ? [{ key: holder, max: LIVE_STREAMS_PER_USER }] : holder
	// Beyond a cap: 429, before anything is subscribed.
	const full = holders.find(({ key, max }) => openStreamCount(key) >= max)
	if (full) return (full.busy ?? busy)(LIVE_STREAM_RETRY_SECONDS)
	for (const { key } of holders) openStreams.set(key, openStreamCount(key) + 1)
	let cleanup: (() => void) | undefined
	let closed = false
	const finish = () => {
		if (closed) return false
		closed = true
		for (const { key } of holders) {
			const left = openStreamCount(key) - 1
			if (left > 0) openStreams.set(key, left)
			else openStreams.delete(key)
		}
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
				// Counts are released at once (finish), so a stream closed to make room frees its slot now.
				cleanup = init(send, () => onAbort())
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

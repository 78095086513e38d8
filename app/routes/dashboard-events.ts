import { eventStream } from 'remix-utils/sse/server'
import { getUser } from '~/utils/auth.server.ts'
import { callLogListener } from '~/utils/call-log-events.server.ts'
import type { Route } from './+types/dashboard-events'

export const HEARTBEAT_MS = 15_000

// GET /playground/dashboard/events: the administrator's live feed of call_logs changes (SSE).
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user?.isAdmin) return new Response('Forbidden', { status: 403 })
	await callLogListener.start()
	return guardedEventStream(
		request.signal,
		(send) => {
			let closed = false
			// The stream can close before the request signal fires (the client went away); a send
			// after that throws, and from a timer it would take the process down. Stop at once instead.
			const safeSend = (event: string, data: string) => {
				if (closed) return
				try {
					send({ event, data })
				} catch {
					cleanup()
				}
			}
			const unsubscribe = callLogListener.subscribe((event) => safeSend(event.type, JSON.stringify(event)))
			// Keeps proxies from closing an idle stream and lets the page notice a dead one.
			const heartbeat = setInterval(() => safeSend('heartbeat', String(Date.now())), HEARTBEAT_MS)
			function cleanup() {
				closed = true
				clearInterval(heartbeat)
				unsubscribe()
			}
			safeSend('status', JSON.stringify({ type: 'status', connected: callLogListener.connected }))
			return cleanup
		},
	)
}

/**
 * remix-utils' eventStream closes its stream when its signal aborts, but has no cancel handler: if
 * the consumer cancels first (the client went away), the later close throws inside an abort
 * listener. Here a cancel aborts the stream's own signal first, so it closes in order.
 */
function guardedEventStream(requestSignal: AbortSignal, init: Parameters<typeof eventStream>[1]) {
	const local = new AbortController()
	const inner = eventStream(AbortSignal.any([requestSignal, local.signal]), init, { headers: { 'X-Accel-Buffering': 'no' } })
	const reader = inner.body!.getReader()
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { done, value } = await reader.read()
			if (done) controller.close()
			else controller.enqueue(value)
		},
		cancel() {
			local.abort()
		},
	})
	return new Response(body, { headers: inner.headers })
}

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
	return eventStream(
		request.signal,
		(send) => {
			const unsubscribe = callLogListener.subscribe((event) => send({ event: event.type, data: JSON.stringify(event) }))
			send({ event: 'status', data: JSON.stringify({ type: 'status', connected: callLogListener.connected }) })
			// Keeps proxies from closing an idle stream and lets the page notice a dead one.
			const heartbeat = setInterval(() => send({ event: 'heartbeat', data: String(Date.now()) }), HEARTBEAT_MS)
			return () => {
				clearInterval(heartbeat)
				unsubscribe()
			}
		},
		{ headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } },
	)
}

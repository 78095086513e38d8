import { getUser } from '~/features/accounts/auth.server.ts'
import { encodeEvent, eventStreamResponse } from '~/lib/event-stream.server.ts'
import { callLogListener, type TableChangeEvent } from '~/lib/table-changes.server.ts'
import type { Route } from './+types/events'

export const HEARTBEAT_MS = 15_000

// Each change is encoded once and the same bytes go to every client of this process.
const encoded = new WeakMap<TableChangeEvent, Uint8Array>()
function bytesOf(event: TableChangeEvent, json: string) {
	let bytes = encoded.get(event)
	if (!bytes) encoded.set(event, (bytes = encodeEvent(event.type, json)))
	return bytes
}

// GET /playground/dashboard/events: the administrator's live feed of call_logs changes (SSE).
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user?.isAdmin) return new Response('Forbidden', { status: 403 })
	await callLogListener.start()
	return eventStreamResponse(
		request.signal,
		(send) => {
			const unsubscribe = callLogListener.subscribe((event, json) => send(bytesOf(event, json)))
			send(encodeEvent('status', JSON.stringify({ type: 'status', connected: callLogListener.connected })))
			// Keeps proxies from closing an idle stream and lets the page notice a dead one.
			const heartbeat = setInterval(() => send(encodeEvent('heartbeat', String(Date.now()))), HEARTBEAT_MS)
			return () => {
				clearInterval(heartbeat)
				unsubscribe()
			}
		},
		{ holder: user.id },
	)
}

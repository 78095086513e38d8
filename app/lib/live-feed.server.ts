// A page's live feed (SSE) of one table's changes: the dashboard's call_logs, a chatbot's
// conversations. Its client is `useLiveFeed` (lib/use-live-feed.ts). The first message says
// whether the database listener is connected (the page reloads its data then, so a row written
// between its load and this subscription is not missed); then come changes, a `resync` after the
// listener reconnected, and a heartbeat that keeps proxies from closing an idle stream and lets the
// page notice a dead one.
import { encodeEvent, eventStreamResponse } from './event-stream.server.ts'
import type { TableChangeEvent, TableChangeListener } from './table-changes.server.ts'

export const HEARTBEAT_MS = 15_000

// Each event is encoded once and the same bytes go to every client of this process (ADR 0008).
const encoded = new WeakMap<TableChangeEvent, Uint8Array>()
function bytesOf(event: TableChangeEvent, json: string) {
	let bytes = encoded.get(event)
	if (!bytes) encoded.set(event, (bytes = encodeEvent(event.type, json)))
	return bytes
}

type ChangeSource = Pick<TableChangeListener, 'start' | 'subscribe' | 'connected'>

/**
 * Streams `listener`'s events until the request ends. `accept` leaves out what this client may not
 * see (another chatbot's changes); status and resync always pass. `holder` is the user the stream
 * counts against (at most LIVE_STREAMS_PER_USER each).
 */
export async function liveFeedResponse(
	request: Request,
	listener: ChangeSource,
	{
		holder,
		accept = () => true,
	}: { holder: string; accept?: (change: TableChangeEvent & { type: 'change' }) => boolean },
) {
	await listener.start()
	return eventStreamResponse(
		request.signal,
		(send) => {
			const unsubscribe = listener.subscribe((event, json) => {
				if (event.type === 'change' && !accept(event)) return
				send(bytesOf(event, json))
			})
			send(encodeEvent('status', JSON.stringify({ type: 'status', connected: listener.connected })))
			const heartbeat = setInterval(() => send(encodeEvent('heartbeat', String(Date.now()))), HEARTBEAT_MS)
			return () => {
				clearInterval(heartbeat)
				unsubscribe()
			}
		},
		{ holder },
	)
}

// The live feed's server side: the listener's state first, only the changes this client may see,
// a heartbeat, and the subscription gone when the client leaves.
import { afterEach, expect, test, vi } from 'vitest'
import { HEARTBEAT_MS, liveFeedResponse } from './live-feed.server.ts'
import type { TableChangeEvent } from './table-changes.server.ts'

/** A stand-in for a TableChangeListener: the test emits what the database would NOTIFY. */
function fakeListener(connected = true) {
	const subscribers = new Set<(event: TableChangeEvent, json: string) => void>()
	return {
		connected,
		start: vi.fn(async () => {}),
		subscribe(subscriber: (event: TableChangeEvent, json: string) => void) {
			subscribers.add(subscriber)
			return () => void subscribers.delete(subscriber)
		},
		emit(event: TableChangeEvent) {
			for (const subscriber of subscribers) subscriber(event, JSON.stringify(event))
		},
		get count() {
			return subscribers.size
		},
	}
}

async function readEvents(response: Response, until: (events: string[]) => boolean) {
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	const events: string[] = []
	while (!until(events)) {
		const { value, done } = await reader.read()
		if (done) break
		events.push(...value.split('\n\n').filter(Boolean))
	}
	return { events, reader }
}

afterEach(() => {
	vi.useRealTimers()
})

test("first the listener's state, then the changes accepted for this client, resync and heartbeats", async () => {
	vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
	const listener = fakeListener(false)
	const response = await liveFeedResponse(new Request('http://localhost/feed'), listener, {
		holder: 'feed-owner',
		accept: (change) => change.chatbotId === 'mine',
	})
	expect(listener.start).toHaveBeenCalled()
	expect(response.headers.get('Content-Type')).toContain('text/event-stream')
	listener.emit({ type: 'change', op: 'INSERT', id: '1', chatbotId: 'theirs' })
	listener.emit({ type: 'change', op: 'UPDATE', id: '2', chatbotId: 'mine' })
	listener.emit({ type: 'status', connected: true })
	listener.emit({ type: 'resync' })
	vi.advanceTimersByTime(HEARTBEAT_MS)
	const { events, reader } = await readEvents(response, (all) => all.some((e) => e.startsWith('event: heartbeat')))
	expect(events.map((event) => event.split('\n')[0])).toEqual([
		'event: status',
		'event: change',
		'event: status',
		'event: resync',
		'event: heartbeat',
	])
	expect(events[0]).toBe('event: status\ndata: {"type":"status","connected":false}')
	expect(events[1]).toContain('"id":"2"')
	expect(events.join()).not.toContain('theirs')
	expect(listener.count).toBe(1)
	await reader.cancel()
	expect(listener.count).toBe(0)
	expect(() => vi.advanceTimersByTime(HEARTBEAT_MS * 2)).not.toThrow()
})

test('without a filter every change is sent; a request that ends unsubscribes', async () => {
	const listener = fakeListener()
	const controller = new AbortController()
	const response = await liveFeedResponse(
		new Request('http://localhost/feed', { signal: controller.signal }),
		listener,
		{
			holder: 'feed-admin',
		},
	)
	listener.emit({ type: 'change', op: 'DELETE', id: '3' })
	const { events } = await readEvents(response, (all) => all.length >= 2)
	expect(events[0]).toBe('event: status\ndata: {"type":"status","connected":true}')
	expect(events[1]).toBe('event: change\ndata: {"type":"change","op":"DELETE","id":"3"}')
	controller.abort()
	expect(listener.count).toBe(0)
})

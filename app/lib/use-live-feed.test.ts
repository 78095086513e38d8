// The live feed's client: what the page says (LiveState), when it reloads its data, and how it gets
// its feed back after a dropped connection, a refusal or a silent death.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { openLiveFeed, type LiveState } from './use-live-feed.ts'

/** A stand-in for the browser's EventSource: the test opens, refuses and sends as the server would. */
class FakeEventSource extends EventTarget {
	static readonly CONNECTING = 0
	static readonly OPEN = 1
	static readonly CLOSED = 2
	static opened: FakeEventSource[] = []
	readyState = FakeEventSource.CONNECTING
	constructor(readonly url: string) {
		super()
		FakeEventSource.opened.push(this)
	}
	close() {
		this.readyState = FakeEventSource.CLOSED
	}
	open() {
		this.readyState = FakeEventSource.OPEN
		this.dispatchEvent(new Event('open'))
	}
	send(event: string, data = '{}') {
		this.dispatchEvent(new MessageEvent(event, { data }))
	}
	/** The connection dropped: the browser tries again by itself. */
	drop() {
		this.readyState = FakeEventSource.CONNECTING
		this.dispatchEvent(new Event('error'))
	}
	/** The server answered with an error status (429, 403, 502): the browser gives up. */
	refuse() {
		this.readyState = FakeEventSource.CLOSED
		this.dispatchEvent(new Event('error'))
	}
}

const latest = () => FakeEventSource.opened.at(-1)!

function feed(onChange: () => boolean | void = () => {}) {
	const states: LiveState[] = []
	const changes = vi.fn(onChange)
	const close = openLiveFeed('/feed', { onState: (state) => states.push(state), onChange: changes })
	return { states, changes, close, state: () => states.at(-1) }
}

beforeEach(() => {
	FakeEventSource.opened = []
	vi.stubGlobal('EventSource', FakeEventSource)
	vi.useFakeTimers()
})
afterEach(() => {
	vi.useRealTimers()
	vi.unstubAllGlobals()
})

test('live only while the feed is open and its database listener connected; the first message reloads the data', () => {
	const { state, changes, close } = feed()
	expect(latest().url).toBe('/feed')
	expect(state()).toBe('connecting')
	latest().open()
	expect(state()).toBe('live')
	latest().send('status', '{"type":"status","connected":true}')
	vi.advanceTimersByTime(300)
	expect(changes).toHaveBeenCalledTimes(1) // a row written before the subscription is not missed
	latest().send('status', '{"type":"status","connected":false}')
	expect(state()).toBe('reconnecting')
	latest().send('status', '{"type":"status","connected":true}')
	expect(state()).toBe('live')
	latest().drop()
	expect(state()).toBe('reconnecting')
	expect(FakeEventSource.opened).toHaveLength(1) // the browser reconnects a dropped feed itself
	latest().open()
	expect(state()).toBe('live')
	close()
})

test('a burst of changes is one reload; a reload that cannot run during a navigation is asked again', () => {
	let busy = true
	const { changes, close } = feed(() => !busy)
	latest().open()
	for (let i = 0; i < 20; i++) latest().send('change')
	latest().send('resync')
	expect(changes).not.toHaveBeenCalled()
	vi.advanceTimersByTime(250)
	expect(changes).toHaveBeenCalledTimes(1) // refused: a form submission is under way
	vi.advanceTimersByTime(250)
	expect(changes).toHaveBeenCalledTimes(2)
	busy = false
	vi.advanceTimersByTime(250)
	expect(changes).toHaveBeenCalledTimes(3)
	vi.advanceTimersByTime(5_000)
	expect(changes).toHaveBeenCalledTimes(3) // done: nothing more without a new change
	latest().send('change')
	vi.advanceTimersByTime(250)
	expect(changes).toHaveBeenCalledTimes(4)
	close()
})

test('after a refusal the page tries again itself, backing off, and starts afresh once open', () => {
	const { state, close } = feed()
	latest().refuse()
	expect(state()).toBe('reconnecting')
	vi.advanceTimersByTime(4_999)
	expect(FakeEventSource.opened).toHaveLength(1)
	vi.advanceTimersByTime(1)
	expect(FakeEventSource.opened).toHaveLength(2)
	latest().refuse()
	vi.advanceTimersByTime(9_999)
	expect(FakeEventSource.opened).toHaveLength(2)
	vi.advanceTimersByTime(1)
	expect(FakeEventSource.opened).toHaveLength(3)
	for (let i = 0; i < 6; i++) {
		latest().refuse()
		vi.advanceTimersByTime(60_000) // the wait stops growing at a minute
	}
	expect(FakeEventSource.opened).toHaveLength(9)
	latest().open()
	expect(state()).toBe('live')
	latest().refuse()
	vi.advanceTimersByTime(5_000)
	expect(FakeEventSource.opened).toHaveLength(10)
	close()
})

test('a feed silent past the heartbeat limit is replaced; heartbeats keep it', () => {
	const { state, close } = feed()
	latest().open()
	for (let i = 0; i < 6; i++) {
		vi.advanceTimersByTime(15_000)
		latest().send('heartbeat', String(Date.now()))
	}
	expect(FakeEventSource.opened).toHaveLength(1)
	const dead = latest()
	vi.advanceTimersByTime(45_000)
	expect(FakeEventSource.opened).toHaveLength(2)
	expect(dead.readyState).toBe(FakeEventSource.CLOSED)
	expect(state()).toBe('reconnecting')
	latest().open()
	expect(state()).toBe('live')
	close()
})

test('closing stops everything: the feed, a pending reload and a pending retry', () => {
	const first = feed()
	latest().open()
	latest().send('change')
	first.close()
	expect(latest().readyState).toBe(FakeEventSource.CLOSED)
	vi.advanceTimersByTime(120_000)
	expect(first.changes).not.toHaveBeenCalled()
	expect(FakeEventSource.opened).toHaveLength(1)

	const second = feed()
	latest().refuse()
	second.close()
	vi.advanceTimersByTime(120_000)
	expect(FakeEventSource.opened).toHaveLength(2)
})

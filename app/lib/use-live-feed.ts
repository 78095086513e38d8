// Keeps a page current from its live feed (lib/live-feed.server.ts): the dashboard and a chatbot's
// Conversations page. Every change reloads the page's data (coalesced), and so does the feed's first
// message, which comes once the server has subscribed: a row written between the page's load and
// the subscription (or while a connection was down) is never missed.
import { useEffect, useRef, useState } from 'react'
import { useNavigation, useRevalidator } from 'react-router'

/**
 * `off` until the page's JavaScript opens the feed (on the server, and for good without
 * JavaScript); `live` only while the feed is open and its database listener connected.
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting'

/** Changes within this window cause one reload: a burst of them costs the page four loads a second at most. */
const COALESCE_MS = 250
/** The server sends a heartbeat every 15 s; silence past this means the connection is dead without an error. */
const SILENCE_LIMIT_MS = 40_000
/**
 * After the server refused the feed (429 past the per-user cap, 403, a proxy's 5xx), EventSource
 * does not try again by itself: the page does, waiting this long, doubling.
 */
const REFUSED_RETRY_MS = { first: 5_000, max: 60_000 }

/**
 * Opens `url` as an EventSource and keeps it open until the returned function is called.
 * `onChange` reloads the page's data; it returns false when it cannot now (a navigation is under
 * way, which reloads everything itself) and is asked again shortly.
 */
export function openLiveFeed(
	url: string,
	{ onState, onChange }: { onState: (state: LiveState) => void; onChange: () => boolean | void },
) {
	let source: EventSource | null = null
	let stopped = false
	let backoff = REFUSED_RETRY_MS.first
	let lastSeen = Date.now()
	let refreshTimer: ReturnType<typeof setTimeout> | undefined
	let retryTimer: ReturnType<typeof setTimeout> | undefined

	const refresh = () => {
		refreshTimer ??= setTimeout(() => {
			refreshTimer = undefined
			if (onChange() === false) refresh()
		}, COALESCE_MS)
	}
	const seen = () => (lastSeen = Date.now())

	function connect() {
		if (stopped) return
		onState(source ? 'reconnecting' : 'connecting')
		seen() // a new connection gets its own full wait before the watchdog gives up on it
		const current = new EventSource(url)
		source = current
		current.addEventListener('open', () => {
			seen()
			backoff = REFUSED_RETRY_MS.first
			onState('live')
		})
		for (const name of ['change', 'resync']) {
			current.addEventListener(name, () => {
				seen()
				refresh()
			})
		}
		current.addEventListener('heartbeat', seen)
		current.addEventListener('status', (event) => {
			seen()
			const { connected } = JSON.parse((event as MessageEvent<string>).data) as {
				connected: boolean
			}
			onState(connected ? 'live' : 'reconnecting')
			refresh()
		})
		current.addEventListener('error', () => {
			if (current !== source) return
			onState('reconnecting')
			// EventSource retries by itself after a dropped connection, not after a refusal.
			if (current.readyState !== EventSource.CLOSED) return
			current.close()
			retryTimer = setTimeout(connect, backoff)
			backoff = Math.min(backoff * 2, REFUSED_RETRY_MS.max)
		})
	}
	connect()

	const watchdog = setInterval(() => {
		if (Date.now() - lastSeen <= SILENCE_LIMIT_MS || !source || source.readyState === EventSource.CLOSED) return
		source.close()
		connect()
	}, 5_000)

	return () => {
		stopped = true
		clearInterval(watchdog)
		clearTimeout(refreshTimer)
		clearTimeout(retryTimer)
		source?.close()
	}
}

/** The page's live feed at `url`, reloading its data on every change; returns the feed's state. */
export function useLiveFeed(url: string) {
	const [state, setState] = useState<LiveState>('off')
	const { revalidate } = useRevalidator()
	// A form submission (delete, refresh) reloads everything itself; revalidating on top of it would
	// race it and could swallow its flash message.
	const latest = useRef({ revalidate, navigation: 'idle' })
	latest.current = { revalidate, navigation: useNavigation().state }

	useEffect(
		() =>
			openLiveFeed(url, {
				onState: setState,
				onChange: () => {
					if (latest.current.navigation !== 'idle') return false
					void latest.current.revalidate()
				},
			}),
		[url],
	)
	return state
}

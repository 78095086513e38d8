// Keeps the dashboard current: listens to the server's event stream and revalidates the page on
// every change (coalesced). The server's first message (status) comes once it has subscribed; the
// page revalidates then too, so a row written between the page's load and the subscription (or
// while a connection was down) is never missed.
import { useEffect, useRef, useState } from 'react'
import { useNavigation, useRevalidator } from 'react-router'

export type LiveState = 'connecting' | 'live' | 'reconnecting'

const SILENCE_LIMIT_MS = 40_000 // the server sends a heartbeat every 15 s

export function useDashboardLive(url = '/playground/dashboard/events') {
	const [state, setState] = useState<LiveState>('connecting')
	const revalidator = useRevalidator()
	const revalidate = useRef(revalidator.revalidate)
	revalidate.current = revalidator.revalidate
	// A form submission (delete, refresh) reloads everything itself; revalidating on top of it would
	// race it and could swallow its flash message.
	const navigationState = useRef('idle')
	navigationState.current = useNavigation().state

	useEffect(() => {
		let source: EventSource | null = null
		let stopped = false
		let backoff = 1000
		let lastSeen = Date.now()
		let refreshTimer: number | undefined
		let retryTimer: number | undefined

		const refresh = () => {
			window.clearTimeout(refreshTimer)
			refreshTimer = window.setTimeout(() => {
				if (navigationState.current === 'idle') void revalidate.current()
				else refresh() // try again once the navigation is done
			}, 60)
		}
		const seen = () => (lastSeen = Date.now())

		function connect() {
			if (stopped) return
			source = new EventSource(url)
			source.addEventListener('open', () => {
				seen()
				backoff = 1000
				setState('live')
			})
			source.addEventListener('change', () => {
				seen()
				refresh()
			})
			source.addEventListener('resync', () => {
				seen()
				refresh()
			})
			source.addEventListener('heartbeat', seen)
			source.addEventListener('status', (event) => {
				seen()
				const { connected } = JSON.parse((event as MessageEvent).data)
				setState(connected ? 'live' : 'reconnecting')
				refresh()
			})
			source.addEventListener('error', () => {
				setState('reconnecting')
				// EventSource retries by itself unless the server refused it; then we retry with backoff.
				if (source?.readyState === EventSource.CLOSED) {
					source.close()
					retryTimer = window.setTimeout(connect, backoff)
					backoff = Math.min(backoff * 2, 15_000)
				}
			})
		}
		connect()

		const watchdog = window.setInterval(() => {
			if (Date.now() - lastSeen > SILENCE_LIMIT_MS && source) {
				source.close()
				seen() // give the new connection its own full wait
				setState('reconnecting')
				connect()
			}
		}, 5_000)

		return () => {
			stopped = true
			window.clearInterval(watchdog)
			window.clearTimeout(refreshTimer)
			window.clearTimeout(retryTimer)
			source?.close()
		}
	}, [url])

	return state
}

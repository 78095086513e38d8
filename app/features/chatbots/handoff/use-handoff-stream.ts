// A conversation's live stream in the browser (the visitor's widget and the owner's view): each
// `handoff` event goes to `onSnapshot`. EventSource reconnects by itself after a dropped connection
// (the server sends again what came since the first `since`, and callers keep messages by id);
// after a refusal (429, 404) it does not, so this tries again, waiting longer each time.
import { useEffect, useRef, useState } from 'react'
import type { HandoffSnapshot } from './handoff-schema.ts'

const RETRY_MS = { first: 3_000, max: 60_000 }
/** How long the other side's "typing" shows without a new sign of it. */
const TYPING_SHOWN_MS = 6_000

export function useHandoffStream(url: string | null, onSnapshot: (snapshot: HandoffSnapshot) => void) {
	const latest = useRef(onSnapshot)
	latest.current = onSnapshot
	const [failed, setFailed] = useState(false)
	useEffect(() => {
		if (!url) return
		if (typeof EventSource === 'undefined') {
			setFailed(true)
			return
		}
		let source: EventSource | null = null
		let retry: ReturnType<typeof setTimeout> | undefined
		let backoff = RETRY_MS.first
		let stopped = false
		const connect = () => {
			if (stopped) return
			const current = new EventSource(url)
			source = current
			current.addEventListener('handoff', (event) => {
				backoff = RETRY_MS.first
				setFailed(false)
				latest.current(JSON.parse((event as MessageEvent<string>).data) as HandoffSnapshot)
			})
			current.addEventListener('error', () => {
				if (current.readyState !== EventSource.CLOSED) return
				setFailed(true)
				current.close()
				retry = setTimeout(connect, backoff)
				backoff = Math.min(backoff * 2, RETRY_MS.max)
			})
		}
		connect()
		return () => {
			stopped = true
			clearTimeout(retry)
			source?.close()
		}
	}, [url])
	return { failed }
}

/** Whether the other side counts as typing: a sign of it came within TYPING_SHOWN_MS. */
export function useTypingShown(typingAt: number | null) {
	const [, rerender] = useState(0)
	useEffect(() => {
		if (typingAt === null) return
		const left = typingAt + TYPING_SHOWN_MS - Date.now()
		if (left <= 0) return
		const timer = setTimeout(() => rerender((n) => n + 1), left + 50)
		return () => clearTimeout(timer)
	}, [typingAt])
	return typingAt !== null && Date.now() - typingAt < TYPING_SHOWN_MS
}

// A call's duration on the dashboard. An ended call's is its stored length; a call in progress shows
// the seconds so far, computed by the server (so the page says something true without JavaScript),
// and ticks on each second in the browser until the live feed brings the next figure.
import { useEffect, useState } from 'react'
import { formatDuration } from '~/lib/format-duration.ts'

export function CallDuration({ seconds, live }: { seconds: number; live: boolean }) {
	const [since, setSince] = useState(0)
	useEffect(() => {
		setSince(0)
		if (!live) return
		const from = Date.now()
		const timer = setInterval(() => setSince(Math.floor((Date.now() - from) / 1000)), 1000)
		return () => clearInterval(timer)
	}, [seconds, live])
	// role="timer": read when asked, not announced every second.
	return (
		<span role="timer" data-testid="duration" data-live={live || undefined}>
			{formatDuration(seconds + since)}
		</span>
	)
}

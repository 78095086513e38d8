import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Re-reads the page's data every `everyMs` (a second and a half unless told) while `active` (work in
 * a job runs), and stops when not.
 */
export function useRefreshWhile(active: boolean, everyMs = 1500) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!active) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate()
		}, everyMs)
		return () => clearInterval(timer)
	}, [active, everyMs, revalidator])
}

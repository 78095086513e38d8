import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/** Re-reads the page's data every couple of seconds while `active` (work in a job runs), and stops when not. */
export function useRefreshWhile(active: boolean) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!active) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate()
		}, 1500)
		return () => clearInterval(timer)
	}, [active, revalidator])
}

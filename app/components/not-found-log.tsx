import { useEffect } from 'react'

/** Shows nothing; logs the missing path to the browser's console, as the spec asks of the 404 page. */
export function NotFoundLog({ pathname }: { pathname: string }) {
	useEffect(() => {
		console.error('404 Error: User attempted to access non-existent route:', pathname)
	}, [pathname])
	return null
}

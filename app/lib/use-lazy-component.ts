import { useCallback, useRef, useState, type ComponentType } from 'react'

/**
 * A component fetched the first time `load` is called (on hover, focus or click), then kept. Plain
 * state rather than React.lazy: nothing suspends, so it renders the moment its code is there.
 */
export function useLazyComponent<Props>(importer: () => Promise<ComponentType<Props>>, what: string) {
	const [Component, setComponent] = useState<ComponentType<Props> | null>(null)
	const started = useRef(false)
	const load = useCallback(() => {
		if (started.current) return
		started.current = true
		importer()
			.then((component) => setComponent(() => component))
			.catch((error) => {
				started.current = false // let the next hover or click try again
				console.error(`Could not load the ${what}`, error)
			})
	}, [importer, what])
	return [Component, load] as const
}

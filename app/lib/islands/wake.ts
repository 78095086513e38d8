/** The DOM event by which a part of the page asks for an island to come alive now. */
export const WAKE_ISLAND_EVENT = 'island:wake'

/**
 * Asks the islands loader to hydrate an island now rather than when idle or visible: the hero's
 * "Ask Riya" needs the chat at once. Where React Router hydrates the whole page nothing listens,
 * and nothing needs to.
 */
export function wakeIsland(name: string) {
	if (typeof document === 'undefined') return
	document.dispatchEvent(new CustomEvent(WAKE_ISLAND_EVENT, { detail: name }))
}

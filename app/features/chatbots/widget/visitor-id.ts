// The widget's anonymous visitor id: made once and kept in the embed frame's own storage, so a
// visitor's conversation, handoff, feedback and lead belong to them across reloads. Where the browser
// blocks a third-party frame's storage (a privacy setting; reading localStorage throws), the id is
// kept for the page's life instead: the visitor can still ask for a person, rate answers and leave
// their details in that visit, which is only forgotten on reload.

/** Where the id is kept in the iframe's own storage. */
export const VISITOR_KEY = 'zenvora-chat:visitor'

let pageVisitorId: string | null = null

/** A random id the server takes (FeedbackSchema's `[\w-]{8,64}`), also outside a secure context. */
function newVisitorId() {
	if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
	return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * This browser's visitor id: the stored one, or a new one stored now; when storage throws, one id
 * for the rest of this page's life. `storage` is a function: merely reading `window.localStorage`
 * throws where it is blocked.
 */
export function currentVisitorId(
	storage: () => Pick<Storage, 'getItem' | 'setItem'> = () => localStorage,
	makeId: () => string = newVisitorId,
) {
	try {
		const kept = storage().getItem(VISITOR_KEY)
		if (kept) return kept
		const made = makeId()
		storage().setItem(VISITOR_KEY, made)
		return made
	} catch {
		pageVisitorId ??= makeId()
		return pageVisitorId
	}
}

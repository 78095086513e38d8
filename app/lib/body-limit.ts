// How large a request body a route takes. A route that takes more than a plain form declares it in
// its `handle` (`export const handle = { bodyLimit }`), next to the action that reads the body; the
// server finds the route a request goes to and refuses a larger declared length before reading a
// byte (server/body-limit.ts). Every other route takes DEFAULT_BODY_LIMIT.

export type BodyLimit = { maxBytes: number; label: string }

const MB = 1024 * 1024

/** A form or a JSON body: 1 MB. */
export const DEFAULT_BODY_LIMIT: BodyLimit = { maxBytes: MB, label: '1 MB' }

/** The limit a route module's `handle` declares, if it declares one. */
export function declaredBodyLimit(handle: unknown): BodyLimit | null {
	const limit = (handle as { bodyLimit?: Partial<BodyLimit> } | null | undefined)?.bodyLimit
	return limit && typeof limit.maxBytes === 'number' && typeof limit.label === 'string'
		? { maxBytes: limit.maxBytes, label: limit.label }
		: null
}

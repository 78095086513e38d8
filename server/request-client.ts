// Whom a request counts against in the request share (server/request-share.ts): the signed-in USER,
// whichever of their sessions it comes from (anyone may sign in as often as they like, so counting
// sessions would give one user as many shares as sessions), or else the client key of its IP address
// (app/lib/client-ip.ts). docs/decisions/0023-database-pool-share.md
//
// The cookie's signature is checked without the database; the session's user is then looked up once
// and kept for a minute. The look-up runs before the share counts the request, so it never waits
// behind the share it feeds; it takes at most a couple of the pool's connections at once and gives
// up after a second. A look-up that fails or is slow counts the request against its IP instead: the
// database being unwell must not turn every request into a 500.
import type { Request } from 'express'
import { CLIENT_IP_HEADER, clientKeyOf } from '~/lib/client-ip.ts'
import { sessionIdOf } from '~/lib/session-cookie.server.ts'

export type RequestClientOptions = {
	/** The user a session id belongs to; null: no such session (or an expired one). */
	ownerOf: (sessionId: string) => Promise<string | null>
	/** How long a session's user (or that it has none) is kept. */
	ttlMs?: number
	/** Sessions kept at most; the oldest make room. */
	maxEntries?: number
	/** How long a request waits for its session's user before it counts against its IP. */
	lookupTimeoutMs?: number
	/** Look-ups that run at once (each holds a database connection for a moment); the rest wait. */
	lookupsAtOnce?: number
}

export function requestClient({
	ownerOf,
	ttlMs = 60_000,
	maxEntries = 10_000,
	lookupTimeoutMs = 1_000,
	lookupsAtOnce = 2,
}: RequestClientOptions) {
	const owners = new Map<string, { userId: string | null; until: number }>()
	// One look-up per session at a time: the requests of a session that is not known yet share it.
	const lookups = new Map<string, Promise<string | null>>()
	let running = 0
	const turns: Array<() => void> = []
	let warnedAt = 0

	const remember = (sessionId: string, userId: string | null) => {
		owners.delete(sessionId)
		if (owners.size >= maxEntries) owners.delete(owners.keys().next().value!)
		owners.set(sessionId, { userId, until: Date.now() + ttlMs })
	}

	const lookUp = async (sessionId: string) => {
		if (running >= lookupsAtOnce) await new Promise<void>((resolve) => turns.push(resolve))
		else running++
		try {
			const userId = await ownerOf(sessionId)
			remember(sessionId, userId)
			return userId
		} finally {
			lookups.delete(sessionId)
			// The running count stays as it is when a waiting look-up takes this one's turn.
			const next = turns.shift()
			if (next) next()
			else running--
		}
	}

	const ownerOfSession = (sessionId: string) => {
		const known = owners.get(sessionId)
		if (known && known.until > Date.now()) return known.userId
		let lookup = lookups.get(sessionId)
		if (!lookup) {
			lookup = lookUp(sessionId)
			lookups.set(sessionId, lookup)
		}
		let timer: NodeJS.Timeout | undefined
		const timeout = new Promise<never>((_resolve, reject) => {
			timer = setTimeout(() => reject(new Error(`no answer in ${lookupTimeoutMs} ms`)), lookupTimeoutMs)
		})
		return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer))
	}

	/** The request's client: `user:<id>`, `ip:<client key>`, or null for the health check (not counted). */
	return async function clientOf(req: Request): Promise<string | null> {
		if (req.path === '/healthz') return null
		const byIp = `ip:${clientKeyOf(String(req.headers[CLIENT_IP_HEADER] ?? 'unknown'))}`
		// A forged or tampered cookie has no valid signature: it counts as its IP, with no look-up.
		const sessionId = await sessionIdOf(req.headers.cookie)
		if (!sessionId) return byIp
		try {
			const userId = await ownerOfSession(sessionId)
			return userId ? `user:${userId}` : byIp
		} catch (error) {
			// Once a minute at most: while the database is unwell, every such request would say the same.
			if (Date.now() - warnedAt > 60_000) {
				warnedAt = Date.now()
				console.warn(`Counting requests against their IP: a session's user could not be read (${String(error)})`)
			}
			return byIp
		}
	}
}

// The session cookie: the signed id of a sessions row (session.server.ts). Reading it needs no
// database, so a forged cookie is told apart before any look-up: server/request-client.ts then finds
// the session's user, whom the request share counts (server/request-share.ts).
import { createCookie } from 'react-router'
import { cookieDefaults } from './cookie.server.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
const SESSION_COOKIE = 'session'

export function sessionCookie() {
	return createCookie(SESSION_COOKIE, { ...cookieDefaults(), maxAge: SESSION_TTL_MS / 1000 })
}

/** The session id a Cookie header carries, when its signature is ours; null otherwise. */
export async function sessionIdOf(cookieHeader: string | null | undefined) {
	if (!cookieHeader) return null
	const sessionId: unknown = await sessionCookie().parse(cookieHeader)
	return typeof sessionId === 'string' && /^[0-9a-f-]{36}$/.test(sessionId) ? sessionId : null
}

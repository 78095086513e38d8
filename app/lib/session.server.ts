// Sessions are rows in Postgres (revocable, shared by every instance); the cookie holds only the
// signed session id.
import { prisma } from './db.server.ts'
import { SESSION_TTL_MS, sessionCookie, sessionIdOf } from './session-cookie.server.ts'

/** A session used when less than this is left is extended to the full 30 days. */
const RENEW_WHEN_LEFT_MS = 29 * 24 * 60 * 60 * 1000

const SESSION_USER = { id: true, email: true, fullName: true, emailVerifiedAt: true } as const
type SessionOwner = { id: string; email: string; fullName: string | null; emailVerifiedAt: Date | null }
export type ActiveSession = {
	id: string
	userId: string
	expiresAt: Date
	user: SessionOwner
	setCookie: string | null
}

/** Expired rows are removed when met in getSession; the hourly prune-expired job sweeps the rest. */
export async function pruneExpiredSessions() {
	return (await prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } })).count
}

export async function createSession(userId: string) {
	const session = await prisma.session.create({
		data: { userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
		select: { id: true },
	})
	return { sessionId: session.id, setCookie: await sessionCookie().serialize(session.id) }
}

/**
 * The valid session of this request, renewed when used (sliding 30 days). `setCookie` is the
 * refreshed cookie to send back, or null when nothing changed.
 */
export async function getSession(request: Request): Promise<ActiveSession | null> {
	const sessionId = await sessionIdOf(request.headers.get('Cookie'))
	if (!sessionId) return null
	// The session and its user in one query: this runs on every signed-in request.
	const session = await prisma.session.findUnique({
		where: { id: sessionId },
		select: { id: true, userId: true, expiresAt: true, user: { select: SESSION_USER } },
	})
	if (!session) return null
	const now = Date.now()
	if (session.expiresAt.getTime() <= now) {
		await prisma.session.deleteMany({ where: { id: session.id } })
		return null
	}
	if (session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
		const expiresAt = new Date(now + SESSION_TTL_MS)
		await prisma.session.update({ where: { id: session.id }, data: { expiresAt } })
		return { ...session, expiresAt, setCookie: await sessionCookie().serialize(session.id) }
	}
	return { ...session, setCookie: null }
}

/**
 * The id of the user a session belongs to, or null when there is no such session or it has expired.
 * One row by its key: server/request-client.ts asks it (rarely: it keeps the answers a while) to
 * count every session of one user as that user.
 */
export async function sessionOwnerOf(sessionId: string) {
	const session = await prisma.session.findUnique({
		where: { id: sessionId },
		select: { userId: true, expiresAt: true },
	})
	return session && session.expiresAt.getTime() > Date.now() ? session.userId : null
}

/** Deletes the row (the session is revoked everywhere) and returns the cookie that clears it. */
export async function destroySession(request: Request) {
	const sessionId = await sessionIdOf(request.headers.get('Cookie'))
	if (sessionId) {
		await prisma.session.deleteMany({ where: { id: sessionId } })
	}
	return sessionCookie().serialize('', { maxAge: 0 })
}

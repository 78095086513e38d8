import { afterAll, beforeAll, expect, test } from 'vitest'
import { prisma } from './db.server.ts'
import { SESSION_TTL_MS } from './session-cookie.server.ts'
import { createSession, destroySession, getSession } from './session.server.ts'

let userId: string
beforeAll(async () => {
	userId = (await prisma.user.create({ data: { email: `session-${Date.now()}@example.com`, passwordHash: 'x' } })).id
})
afterAll(async () => {
	await prisma.user.delete({ where: { id: userId } })
})

const requestWith = (setCookie: string) =>
	new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0] } })

test('the cookie carries only a signed session id, HttpOnly, SameSite=Lax, 30 days', async () => {
	const { sessionId, setCookie } = await createSession(userId)
	expect(setCookie).toMatch(/^session=/)
	expect(setCookie).toContain('HttpOnly')
	expect(setCookie).toContain('SameSite=Lax')
	expect(setCookie).toContain('Path=/')
	expect(setCookie).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`)
	// The value is the session id (base64 JSON) and its signature: nothing else about the user.
	const value = decodeURIComponent(setCookie.split(';')[0].slice('session='.length))
	const payload = value.slice(0, value.lastIndexOf('.'))
	expect(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).toBe(sessionId)
	const session = await getSession(requestWith(setCookie))
	expect(session).toMatchObject({ id: sessionId, userId, setCookie: null })
})

test('Secure in production', async () => {
	const previous = process.env.NODE_ENV
	process.env.NODE_ENV = 'production'
	try {
		expect((await createSession(userId)).setCookie).toContain('Secure')
	} finally {
		process.env.NODE_ENV = previous
	}
})

test('a forged or unknown cookie is no session', async () => {
	expect(await getSession(new Request('http://localhost/', { headers: { Cookie: 'session=abc' } }))).toBeNull()
	const { setCookie } = await createSession(userId)
	const tampered = setCookie.split(';')[0].replace(/.(?=\.)/, (c) => (c === 'a' ? 'b' : 'a'))
	expect(await getSession(new Request('http://localhost/', { headers: { Cookie: tampered } }))).toBeNull()
})

test('a session is renewed to 30 days when used, and expired ones are gone', async () => {
	const { sessionId, setCookie } = await createSession(userId)
	await prisma.session.update({
		where: { id: sessionId },
		data: { expiresAt: new Date(Date.now() + 5 * 24 * 3600_000) },
	})
	const renewed = await getSession(requestWith(setCookie))
	expect(renewed?.setCookie).toContain('session=')
	expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000)

	await prisma.session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } })
	expect(await getSession(requestWith(setCookie))).toBeNull()
	expect(await prisma.session.findUnique({ where: { id: sessionId } })).toBeNull()
})

test('signing out deletes the row and clears the cookie', async () => {
	const { sessionId, setCookie } = await createSession(userId)
	const cleared = await destroySession(requestWith(setCookie))
	expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
	expect(await prisma.session.findUnique({ where: { id: sessionId } })).toBeNull()
	expect(await getSession(requestWith(setCookie))).toBeNull()
})

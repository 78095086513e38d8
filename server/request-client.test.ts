// The request share counts the signed-in user, whichever of their sessions a request comes from:
// signing in ten times does not give one user ten shares of the database pool. A forged cookie, an
// unknown session and a database that cannot answer count the request against its IP's client key.
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { CLIENT_IP_HEADER } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { createSession, sessionOwnerOf } from '~/lib/session.server.ts'
import { startHeldRequests, until } from '../tests/support/held-requests.ts'
import { requestClient } from './request-client.ts'
import { requestShare } from './request-share.ts'

const PER_CLIENT = 2
const share = requestShare({
	perClient: PER_CLIENT,
	maxWaiting: 20,
	maxWaitMs: 20_000,
	clientOf: requestClient({ ownerOf: sessionOwnerOf }),
})
const users: string[] = []
let server: Awaited<ReturnType<typeof startHeldRequests>>
beforeAll(async () => {
	server = await startHeldRequests({ middleware: share.middleware, labelOf: (req) => String(req.headers['x-label']) })
})
afterAll(async () => {
	await server.close()
	await prisma.user.deleteMany({ where: { id: { in: users } } })
})

const newUser = async (name: string) => {
	const user = await prisma.user.create({
		data: { email: `${name}-${crypto.randomUUID()}@example.com`, passwordHash: 'x' },
	})
	users.push(user.id)
	return user.id
}
const cookieOf = async (userId: string) => (await createSession(userId)).setCookie.split(';')[0]
const get = (label: string, headers: Record<string, string>) =>
	fetch(`${server.base}/playground`, { headers: { 'x-label': label, ...headers } })

test("several sessions of one user, from several addresses, run no more than one share at once; another user's request runs", async () => {
	const greedy = await newUser('greedy')
	const sessions = await Promise.all([1, 2, 3, 4, 5].map(() => cookieOf(greedy)))
	// Three requests from each of five sessions, each from an address of its own: fifteen at once.
	const answers = sessions.flatMap((cookie, i) =>
		[1, 2, 3].map(() => get('greedy', { Cookie: cookie, [CLIENT_IP_HEADER]: `198.51.100.${i + 1}` })),
	)
	// Every one of them has arrived: running, or waiting for a turn.
	const waiting = () => [...share.clients.values()].reduce((sum, client) => sum + client.waiting.length, 0)
	await until(() => server.held.length + waiting() === 15)
	expect(server.inHandler.get('greedy')).toBe(PER_CLIENT)
	expect(share.clients.get(`user:${greedy}`)?.waiting.length).toBe(15 - PER_CLIENT)

	const other = await newUser('other')
	const otherAnswer = get('other', { Cookie: await cookieOf(other), [CLIENT_IP_HEADER]: '198.51.100.1' })
	await until(() => server.inHandler.get('other') === 1)

	await server.releaseAll()
	for (const answer of [...answers, otherAnswer]) expect((await answer).status).toBe(200)
	expect(server.highest.get('greedy')).toBe(PER_CLIENT)
})

test('a forged cookie or a session that is gone counts as the client key of its IP', async () => {
	const clientOf = requestClient({ ownerOf: sessionOwnerOf })
	const requestWith = (headers: Record<string, string>) =>
		({ path: '/playground', headers: { [CLIENT_IP_HEADER]: '2001:db8:1:2::5', ...headers } }) as never
	const user = await newUser('gone')
	const { sessionId, setCookie } = await createSession(user)
	const cookie = setCookie.split(';')[0]
	const forged = cookie.replace(/.(?=\.)/, (c) => (c === 'a' ? 'b' : 'a'))
	expect(await clientOf(requestWith({ cookie: forged }))).toBe('ip:2001:db8:1:2::/64')
	expect(await clientOf(requestWith({ cookie: 'session=abc' }))).toBe('ip:2001:db8:1:2::/64')
	await prisma.session.delete({ where: { id: sessionId } })
	expect(await clientOf(requestWith({ cookie }))).toBe('ip:2001:db8:1:2::/64')
	expect(await clientOf({ path: '/healthz', headers: {} } as never)).toBeNull()
})

test('a session is looked up once (its requests share the look-up); a failing or silent database counts the IP instead of failing the request', async () => {
	const user = await newUser('cached')
	const cookie = await cookieOf(user)
	const requestWith = (ip: string) => ({ path: '/', headers: { cookie, [CLIENT_IP_HEADER]: ip } }) as never

	const ownerOf = vi.fn(sessionOwnerOf)
	const cached = requestClient({ ownerOf })
	const keys = await Promise.all([1, 2, 3, 4].map(() => cached(requestWith('203.0.113.1'))))
	expect(keys).toEqual(Array(4).fill(`user:${user}`))
	expect(await cached(requestWith('203.0.113.2'))).toBe(`user:${user}`)
	expect(ownerOf).toHaveBeenCalledTimes(1)

	const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
	try {
		const failing = requestClient({
			ownerOf: () => Promise.reject(new Error('timeout exceeded when trying to connect')),
		})
		expect(await failing(requestWith('203.0.113.3'))).toBe('ip:203.0.113.3')
		const silent = requestClient({ ownerOf: () => new Promise(() => {}), lookupTimeoutMs: 50 })
		expect(await silent(requestWith('203.0.113.4'))).toBe('ip:203.0.113.4')
	} finally {
		warn.mockRestore()
	}
})

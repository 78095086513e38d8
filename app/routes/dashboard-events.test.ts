// The event stream route: admin only; a client that leaves is cleaned up, and the heartbeat after
// it left does not throw (which, from a timer, would crash the server).
import { afterAll, expect, test, vi } from 'vitest'
import { callLogListener } from '~/utils/call-log-events.server.ts'
import { prisma } from '~/utils/db.server.ts'
import { createSession } from '~/utils/session.server.ts'
import { HEARTBEAT_MS, loader } from './dashboard-events.ts'

afterAll(async () => {
	vi.useRealTimers()
	await callLogListener.close()
})

async function cookieFor(email: string) {
	const user = await prisma.user.upsert({ where: { email }, create: { email, passwordHash: 'x', emailVerifiedAt: new Date() }, update: { emailVerifiedAt: new Date() } })
	return (await createSession(user.id)).setCookie.split(';')[0]
}

const call = (cookie: string | null, signal = new AbortController().signal) =>
	loader({ request: new Request('http://localhost/playground/dashboard/events', { headers: cookie ? { Cookie: cookie } : {}, signal }), params: {}, context: { cspNonce: '' } } as never)

test('403 for anonymous visitors and for users who are not the administrator', async () => {
	expect((await call(null)).status).toBe(403)
	expect((await call(await cookieFor('not-admin@example.com'))).status).toBe(403)
})

test('a client that goes away is unsubscribed and the heartbeat does not throw', async () => {
	vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
	const cookie = await cookieFor('admin@example.com')
	const before = callLogListener.subscriberCount
	const controller = new AbortController()
	const response = await call(cookie, controller.signal)
	expect(response.status).toBe(200)
	expect(response.headers.get('Content-Type')).toContain('text/event-stream')
	const reader = response.body!.getReader()
	const first = new TextDecoder().decode((await reader.read()).value)
	expect(first).toContain('event: status')
	expect(callLogListener.subscriberCount).toBe(before + 1)

	await reader.cancel() // the stream closes before the request signal says anything
	expect(() => vi.advanceTimersByTime(HEARTBEAT_MS * 2)).not.toThrow()
	expect(callLogListener.subscriberCount).toBe(before)
	controller.abort()
	vi.useRealTimers()
})

// The event stream route: admin only; a client that leaves is cleaned up, and the heartbeat after
// it left does not throw (which, from a timer, would crash the server).
import { afterAll, expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { HEARTBEAT_MS } from '~/lib/live-feed.server.ts'
import { callLogListener } from '~/lib/table-changes.server.ts'
import { sessionCookieFor } from '../../../../tests/support/session-cookie.ts'
import { loader } from './events.ts'

afterAll(async () => {
	vi.useRealTimers()
	await callLogListener.close()
})

const call = (cookie: string | null, signal = new AbortController().signal) =>
	loader({
		request: new Request('http://localhost/playground/dashboard/events', {
			headers: cookie ? { Cookie: cookie } : {},
			signal,
		}),
		params: {},
		context: { cspNonce: '' },
	} as never)

test('403 for anonymous visitors and for users who are not the administrator', async () => {
	expect((await call(null)).status).toBe(403)
	expect((await call(await sessionCookieFor('not-admin@example.com'))).status).toBe(403)
})

test('a client that goes away is unsubscribed and the heartbeat does not throw', async () => {
	vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
	const cookie = await sessionCookieFor('admin@example.com')
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

test('insert, update and delete by plain SQL arrive on the route as SSE events', async () => {
	vi.useRealTimers()
	const cookie = await sessionCookieFor('admin@example.com')
	const controller = new AbortController()
	const response = await call(cookie, controller.signal)
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let text = ''
	const readUntil = async (check: (all: string) => boolean) => {
		const deadline = Date.now() + 5000
		while (!check(text)) {
			if (Date.now() > deadline) throw new Error(`timed out; got: ${text}`)
			const { value, done } = await reader.read()
			if (done) throw new Error('stream ended')
			text += value
		}
	}
	await readUntil((t) => t.includes('event: status'))
	const [{ id }] = await prisma.$queryRaw<
		Array<{ id: string }>
	>`INSERT INTO call_logs (customer_name) VALUES ('Route SSE') RETURNING id`
	await prisma.$executeRaw`UPDATE call_logs SET call_status = 'failed' WHERE id = ${id}::uuid`
	await prisma.$executeRaw`DELETE FROM call_logs WHERE id = ${id}::uuid`
	await readUntil((t) => t.includes(`"op":"DELETE","id":"${id}"`))
	for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
		expect(text).toContain(`event: change\ndata: {"type":"change","op":"${op}","id":"${id}"}\n\n`)
	}
	controller.abort()
})

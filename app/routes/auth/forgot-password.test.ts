// "Forgot password" through its route action, on the real database. The accounts feature sends at
// most three reset e-mails to one address within the hour; past that the page answers as it always
// does (a stranger asking for someone's resets must not lock them out of resetting), and no more
// mail is queued. The IP's own budget still refuses with the reason. The address has no account,
// so the queued jobs send nothing.
import { randomUUID } from 'node:crypto'
import { expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { action } from './forgot-password.tsx'

const email = `reset-${randomUUID().slice(0, 8)}@example.com`
let ip = 0

async function requestReset(from = `10.62.0.${ip++}`, address = email) {
	const request = new Request('http://localhost/auth/forgot-password', {
		method: 'POST',
		headers: { 'x-app-client-ip': from },
		body: new URLSearchParams({ email: address }),
	})
	return (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as unknown
}

const queuedFor = async (address: string) =>
	(
		await prisma.$queryRaw<Array<{ count: number }>>`
			SELECT count(*)::int AS count FROM graphile_worker._private_jobs WHERE payload::text LIKE ${`%${address}%`}`
	)[0].count

test("past the address's budget the page answers as usual, and no more mail is queued", async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	for (let i = 0; i < 3; i++) expect(((await requestReset()) as Response).status).toBe(302)
	const queued = await queuedFor(email)
	// The fourth, from the owner's own address: the same answer, not "try again in an hour".
	const fourth = (await requestReset()) as Response
	expect(fourth.status).toBe(302)
	expect(fourth.headers.get('Location')).toBe(((await requestReset()) as Response).headers.get('Location'))
	expect(await queuedFor(email)).toBe(queued)
})

test("past one IP's budget the page answers 429 with the reason, keeping the address", async () => {
	const from = `10.63.0.${Math.floor(Math.random() * 250)}`
	for (let i = 0; i < 10; i++) await requestReset(from, `reset-${randomUUID().slice(0, 8)}@example.com`)
	const refused = (await requestReset(from)) as {
		data: { toast: { title: string; description: string }; values: { email: string } }
		init: { status: number }
	}
	expect(refused.init.status).toBe(429)
	expect(refused.data.toast).toMatchObject({
		title: 'Reset failed',
		description: 'Too many attempts. Please try again in 60 minutes.',
	})
	expect(refused.data.values).toEqual({ email })
})

test('an address the schema refuses is answered by its field (400), before any budget is spent', async () => {
	for (const [posted, message] of [
		['', 'Email is required'],
		['not-an-address', 'Please enter a valid email address'],
	]) {
		const request = new Request('http://localhost/auth/forgot-password', {
			method: 'POST',
			headers: { 'x-app-client-ip': '10.62.1.1' },
			body: new URLSearchParams({ email: posted }),
		})
		const answer = (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as unknown as {
			data: { toast: { title: string; description: string }; fieldErrors: object; values: object }
			init: { status: number }
		}
		expect(answer.init.status).toBe(400)
		expect(answer.data.toast).toMatchObject({ title: 'Reset failed', description: message })
		expect(answer.data.fieldErrors).toEqual({ email: message })
		expect(answer.data.values).toEqual({ email: posted })
	}
})

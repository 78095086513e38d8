// "Forgot password" through its route action, on the real database: the accounts feature refuses a
// fourth reset e-mail to one address within the hour, and the page answers as it always has, a 429
// with the 'Reset failed' toast and the address kept in the form. The address has no account, so
// the queued jobs send nothing.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { action } from './forgot-password.tsx'

const email = `reset-${randomUUID().slice(0, 8)}@example.com`
let ip = 0

async function requestReset() {
	const request = new Request('http://localhost/auth/forgot-password', {
		method: 'POST',
		headers: { 'x-app-client-ip': `10.62.0.${ip++}` },
		body: new URLSearchParams({ email }),
	})
	return (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as unknown
}

test('past the per-address budget the page answers 429 with the reason, keeping the address', async () => {
	for (let i = 0; i < 3; i++) expect(((await requestReset()) as Response).status).toBe(302)
	const refused = (await requestReset()) as {
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

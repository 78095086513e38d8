// "Verify email" posts the link's token in a hidden field, read through the accounts' schema: a post
// without one, or with one far longer than any link's, is the invalid-link answer at once, and the
// token store is never asked; a token of the right form goes to the feature.
import { expect, test, vi } from 'vitest'

const verifyEmail = vi.hoisted(() => vi.fn(async (_token: string) => null))
vi.mock('~/features/accounts/auth.server.ts', async (importOriginal) => ({
	...(await importOriginal<typeof import('~/features/accounts/auth.server.ts')>()),
	verifyEmail,
}))

async function postVerify(fields: Record<string, string>) {
	const { action } = await import('./verify.tsx')
	const request = new Request('http://localhost/auth/verify', { method: 'POST', body: new URLSearchParams(fields) })
	return (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as Response
}

/** The flash toast's JSON, from its signed cookie ("toast=<base64 JSON>.<signature>"). */
const toastOf = (response: Response) => {
	const value = /toast=([^.;]+)/.exec(decodeURIComponent(response.headers.get('Set-Cookie') ?? ''))?.[1] ?? ''
	return Buffer.from(value, 'base64').toString('utf8')
}

test('no token, or one no link has, is "Verification failed" without asking the token store', async () => {
	for (const fields of [{}, { token: '' }, { token: 'a'.repeat(5000) }] as Array<Record<string, string>>) {
		const response = await postVerify(fields)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/auth')
		expect(toastOf(response)).toContain('Verification failed')
	}
	expect(verifyEmail).not.toHaveBeenCalled()
})

test('a token of the right form is checked by the feature; an unknown one fails the same way', async () => {
	const token = 'x'.repeat(43)
	const response = await postVerify({ token })
	expect(verifyEmail).toHaveBeenCalledWith(token)
	expect(response.headers.get('Location')).toBe('/auth')
	expect(toastOf(response)).toContain('Verification failed')
})

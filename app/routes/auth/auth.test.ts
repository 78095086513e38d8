// The auth action turns the accounts feature's refusals into the page's answer: each reason with the
// HTTP status clients have always had, the feature's message in the toast; and an unexpected failure
// into the spec's 'Error' / 'An unexpected error occurred' toast with a 500, logging the cause and
// never leaking the internal message.
import { expect, test, vi } from 'vitest'
import { AuthError, type AuthRefusal } from '~/features/accounts/auth.server.ts'

const signIn = vi.hoisted(() => vi.fn())
vi.mock('~/features/accounts/auth.server.ts', async (importOriginal) => ({
	...(await importOriginal<typeof import('~/features/accounts/auth.server.ts')>()),
	signIn,
}))

type Answer = {
	data: { toast: { type: string; title: string; description: string }; fieldErrors: Record<string, string> }
	init: { status: number }
}

async function postSignIn() {
	const { action } = await import('./auth.tsx')
	const request = new Request('http://localhost/auth', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'signin', email: 'a@example.com', password: 'secret1' }),
	})
	return (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as unknown as Answer
}

test('each refusal answers with its status and the message the user reads', async () => {
	// The statuses clients have always had (docs/api.md), by reason; every reason is listed (checked below).
	const statuses = [
		['invalid-form', 400],
		['rate-limited', 429],
		['wrong-credentials', 401],
		['unverified', 403],
		['invalid-link', 410],
		['wrong-password', 400],
	] as const satisfies ReadonlyArray<readonly [AuthRefusal, number]>
	const everyReason: Exclude<AuthRefusal, (typeof statuses)[number][0]> extends never ? true : false = true
	expect(everyReason).toBe(true)
	for (const [reason, status] of statuses) {
		signIn.mockRejectedValueOnce(new AuthError(reason, `Refused: ${reason}.`, 'email'))
		const answer = await postSignIn()
		expect([reason, answer.init.status]).toEqual([reason, status])
		expect(answer.data.toast).toMatchObject({
			type: 'error',
			title: 'Sign in failed',
			description: `Refused: ${reason}.`,
		})
		expect(answer.data.fieldErrors).toEqual({ email: `Refused: ${reason}.` })
	}
})

test('an unexpected exception becomes the generic error toast', async () => {
	signIn.mockRejectedValueOnce(new Error('connection to database lost'))
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	const result = await postSignIn()
	expect(result.init.status).toBe(500)
	expect(result.data.toast).toMatchObject({
		type: 'error',
		title: 'Error',
		description: 'An unexpected error occurred',
	})
	expect(JSON.stringify(result.data)).not.toContain('database lost')
	expect(String(logged.mock.calls[0]?.[0])).toContain('signin failed unexpectedly')
	logged.mockRestore()
})

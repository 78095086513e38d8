// The auth action turns an unexpected failure into the spec's 'Error' / 'An unexpected error
// occurred' toast with a 500, and logs the cause; it never leaks the internal message.
import { expect, test, vi } from 'vitest'

vi.mock('~/features/accounts/auth.server.ts', async (importOriginal) => ({
	...(await importOriginal<typeof import('~/features/accounts/auth.server.ts')>()),
	signIn: vi.fn(async () => {
		throw new Error('connection to database lost')
	}),
}))

test('an unexpected exception becomes the generic error toast', async () => {
	const { action } = await import('./auth.tsx')
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	const request = new Request('http://localhost/auth', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'signin', email: 'a@example.com', password: 'secret1' }),
	})
	const result = (await action({ request, params: {}, context: { cspNonce: '' } } as never)) as unknown as {
		data: { toast: { type: string; title: string; description: string } }
		init: { status: number }
	}
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

// When the conversations cannot be read, the administrator sees the spec's 'Failed to fetch
// conversations' and the cause goes to the log; a delete that fails says 'Failed to delete conversation'.
import { expect, test, vi } from 'vitest'

vi.mock('~/routes/guards.server.ts', () => ({
	requireAdmin: vi.fn(async () => ({
		user: { id: 'a', email: 'admin@example.com', fullName: null, isAdmin: true },
		setCookie: null,
	})),
}))
vi.mock('~/features/dashboard/dashboard.server.ts', () => ({
	getDashboardStats: vi.fn(async () => {
		throw new Error('relation "call_logs" does not exist')
	}),
	getRecentConversations: vi.fn(async () => []),
	deleteConversation: vi.fn(async () => {
		throw new Error('deadlock detected')
	}),
}))

const args = (request: Request) => ({ request, params: {}, context: { cspNonce: '' } }) as never

test('a failing load gives the spec message and a 500', async () => {
	const { loader } = await import('./dashboard.tsx')
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	const result = (await loader(args(new Request('http://localhost/playground/dashboard')))) as unknown as {
		data: { error: { title: string }; stats: unknown }
		init: { status: number }
	}
	expect(result.init.status).toBe(500)
	expect(result.data.error.title).toBe('Failed to fetch conversations')
	expect(result.data.stats).toBeNull()
	expect(String(logged.mock.calls[0]?.[1])).toContain('call_logs')
	logged.mockRestore()
})

test('a failing delete redirects back with the spec message', async () => {
	const { action } = await import('./dashboard.tsx')
	const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
	const request = new Request('http://localhost/playground/dashboard', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'delete', id: '6f1c1d2e-1111-4a4a-9b9b-123456789abc' }),
	})
	const response = (await action(args(request))) as Response
	expect(response.status).toBe(302)
	const toast = decodeURIComponent(response.headers.get('Set-Cookie') ?? '')
	expect(toast).toMatch(/^toast=/)
	const payload = toast.slice('toast='.length, toast.lastIndexOf('.', toast.indexOf(';')))
	expect(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).toMatchObject({
		type: 'error',
		title: 'Failed to delete conversation',
	})
	logged.mockRestore()
})

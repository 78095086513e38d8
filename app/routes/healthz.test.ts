// /healthz answers a load balancer quickly either way: 200 when the database answers, 503 within
// a second when it hangs.
import { expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { loader } from './healthz.ts'

const check = () => loader({ request: new Request('http://localhost/healthz'), params: {}, context: {} } as never)

test('200 when the database answers', async () => {
	expect((await check()).status).toBe(200)
})

test('503 within a second when the database hangs', async () => {
	const stalled = vi.spyOn(prisma, '$queryRaw').mockImplementation(() => new Promise(() => {}) as never)
	const error = vi.spyOn(console, 'error').mockImplementation(() => {})
	try {
		const started = performance.now()
		const response = await check()
		expect(response.status).toBe(503)
		expect(performance.now() - started).toBeLessThan(1_500)
	} finally {
		stalled.mockRestore()
		error.mockRestore()
	}
})

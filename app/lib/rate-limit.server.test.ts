import { expect, test, vi } from 'vitest'
import { prisma } from './db.server.ts'
import { consumeRateLimit, consumeRateLimits, tooManyAttemptsMessage } from './rate-limit.server.ts'

test('refuses after the limit and recovers after the window', async () => {
	const key = `test:${Math.random()}`
	const rule = { limit: 3, windowMs: 1000 }
	for (let i = 0; i < 3; i++) expect((await consumeRateLimit(key, rule)).allowed).toBe(true)
	const refused = await consumeRateLimit(key, rule)
	expect(refused).toMatchObject({ allowed: false, remaining: 0 })
	expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1)
	// The window is the database's clock: move this key's window back instead of waiting it out.
	await prisma.$executeRaw`UPDATE rate_limits SET window_start = window_start - interval '1.1 seconds' WHERE key = ${key}`
	expect(await consumeRateLimit(key, rule)).toMatchObject({ allowed: true, remaining: 2 })
})

test('counts hold under concurrent attempts (one atomic statement)', async () => {
	const key = `test:${Math.random()}`
	const results = await Promise.all(
		Array.from({ length: 20 }, () => consumeRateLimit(key, { limit: 5, windowMs: 60_000 })),
	)
	expect(results.filter((r) => r.allowed)).toHaveLength(5)
})

test('several rules: the one over its limit decides', async () => {
	const ip = `test:ip:${Math.random()}`
	const email = `test:email:${Math.random()}`
	await consumeRateLimit(email, { limit: 1, windowMs: 60_000 })
	const result = await consumeRateLimits([
		[ip, { limit: 10, windowMs: 60_000 }],
		[email, { limit: 1, windowMs: 60_000 }],
	])
	expect(result.allowed).toBe(false)
	expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.')
})

test('a caller refused by their own rule does not spend the shared budget after it', async () => {
	const ip = `test:ip:${Math.random()}`
	const agent = `test:agent:${Math.random()}`
	const perIp = { limit: 3, windowMs: 60_000 }
	const perAgent = { limit: 5, windowMs: 60_000 }
	// One address floods: 3 admitted, 20 refused by its own limit.
	for (let i = 0; i < 23; i++)
		await consumeRateLimits([
			[ip, perIp],
			[agent, perAgent],
		])
	// Another caller of the same agent still gets through: the flood spent 3 of its 5.
	const other = await consumeRateLimits([
		[`test:ip:${Math.random()}`, perIp],
		[agent, perAgent],
	])
	expect(other).toMatchObject({ allowed: true, remaining: 1 })
})

test('a database that does not answer: limits are counted in this process within about a second', async () => {
	const stalled = vi.spyOn(prisma, '$queryRaw').mockImplementation(() => new Promise(() => {}) as never)
	const error = vi.spyOn(console, 'error').mockImplementation(() => {})
	try {
		const key = `test:stalled:${Math.random()}`
		const rule = { limit: 2, windowMs: 60_000 }
		const started = performance.now()
		const results = [
			await consumeRateLimit(key, rule),
			await consumeRateLimit(key, rule),
			await consumeRateLimit(key, rule),
		]
		expect(results.map((r) => r.allowed)).toEqual([true, true, false])
		// One wait for the database, then it is left alone for a while.
		expect(performance.now() - started).toBeLessThan(1_500)
		expect(error.mock.calls.join('\n')).toMatch(/counting in this process/)
	} finally {
		stalled.mockRestore()
		error.mockRestore()
	}
})

// One client's share of the server: at most `perClient` of its requests run at once, a few more wait
// their turn, the rest get 429 with Retry-After; other clients are never held up, a response counts
// until its headers are written (an event stream frees its turn at once), and uncounted requests pass.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startHeldRequests, until } from '../tests/support/held-requests.ts'
import { perClientOf, requestShare } from './request-share.ts'

const share = requestShare({
	perClient: 2,
	maxWaiting: 2,
	maxWaitMs: 1_500,
	clientOf: (req) => (req.path === '/healthz' ? null : String(req.headers['x-client'])),
})
let server: Awaited<ReturnType<typeof startHeldRequests>>
beforeAll(async () => {
	server = await startHeldRequests({
		middleware: share.middleware,
		labelOf: (req) => String(req.headers['x-client']),
		routes: (app) => {
			app.get('/healthz', (_req, res) => res.send('ok'))
			app.get('/events', (_req, res) => {
				// An event stream: headers at once, then open for as long as the test likes.
				res.writeHead(200, { 'Content-Type': 'text/event-stream' })
				res.write('event: hello\ndata: {}\n\n')
				server.held.push(() => res.end())
			})
		},
	})
})
afterAll(() => server.close())

const get = (path: string, client: string, signal?: AbortSignal) =>
	fetch(`${server.base}${path}`, { headers: { 'x-client': client }, signal })

test('the share of a pool is a fraction of its size, at least one', () => {
	expect(perClientOf(10, 0.3)).toBe(3)
	expect(perClientOf(10, 0.05)).toBe(1)
	expect(perClientOf(40, 0.25)).toBe(10)
})

test('two run, two wait their turn, the fifth gets 429 at once; another client and the health check pass meanwhile', async () => {
	const answers = ['/a', '/b', '/c', '/d'].map((path) => get(path, 'greedy'))
	await until(() => server.inHandler.get('greedy') === 2 && share.clients.get('greedy')?.waiting.length === 2)

	const refused = await get('/e', 'greedy')
	expect(refused.status).toBe(429)
	expect(refused.headers.get('retry-after')).toBe('2')
	expect(await refused.text()).toMatch(/Too many requests at once/)
	const api = await get('/api/chat', 'greedy')
	expect([api.status, await api.json()]).toEqual([429, { error: expect.stringMatching(/Wait a moment/) }])
	expect((await get('/healthz', 'greedy')).status).toBe(200)

	// Someone else is not held up by the greedy client's line.
	const other = get('/mine', 'other')
	await until(() => server.inHandler.get('other') === 1)
	await server.releaseAll()
	expect((await other).status).toBe(200)
	const statuses = await Promise.all(answers.map(async (answer) => (await answer).status))
	expect(statuses).toEqual([200, 200, 200, 200])
	expect(server.highest.get('greedy')).toBe(2)
	// Nothing is left counted once everything has answered.
	await until(() => share.clients.size === 0)
})

test('a request that waits longer than its turn allows gets 429, and one whose client gave up leaves the line', async () => {
	const running = [get('/1', 'slow'), get('/2', 'slow')]
	await until(() => server.inHandler.get('slow') === 2)
	const gaveUp = new AbortController()
	const abandoned = get('/3', 'slow', gaveUp.signal).catch(() => null)
	await until(() => share.clients.get('slow')?.waiting.length === 1)
	gaveUp.abort()
	await abandoned
	await until(() => share.clients.get('slow')?.waiting.length === 0)

	const started = performance.now()
	const late = await get('/4', 'slow')
	expect(late.status).toBe(429)
	expect(performance.now() - started).toBeGreaterThanOrEqual(1_000)
	await server.releaseAll()
	expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200])
	await until(() => share.clients.size === 0)
})

test('an event stream frees its turn once its headers are written', async () => {
	const streams = await Promise.all([1, 2, 3].map(() => get('/events', 'watcher')))
	expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200])
	await until(() => share.clients.size === 0)
	const page = get('/page', 'watcher')
	await until(() => server.inHandler.get('watcher') === 1)
	await server.releaseAll()
	expect((await page).status).toBe(200)
	for (const stream of streams) await stream.body?.cancel()
})

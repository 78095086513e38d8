// Time limits that fire and cancellation that reaches the provider, under load and with garbage
// collection forced while the calls are in flight: on Node 20 a timeout signal reachable only
// through AbortSignal.any() could be collected before it fired, leaving calls to undici's 300 s
// default and their sockets open (nodejs/node#57736).
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { readUiStream, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

const APOLOGY = "I'm sorry, I'm experiencing technical difficulties. Please try again later."
const TIMEOUT_MS = 1_500
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

let fake: FakeOpenAi
let streamWidgetReply: typeof import('~/features/assistant/reply.server.ts').streamWidgetReply
const logged: string[] = []

beforeAll(async () => {
	fake = await startFakeOpenAi()
	process.env.GROQ_API_KEY = 'test-key'
	process.env.GROQ_BASE_URL = fake.baseURL
	process.env.AI_TIMEOUT_MS = String(TIMEOUT_MS)
	vi.resetModules()
	vi.spyOn(console, 'error').mockImplementation((message) => void logged.push(String(message)))
	;({ streamWidgetReply } = await import('~/features/assistant/reply.server.ts'))
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.GROQ_API_KEY
	delete process.env.GROQ_BASE_URL
	delete process.env.AI_TIMEOUT_MS
	await fake.close()
})

const ask = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text', text }] }]

/** Forces full collections until `until` settles. */
async function collectingGarbage<T>(until: Promise<T>) {
	const timer = setInterval(gc, 50)
	try {
		return await until
	} finally {
		clearInterval(timer)
	}
}

test('50 concurrent calls to a provider that hangs, stalls or sends headers only all end in the apology on time', async () => {
	const scenarios = ['hang', 'stall', 'headers']
	const started = performance.now()
	const results = await collectingGarbage(
		Promise.all(
			Array.from({ length: 50 }, async (_, i) => {
				// Each call carries its visitor's request signal, as every route passes request.signal.
				const visitor = new AbortController()
				const { text, errors } = await readUiStream(
					streamWidgetReply(ask(`scenario:${scenarios[i % 3]} #${i}`), visitor.signal),
				)
				return { text, errors, ms: performance.now() - started }
			}),
		),
	)
	for (const result of results) {
		expect(result.errors).toEqual([APOLOGY])
		expect(result.ms).toBeLessThan(TIMEOUT_MS + 3_000)
	}
	// Every provider request was aborted, so no connection is left open (undici lets an aborted
	// connection go within a few seconds, not at its 300 s default).
	await expect.poll(() => fake.openSockets(), { timeout: 10_000 }).toBe(0)
}, 30_000)

test('20 visitors leaving mid-answer at once cancel all 20 provider requests, without logging a failure', async () => {
	logged.length = 0
	const visitors = Array.from({ length: 20 }, () => new AbortController())
	await collectingGarbage(
		Promise.all(
			visitors.map(async (visitor, i) => {
				const response = streamWidgetReply(ask(`scenario:long #${i}`), visitor.signal)
				const reader = response.body!.getReader()
				await reader.read() // the answer has started
				// As the Express adapter does when the browser goes away: the request aborts, the body is cancelled.
				visitor.abort()
				await reader.cancel()
			}),
		),
	)
	await expect.poll(() => fake.openSockets(), { timeout: 10_000 }).toBe(0)
	// The long answer takes 6 s; none was sent to the end.
	await new Promise((resolve) => setTimeout(resolve, 200))
	expect(fake.completed.get('long') ?? 0).toBe(0)
	expect(logged.filter((line) => /failed|already closed/i.test(line))).toEqual([])
}, 30_000)

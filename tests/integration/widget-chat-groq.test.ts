// The real Groq provider code (@ai-sdk/groq) against a local OpenAI-compatible server: normal and
// slow replies stream through; every failure class ends in the spec's apology, with retries only
// where they make sense (408, 409, 429, 5xx).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readUiStream, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

const APOLOGY = "I'm sorry, I'm experiencing technical difficulties. Please try again later."
let fake: FakeOpenAi
let streamWidgetReply: typeof import('~/features/assistant/reply.server.ts').streamWidgetReply
let answerWidgetQuestion: typeof import('~/features/assistant/reply.server.ts').answerWidgetQuestion
const logged: string[] = []

beforeAll(async () => {
	fake = await startFakeOpenAi()
	process.env.GROQ_API_KEY = 'test-key'
	process.env.GROQ_BASE_URL = fake.baseURL
	process.env.AI_TIMEOUT_MS = '15000'
	vi.spyOn(console, 'error').mockImplementation((message) => void logged.push(String(message)))
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ streamWidgetReply, answerWidgetQuestion } = await import('~/features/assistant/reply.server.ts'))
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.GROQ_API_KEY
	delete process.env.GROQ_BASE_URL
	await fake.close()
})

const ask = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text', text }] }]

test('a normal reply streams through with the provider text', async () => {
	const { text, errors } = await readUiStream(streamWidgetReply(ask('scenario:normal hi')))
	expect(errors).toEqual([])
	expect(text).toBe('Hello from the fake provider.')
	expect(fake.attempts.get('normal')).toBe(1)
})

test('a slow reply arrives progressively, not all at once', async () => {
	const { text, deltas } = await readUiStream(streamWidgetReply(ask('scenario:slow')))
	expect(text).toBe('Hello from the fake provider.')
	expect(deltas.length).toBeGreaterThanOrEqual(5)
	expect(deltas.at(-1)!.at - deltas[0].at).toBeGreaterThan(500)
})

describe('failures end in the apology', () => {
	const retried = [408, 409, 429, 500, 502, 503]
	const notRetried = [400, 401, 403, 404, 422]
	for (const status of [...notRetried, ...retried]) {
		test(`HTTP ${status}: apology, ${retried.includes(status) ? '3 attempts (2 retries)' : 'no retry'}`, async () => {
			const { text, errors } = await readUiStream(streamWidgetReply(ask(`scenario:status-${status}`)))
			expect(text).toBe('')
			expect(errors).toEqual([APOLOGY])
			expect(fake.attempts.get(`status-${status}`)).toBe(retried.includes(status) ? 3 : 1)
			expect(logged.some((line) => line.includes(`HTTP ${status}`) || line.includes(`${status}`))).toBe(true)
		}, 20_000)
	}

	test('connection reset: apology', async () => {
		const { errors } = await readUiStream(streamWidgetReply(ask('scenario:reset')))
		expect(errors).toEqual([APOLOGY])
		expect(fake.attempts.get('reset')).toBeGreaterThanOrEqual(1)
	}, 20_000)

	test('disconnect mid-stream: the partial text, then the apology', async () => {
		const { text, errors } = await readUiStream(streamWidgetReply(ask('scenario:disconnect')))
		expect(text).toBe('Hello from the')
		expect(errors).toEqual([APOLOGY])
	}, 20_000)

	test('timeout: a provider that never answers is cut off and apologised for', async () => {
		const started = performance.now()
		const { errors } = await readUiStream(streamWidgetReply(ask('scenario:hang'), undefined, { timeoutMs: 1500 }))
		expect(errors).toEqual([APOLOGY])
		expect(performance.now() - started).toBeLessThan(10_000)
	}, 20_000)

	test('abort: a visitor who leaves stops the call', async () => {
		const controller = new AbortController()
		const response = streamWidgetReply(ask('scenario:hang abort'), controller.signal)
		setTimeout(() => controller.abort(), 100)
		const { text } = await readUiStream(response)
		expect(text).toBe('')
	}, 20_000)
})

test('the no-JavaScript page gets the whole answer, or the apology', async () => {
	const answer = await answerWidgetQuestion(ask('scenario:normal'))
	expect(answer, logged.join('\n')).toBe('Hello from the fake provider.')
	expect(await answerWidgetQuestion(ask('scenario:status-401'))).toBe(APOLOGY)
}, 20_000)

test('the provider receives the spec settings and the system prompt first', async () => {
	const seen: unknown[] = []
	const original = globalThis.fetch
	vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
		seen.push(JSON.parse(String(init?.body)))
		return original(input, init)
	})
	await readUiStream(streamWidgetReply(ask('scenario:normal settings')))
	const body = seen[0] as {
		model: string
		temperature: number
		max_tokens?: number
		max_completion_tokens?: number
		stream: boolean
		messages: Array<{ role: string; content: string }>
	}
	expect(body.temperature).toBe(0.7)
	expect(body.max_tokens ?? body.max_completion_tokens).toBe(1024)
	expect(body.stream).toBe(true)
	expect(body.model).toBe('llama-3.1-8b-instant')
	expect(body.messages[0].role).toBe('system')
	expect(body.messages[0].content).toContain('You are Riya')
	expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'scenario:normal settings' })
})

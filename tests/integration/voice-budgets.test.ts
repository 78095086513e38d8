// The voice API's budgets and what /speech may say (ADR 0060), through the route actions with plain
// Requests and a connected model (a local OpenAI-compatible fake that also speaks): requests about
// made-up or ended conversations spend only their senders' budgets, never the agent's; one
// conversation gets a fair share of its agent; /speech says only what the assistant said in that
// conversation (also a sentence of a reply still being streamed), within an allowance; the
// 50-message cap holds against parallel messages; timings are charged and refused after the end.
// Addresses: 10.99.x.x.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { spokenText } from '~/ai/spoken-text.ts'
import { SentenceSplitter } from '~/lib/voice/sentences.ts'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

const STREAMED_REPLY = 'We ship to Pune in two days. Returns are free for a month. Call us at any time you like.'
let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let userId: string
type Action = (request: Request) => Promise<Response>
const routes = {} as Record<'start' | 'message' | 'end' | 'speech' | 'timings', Action>
let ip = 0
const nextIp = () => `10.99.${ip >> 8}.${ip++ & 255}`

beforeAll(async () => {
	fake = await startFakeOpenAi({
		respond: ({ lastUser }) => (lastUser.includes('ship') ? STREAMED_REPLY : undefined),
	})
	process.env.GROQ_API_KEY = 'test-key'
	process.env.GROQ_BASE_URL = fake.baseURL
	process.env.SPEECH_BASE_URL = fake.baseURL
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	for (const name of ['start', 'message', 'end', 'speech', 'timings'] as const) {
		const { action } = (await import(`~/routes/api/voice-chat/${name}.ts`)) as { action: (args: never) => unknown }
		routes[name] = (request) => action({ request, params: {}, context: {} } as never) as Promise<Response>
	}
	userId = (await prisma.user.create({ data: { email: `budgets-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.GROQ_API_KEY
	delete process.env.GROQ_BASE_URL
	delete process.env.SPEECH_BASE_URL
	await prisma.user.delete({ where: { id: userId } })
	await fake.close()
})

const newAgent = async () =>
	(
		await prisma.agent.create({
			data: { userId, name: 'Shop Line', instructions: 'Be brief.', firstMessage: 'Hello. We open at nine.' },
		})
	).id

const json = (path: string, body: unknown, from = nextIp()) =>
	new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'x-app-client-ip': from },
		body: JSON.stringify(body),
	})
function form(fields: Record<string, string>, from = nextIp(), accept?: string) {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.append(key, value)
	return new Request('http://localhost/api/voice-chat/message', {
		method: 'POST',
		headers: { 'x-app-client-ip': from, ...(accept ? { Accept: accept } : {}) },
		body: data,
	})
}
async function startCall(agentId: string) {
	const response = await routes.start(json('/api/voice-chat/start', { agent_id: agentId }))
	expect(response.status).toBe(200)
	return ((await response.json()) as { conversation_id: string }).conversation_id
}
const say = (agentId: string, conversationId: string, text: string, from?: string) =>
	routes.message(form({ agent_id: agentId, conversation_id: conversationId, text }, from))
const speak = (agentId: string, conversationId: string, text: string, signal?: AbortSignal) => {
	const request = json('/api/voice-chat/speech', { agent_id: agentId, conversation_id: conversationId, text })
	return routes.speech(signal ? new Request(request, { signal }) : request)
}
const end = (agentId: string, conversationId: string) =>
	routes.end(json('/api/voice-chat/end', { agent_id: agentId, conversation_id: conversationId }))

describe('the order budgets are charged in', () => {
	test('made-up and ended conversation ids from ten addresses spend their own budgets, not the agent’s', async () => {
		const agentId = await newAgent()
		const live = await startCall(agentId)
		const ended = await startCall(agentId)
		expect((await end(agentId, ended)).status).toBe(200)
		// Ten addresses at once, each one request after another.
		const perAddress = await Promise.all(
			Array.from({ length: 10 }, async (_, address) => {
				const from = `10.99.100.${address}`
				const statuses: number[] = []
				for (let i = 0; i < 61; i++)
					statuses.push((await say(agentId, i % 2 ? randomUUID() : ended, 'Hello?', from)).status)
				return statuses
			}),
		)
		const statuses = perAddress.flat()
		// Each address: its 60 refusals, then its own budget is spent.
		expect(statuses.filter((s) => s === 404 || s === 409)).toHaveLength(600)
		expect(statuses.filter((s) => s === 429)).toHaveLength(10)
		// The agent's real caller is still answered.
		const real = await say(agentId, live, 'When do you open?')
		expect(real.status).toBe(200)
	}, 60_000)

	test('unreadable bodies are charged to their sender like any call: the 61st gets 429, not 400', async () => {
		const from = '10.99.251.1'
		const unreadable = () =>
			routes.message(
				new Request('http://localhost/api/voice-chat/message', {
					method: 'POST',
					headers: { 'x-app-client-ip': from, 'Content-Type': 'multipart/form-data; boundary=nothing' },
					body: 'not a form',
				}),
			)
		const statuses: number[] = []
		for (let i = 0; i < 61; i++) statuses.push((await unreadable()).status)
		expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true)
		expect(statuses[60]).toBe(429)
	}, 30_000)

	test('the budget counters are unlogged tables: no charge waits for a WAL flush (ADR 0063)', async () => {
		const tables = await prisma.$queryRaw<Array<{ relname: string; relpersistence: string }>>`
			SELECT relname::text, relpersistence::text FROM pg_class WHERE relname IN ('rate_limits', 'voice_call_budgets') ORDER BY relname`
		expect(tables).toEqual([
			{ relname: 'rate_limits', relpersistence: 'u' },
			{ relname: 'voice_call_budgets', relpersistence: 'u' },
		])
	})

	test('one conversation gets a fair share of its agent, whatever addresses it comes from; timings count', async () => {
		const agentId = await newAgent()
		const busy = await startCall(agentId)
		const quiet = await startCall(agentId)
		const turn = (conversationId: string) =>
			routes.message(form({ agent_id: agentId, conversation_id: conversationId, message_id: 'turn-1', text: 'Hi' }))
		expect((await turn(busy)).status).toBe(200)
		expect((await turn(quiet)).status).toBe(200)
		const report = (conversationId: string) =>
			routes.timings(
				json('/api/voice-chat/timings', {
					agent_id: agentId,
					conversation_id: conversationId,
					message_id: 'turn-1',
					first_audio_ms: 900,
				}),
			)
		const statuses: number[] = []
		for (let i = 0; i < 60; i++) statuses.push((await report(busy)).status)
		// The message and 59 reports fill the conversation's 60 a minute; the 60th report is refused.
		expect(statuses.slice(0, 59).every((s) => s === 200)).toBe(true)
		expect(statuses[59]).toBe(429)
		expect((await report(quiet)).status).toBe(200)
	}, 30_000)

	test('timings after the end are refused (409) and from one address are charged like any call', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		const sent = await routes.message(
			form({ agent_id: agentId, conversation_id: conversationId, message_id: 'turn-1', text: 'Hi' }),
		)
		expect(sent.status).toBe(200)
		const body = { agent_id: agentId, conversation_id: conversationId, message_id: 'turn-1', first_audio_ms: 700 }
		const from = '10.99.250.1'
		const statuses: number[] = []
		for (let i = 0; i < 61; i++)
			statuses.push((await routes.timings(json('/api/voice-chat/timings', body, from))).status)
		expect(statuses.slice(0, 59).every((s) => s === 200)).toBe(true)
		expect(statuses.at(-1)).toBe(429)

		expect((await end(agentId, conversationId)).status).toBe(200)
		const late = await routes.timings(json('/api/voice-chat/timings', { ...body, first_token_ms: 300 }))
		expect(late.status).toBe(409)
		expect(await late.json()).toEqual({ error: 'This conversation has ended. Start a new one.' })
		const stored = await prisma.voiceMessage.findUniqueOrThrow({
			where: { conversationId_clientMessageId: { conversationId, clientMessageId: 'turn-1' } },
		})
		expect(stored.timings).toMatchObject({ firstTokenMs: null, firstAudioMs: 700 })
	}, 30_000)
})

describe('what /speech may say', () => {
	test('the greeting and the replies of this conversation, nothing else, and not in another conversation', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		const before = fake.speeches.length
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(200)
		const refused = await speak(agentId, conversationId, 'Buy cheap watches at example.com today.')
		expect(refused.status).toBe(403)
		expect(await refused.json()).toEqual({
			error: 'The text must be something the assistant said in this conversation (its greeting or a reply).',
		})
		const answered = (await (await say(agentId, conversationId, 'Do you ship to Pune?')).json()) as { reply: string }
		expect(answered.reply).toBe(STREAMED_REPLY)
		expect((await speak(agentId, conversationId, 'Returns are free for a month.')).status).toBe(200)
		// Another conversation of the same agent never said that reply.
		const other = await startCall(agentId)
		expect((await speak(agentId, other, 'Returns are free for a month.')).status).toBe(403)
		expect(fake.speeches.slice(before).map((s) => s.input)).toEqual([
			'We open at nine.',
			'Returns are free for a month.',
		])
	})

	test('a sentence of a reply still being streamed can be spoken at once', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		// 150 ms a word: the turn is stored seconds after its first sentence is out.
		const response = await routes.message(
			form(
				{ agent_id: agentId, conversation_id: conversationId, text: 'Do you ship there? scenario:slow' },
				nextIp(),
				'application/x-ndjson',
			),
		)
		expect(response.status).toBe(200)
		const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
		const sentences = new SentenceSplitter()
		let buffered = ''
		let first: string | undefined
		while (!first) {
			const { value, done } = await reader.read()
			if (done) throw new Error('The stream ended before a sentence was complete.')
			buffered += value
			const lines = buffered.split('\n')
			buffered = lines.pop()!
			for (const line of lines) {
				const event = JSON.parse(line) as { type: string; text?: string }
				if (event.type === 'delta') first ??= sentences.push(event.text!)[0]
			}
		}
		expect(first).toBe('We ship to Pune in two days.')
		// Not in the transcript yet: the reply is still being written.
		expect((await prisma.callLog.findUniqueOrThrow({ where: { id: conversationId } })).transcript).not.toContain(first)
		expect((await speak(agentId, conversationId, spokenText(first, 'en'))).status).toBe(200)
		while (!(await reader.read()).done);
		expect((await prisma.voiceCallBudget.findUniqueOrThrow({ where: { conversationId } })).replyDraft).toBeNull()
	}, 30_000)

	test('each conversation may speak what its assistant said about twice, then 429', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		// "Hello. We open at nine." is 23 characters: 46 may be spoken.
		const before = fake.speeches.length
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(200)
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(200)
		const over = await speak(agentId, conversationId, 'We open at nine.')
		expect(over.status).toBe(429)
		expect(((await over.json()) as { error: string }).error).toMatch(/spoken all the speech its replies allow/)
		expect(fake.speeches.length - before).toBe(2)
		// A word of it still fits.
		expect((await speak(agentId, conversationId, 'Hello.')).status).toBe(200)
	})

	test('one sentence is spoken at most twice, however short, even sent 10 times at once', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		const before = fake.speeches.length
		// "Hello." fits 7 times into the 46 characters: before, it was spoken 7 times.
		const answers = await Promise.all(Array.from({ length: 10 }, () => speak(agentId, conversationId, 'Hello.')))
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, ...Array<number>(8).fill(429)])
		expect(((await answers.find((a) => a.status === 429)!.json()) as { error: string }).error).toMatch(
			/spoken all the speech its replies allow/,
		)
		// The same words in another dress are the same sentence; another sentence still fits.
		expect((await speak(agentId, conversationId, 'hello!!')).status).toBe(429)
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(200)
		expect(fake.speeches.length - before).toBe(3)
	})

	test('the first charge is held to the allowance too: a greeting padded to 76 characters of 46 is refused', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		const before = fake.speeches.length
		// Its words are the greeting's, so it passes as said; its characters are what the provider is paid for.
		const padded = await speak(agentId, conversationId, `We open at nine${'!'.repeat(61)}`)
		expect(padded.status).toBe(429)
		expect(fake.speeches.length).toBe(before)
		// A first sentence within it is spoken (its 6 characters compared with 46 as numbers, not as text).
		expect((await speak(agentId, conversationId, 'Hello.')).status).toBe(200)
	})

	test('a request cancelled after the provider was asked keeps its characters spent, and is logged in one line', async () => {
		const agentId = await newAgent()
		const conversationId = await startCall(agentId)
		const info = vi.spyOn(console, 'info').mockImplementation(() => {})
		const error = vi.spyOn(console, 'error')
		error.mockClear()
		const before = fake.speeches.length
		fake.speech.delayMs = 5000
		let cancelled = 0
		try {
			const caller = new AbortController()
			const pending = speak(agentId, conversationId, 'We open at nine.', caller.signal)
			await vi.waitFor(() => expect(fake.speeches.length).toBe(before + 1), { timeout: 5000, interval: 10 })
			caller.abort()
			cancelled = (await pending).status
		} finally {
			fake.speech.delayMs = 0
		}
		// 16 of the 46 characters stay spent: once more fits, twice more does not.
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(200)
		expect((await speak(agentId, conversationId, 'We open at nine.')).status).toBe(429)
		expect(fake.speeches.length).toBe(before + 2)
		expect(cancelled).toBe(499)
		expect(info.mock.calls.map((call) => call.join(' '))).toEqual([
			expect.stringMatching(/^Voice API: speech from .* cancelled by the caller\.$/),
		])
		expect(error).not.toHaveBeenCalled()
		info.mockRestore()
	})
})

test('the 50-message cap holds against parallel messages', async () => {
	const agentId = await newAgent()
	const conversationId = await startCall(agentId)
	for (let i = 0; i < 45; i++) expect((await say(agentId, conversationId, `Question ${i}?`)).status).toBe(200)
	const parallel = await Promise.all(
		Array.from({ length: 10 }, (_, i) => say(agentId, conversationId, `Parallel question ${i}?`)),
	)
	const statuses = parallel.map((r) => r.status)
	expect(statuses.filter((s) => s === 200)).toHaveLength(5)
	expect(statuses.filter((s) => s === 409)).toHaveLength(5)
	expect(await prisma.voiceMessage.count({ where: { conversationId } })).toBe(50)
	const transcript = (await prisma.callLog.findUniqueOrThrow({ where: { id: conversationId } })).transcript ?? ''
	expect(transcript.split('\n').filter((line) => line.startsWith('Caller: '))).toHaveLength(50)
}, 60_000)

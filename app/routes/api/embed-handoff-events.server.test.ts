// A visitor's live stream and typing have budgets and caps of their own (ADR 0061): one visitor with
// many tabs, or one typing fast, cannot lock out the others behind their address (an office), nor
// does typing spend the stream's budget; the refusals are worded for the visitor. A conversation, an
// address and the whole process have caps too (ADR 0070).
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import {
	startVisitorStreamOpening,
	VISITOR_STREAM_LIFETIME_MS,
	VISITOR_STREAMS,
	visitorStreamOpeningsAtOnce,
} from '~/features/chatbots/handoff/handoff.server.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { issueEmbedToken } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { openStreamCount } from '~/lib/event-stream.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import { loader as eventsLoader } from './embed-handoff-events.ts'
import { action as handoffAction } from './embed-handoff.ts'

// A small process-wide cap, so the test can fill it (read once, when the env is first parsed).
vi.hoisted(() => {
	process.env.HANDOFF_VISITOR_STREAMS = '40'
})

let ownerId: string
let chatbotId: string
let token: string
const controllers: AbortController[] = []

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	ownerId = (await prisma.user.create({ data: { email: `streams-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	chatbotId = (
		await prisma.chatbot.create({
			data: {
				userId: ownerId,
				name: 'Shop',
				knowledgeBase: 'We open at 9.',
				systemPrompt: 'Help.',
				handoff: { enabled: true },
			},
		})
	).id
	token = issueEmbedToken(chatbotId, null)
})

// Each test starts with no stream open: the process-wide cap counts them all.
afterEach(() => {
	for (const controller of controllers.splice(0)) controller.abort()
})

afterAll(async () => {
	delete process.env.HANDOFF_VISITOR_STREAMS
	await tableChangeListener('chatbot_conversations_changes').close()
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: ownerId } })
})

/** A visitor of the chatbot (a new one, or this one again) with a conversation a person has. */
async function visitorWithConversation(
	visitorId = `visitor-${randomUUID().slice(0, 8)}`,
	handoffState: 'bot' | 'waiting' | 'person' = 'person',
) {
	const ids = { visitorId, conversationId: `conv-${randomUUID()}` }
	await prisma.chatbotConversation.create({
		data: { chatbotId, visitorId: ids.visitorId, clientId: ids.conversationId, handoffState },
	})
	return ids
}

const conversationIdOf = async (visitor: { visitorId: string; conversationId: string }) =>
	(
		await prisma.chatbotConversation.findFirstOrThrow({
			where: { chatbotId, visitorId: visitor.visitorId, clientId: visitor.conversationId },
		})
	).id

/** Whether the server ended the stream: its body reads to the end. */
async function ended(response: Response) {
	const reader = response.body!.getReader()
	for (;;) {
		const { done } = await reader.read()
		if (done) return true
	}
}

type Visitor = Awaited<ReturnType<typeof visitorWithConversation>>

function openStream(ip: string, visitor: Visitor) {
	const controller = new AbortController()
	controllers.push(controller)
	const query = new URLSearchParams({ token, ...visitor })
	return eventsLoader({
		request: new Request(`http://localhost/api/embed/${chatbotId}/handoff/events?${query}`, {
			headers: { 'x-app-client-ip': ip },
			signal: controller.signal,
		}),
		params: { chatbotId },
		context: {},
	} as never) as Promise<Response>
}

function post(ip: string, body: object) {
	return handoffAction({
		request: new Request(`http://localhost/api/embed/${chatbotId}/handoff`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: token, 'x-app-client-ip': ip },
			body: JSON.stringify(body),
		}),
		params: { chatbotId },
		context: {},
	} as never)
}

const statuses = (responses: Response[]) => responses.map((response) => response.status)

test("a visitor's tabs of the partner site all get their conversation live; past their cap, refused in the visitor's words", async () => {
	const ip = '10.64.0.1'
	const tab = await visitorWithConversation()
	// Three tabs (each with the widget) and a reload: the third used to get 429 and retry with backoff.
	const open = []
	for (let i = 0; i < 4; i++) open.push(await openStream(ip, tab))
	expect(statuses(open)).toEqual([200, 200, 200, 200])
	const refused = await openStream(ip, tab)
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	// In the visitor's words (JSON, as every embed API), not the owner's "live views… reload".
	expect(await refused.json()).toEqual({ error: handoffCopy.widget.streamBusy })
	// A colleague in the same office is not locked out.
	expect((await openStream(ip, await visitorWithConversation())).status).toBe(200)
})

test('one visitor holds a few streams of their own, whatever their conversations', async () => {
	const ip = '10.64.0.5'
	const first = await visitorWithConversation()
	const conversations = [first, await visitorWithConversation(first.visitorId)]
	const open = []
	for (let i = 0; i < VISITOR_STREAMS.perVisitor; i++) open.push(await openStream(ip, conversations[i % 2]))
	expect(statuses(open)).toEqual(open.map(() => 200))
	expect((await openStream(ip, await visitorWithConversation(first.visitorId))).status).toBe(429)
})

test("an address holds a few visitors' streams (an office): past its cap the next waits; other addresses do not", async () => {
	const ip = '10.64.0.2'
	const open = []
	while (open.length < VISITOR_STREAMS.perAddress) {
		const visitor = await visitorWithConversation()
		for (let i = 0; i < 2 && open.length < VISITOR_STREAMS.perAddress; i++) open.push(await openStream(ip, visitor))
	}
	expect(statuses(open)).toEqual(open.map(() => 200))
	const refused = await openStream(ip, await visitorWithConversation())
	expect(refused.status).toBe(429)
	expect(await refused.json()).toEqual({ error: handoffCopy.widget.streamBusy })
	// Refused before any look-up (ADR 0073): even ids of no conversation get the same 429, not a 404,
	// so a flood from a full address costs the database nothing.
	const unknown = { visitorId: 'visitor-nobody-01', conversationId: 'conv-nobody-0001' }
	expect((await openStream(ip, unknown)).status).toBe(429)
	expect((await openStream('10.64.0.3', await visitorWithConversation())).status).toBe(200)
})

/** Fills the process's cap of visitors' streams with conversations in `state`, a few per address. */
async function fillProcess(state: 'bot' | 'person', network: number) {
	const cap = getEnv().HANDOFF_VISITOR_STREAMS
	const open: Array<{ response: Response; visitor: Visitor }> = []
	for (let i = 0; open.length < cap; i++) {
		const visitor = await visitorWithConversation(undefined, state)
		for (let j = 0; j < 2 && open.length < cap; j++)
			open.push({ visitor, response: await openStream(`10.${network}.${Math.floor(i / 10)}.1`, visitor) })
	}
	expect(statuses(open.map(({ response }) => response))).toEqual(open.map(() => 200))
	return open
}

test("the process holds at most HANDOFF_VISITOR_STREAMS visitors' streams, from every address together: then 503", async () => {
	expect(getEnv().HANDOFF_VISITOR_STREAMS).toBe(40)
	await fillProcess('person', 65)
	// A newcomer at a fresh address, within every cap of their own: the server is full.
	const refused = await openStream('10.66.0.1', await visitorWithConversation())
	expect(refused.status).toBe(503)
	expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	expect(await refused.json()).toEqual({ error: handoffCopy.widget.streamBusy })
	// Refused before any look-up (ADR 0073): ids of no conversation get the 503 too, not a 404.
	expect(
		(await openStream('10.66.0.2', { visitorId: 'visitor-nobody-02', conversationId: 'conv-nobody-0002' })).status,
	).toBe(503)
	// One closes: the next gets in.
	controllers[0].abort()
	expect((await openStream('10.66.0.1', await visitorWithConversation())).status).toBe(200)
})

test('a full process of conversations with the bot: a visitor waiting for a person takes the oldest slot, another bot conversation gets 503', async () => {
	const open = await fillProcess('bot', 67)
	const waiting = await visitorWithConversation(undefined, 'waiting')
	expect((await openStream('10.68.0.1', waiting)).status).toBe(200)
	// The oldest bot stream was ended (its widget reconnects as after any end); the others are open.
	expect(await ended(open[0].response)).toBe(true)
	expect(openStreamCount(`embed-conversation:${await conversationIdOf(open[1].visitor)}`)).toBe(1)
	expect(openStreamCount('embed:*')).toBe(getEnv().HANDOFF_VISITOR_STREAMS)
	// A conversation with the bot does not push anyone out.
	expect((await openStream('10.68.0.2', await visitorWithConversation(undefined, 'bot'))).status).toBe(503)
	// The next one a person holds takes the next oldest.
	expect((await openStream('10.68.0.3', await visitorWithConversation(undefined, 'person'))).status).toBe(200)
	expect(await ended(open[1].response)).toBe(true)
})

test('a visitor stream ends after its lifetime, freeing its slots; the widget reconnects with its own `since`', async () => {
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
	try {
		const visitor = await visitorWithConversation(undefined, 'bot')
		const response = await openStream('10.69.0.1', visitor)
		expect(response.status).toBe(200)
		const key = `embed-conversation:${await conversationIdOf(visitor)}`
		expect(openStreamCount(key)).toBe(1)
		vi.advanceTimersByTime(VISITOR_STREAM_LIFETIME_MS - 1_000)
		expect(openStreamCount(key)).toBe(1)
		vi.advanceTimersByTime(1_000)
		expect(openStreamCount(key)).toBe(0)
		expect(await ended(response)).toBe(true)
	} finally {
		vi.useRealTimers()
	}
})

test("visitors' streams open (look up) a quarter of the pool at once at most, one client's share at most; the rest get 503 at once", async () => {
	const pool = (size: number, share = 0.3) => ({ DATABASE_POOL_SIZE: size, DATABASE_POOL_USER_SHARE: share })
	// The default pool of 10: two, where 16 took every connection in a flood of forged ids.
	expect(visitorStreamOpeningsAtOnce(pool(10))).toBe(2)
	expect(visitorStreamOpeningsAtOnce(pool(2))).toBe(1)
	expect(visitorStreamOpeningsAtOnce(pool(100))).toBe(25)
	expect(visitorStreamOpeningsAtOnce(pool(100, 0.1))).toBe(10)
	const limit = visitorStreamOpeningsAtOnce()
	expect(limit).toBeLessThanOrEqual(Math.max(1, getEnv().DATABASE_POOL_SIZE / 4))
	const openings = Array.from({ length: limit }, (_, i) => startVisitorStreamOpening(`10.70.0.${i}`))
	expect(openings.every((opening) => 'release' in opening)).toBe(true)
	const extra = startVisitorStreamOpening('10.70.1.1')
	expect('refusal' in extra && extra.refusal.status).toBe(503)
	for (const opening of openings) if ('release' in opening) opening.release()
	const next = startVisitorStreamOpening('10.70.1.1')
	expect('release' in next).toBe(true)
	if ('release' in next) next.release()
})

test("typing has budgets of its own: a fast typist is held to theirs, and spends neither the stream's, the messages' nor a neighbour's", async () => {
	const ip = '10.64.0.4'
	const [typist, neighbour] = [await visitorWithConversation(), await visitorWithConversation()]
	// The widget says "typing" every 3 s at most: 20 a minute. 30 pass, then 429 in the widget's words.
	const typed = []
	for (let i = 0; i < 30; i++) typed.push(await post(ip, { intent: 'typing', ...typist }))
	expect(statuses(typed)).toEqual(typed.map(() => 200))
	const tooFast = await post(ip, { intent: 'typing', ...typist })
	expect(tooFast.status).toBe(429)
	expect(await tooFast.json()).toEqual({ error: chatbotBuilder.embed.busyReply })
	for (let i = 0; i < 30; i++) expect((await post(ip, { intent: 'typing', ...neighbour })).status).toBe(200)
	// 61 posts from the address so far: its messages and its streams still have their whole budgets.
	expect((await post(ip, { intent: 'say', ...typist, messageId: randomUUID(), text: 'Are you there?' })).status).toBe(
		201,
	)
	expect((await openStream(ip, typist)).status).toBe(200)
	expect((await openStream(ip, neighbour)).status).toBe(200)
})

// Every open stream of a conversation used to read each change itself, in a transaction of its own:
// an attacker trial's 2,000 streams took the pool from pages and /healthz. Now one read per change
// serves all of a conversation's streams on the process, without a transaction, and the reads of all
// streams together run at most one client's share of the pool at once (ADR 0070).
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import type { HandoffSnapshot } from './handoff-schema.ts'
import { handoffStreamResponse } from './handoff.server.ts'

let ownerId: string
let chatbotId: string
const controllers: AbortController[] = []

beforeAll(async () => {
	ownerId = (await prisma.user.create({ data: { email: `reads-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
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
})

afterEach(() => {
	for (const controller of controllers.splice(0)) controller.abort()
	vi.restoreAllMocks()
})

afterAll(async () => {
	await tableChangeListener('chatbot_conversations_changes').close()
	await prisma.user.delete({ where: { id: ownerId } })
})

async function conversation() {
	return (
		await prisma.chatbotConversation.create({
			data: { chatbotId, visitorId: `v-${randomUUID()}`, clientId: `c-${randomUUID()}`, handoffState: 'person' },
		})
	).id
}

/** A stream of the conversation, and the next `handoff` event it sends. */
async function open(conversationId: string, audience: 'visitor' | 'owner' = 'owner') {
	const controller = new AbortController()
	controllers.push(controller)
	const response = await handoffStreamResponse(new Request('http://localhost/', { signal: controller.signal }), {
		conversationId,
		audience,
		holder: [{ key: `test:${randomUUID()}`, max: 1 }],
		since: new Date(Date.now() - 60_000),
	})
	expect(response.status).toBe(200)
	const reader = response.body!.getReader()
	const decoder = new TextDecoder()
	return {
		async next(): Promise<HandoffSnapshot> {
			for (;;) {
				const { value, done } = await reader.read()
				if (done) throw new Error('stream ended')
				const text = decoder.decode(value)
				if (text.startsWith('event: handoff')) return JSON.parse(text.split('\ndata: ')[1]) as HandoffSnapshot
			}
		},
	}
}

/** Counts the snapshot reads (and how many ran at once) and the transactions begun. */
function spyOnReads() {
	const counts = { reads: 0, running: 0, mostAtOnce: 0 }
	const queryRaw = prisma.$queryRaw.bind(prisma)
	vi.spyOn(prisma, '$queryRaw').mockImplementation(((strings: TemplateStringsArray, ...values: unknown[]) => {
		if (!strings.join('').includes('FROM chatbot_messages m LEFT JOIN users')) return queryRaw(strings, ...values)
		counts.reads++
		counts.running++
		counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running)
		return queryRaw(strings, ...values).finally(() => counts.running--)
	}) as never)
	const transactions = vi.spyOn(prisma, '$transaction')
	return { counts, transactions }
}

test('one change of a conversation is read once for all of its streams on the process, and each gets it', async () => {
	const id = await conversation()
	const streams = await Promise.all(Array.from({ length: 10 }, () => open(id)))
	await Promise.all(streams.map((stream) => stream.next()))
	const { counts, transactions } = spyOnReads()
	const messageId = randomUUID()
	await prisma.chatbotMessage.create({
		data: {
			id: messageId,
			conversationId: id,
			chatbotId,
			role: 'assistant',
			text: 'Hello, Asha here.',
			author: 'person',
		},
	})
	await prisma.chatbotConversation.update({ where: { id }, data: { lastMessageAt: new Date() } })
	// Each stream's next event with a message (one opened first may have had one more snapshot before).
	const withMessage = async (stream: Awaited<ReturnType<typeof open>>) => {
		for (;;) {
			const snapshot = await stream.next()
			if (snapshot.messages.length > 0) return snapshot
		}
	}
	const seen = await Promise.all(streams.map(withMessage))
	for (const snapshot of seen) expect(snapshot.messages.map((message) => message.id)).toEqual([messageId])
	expect(counts.reads).toBe(1)
	// A single statement: no transaction to wait for.
	expect(transactions).not.toHaveBeenCalled()
})

test("a stream opened later gets only what is new to it, though it shares the older streams' read", async () => {
	const id = await conversation()
	const early = await prisma.chatbotMessage.create({
		data: {
			conversationId: id,
			chatbotId,
			role: 'assistant',
			text: 'Earlier.',
			author: 'person',
			createdAt: new Date(Date.now() - 30_000),
		},
	})
	const old = await open(id)
	expect((await old.next()).messages.map((message) => message.id)).toEqual([early.id])
	const controller = new AbortController()
	controllers.push(controller)
	const response = await handoffStreamResponse(new Request('http://localhost/', { signal: controller.signal }), {
		conversationId: id,
		audience: 'owner',
		holder: [{ key: `test:${randomUUID()}`, max: 1 }],
		since: new Date(),
	})
	const reader = response.body!.getReader()
	const first = new TextDecoder().decode((await reader.read()).value)
	expect(first.startsWith('event: handoff')).toBe(true)
	expect((JSON.parse(first.split('\ndata: ')[1]) as HandoffSnapshot).messages).toEqual([])
})

test("the streams' reads of many conversations run at most one client's share of the pool at once", async () => {
	const env = getEnv()
	const share = Math.max(1, Math.floor(env.DATABASE_POOL_SIZE * env.DATABASE_POOL_USER_SHARE))
	const ids = await Promise.all(Array.from({ length: 12 }, conversation))
	const { counts } = spyOnReads()
	const streams = await Promise.all(ids.map((id) => open(id, 'visitor')))
	await Promise.all(streams.map((stream) => stream.next()))
	// 12 at least: a NOTIFY of their creation may still come in and be read.
	expect(counts.reads).toBeGreaterThanOrEqual(12)
	expect(counts.mostAtOnce).toBeLessThanOrEqual(share)
})

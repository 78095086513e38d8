import { randomUUID } from 'node:crypto'
// Conversation logs against a real PostgreSQL: an embed answer stored with its retrieval trace (and
// an "I don't know" marked unanswered), feedback only on one's own answers, the owner's list with
// its filters, search and keyset pages, unanswered questions grouped and answered, retention and the
// per-user cap, leads with CSV and a signed webhook, insights, and ownership on every call.
import http from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { DEFAULT_MODEL_CHOICE } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { runTextIndexJobs } from '../../../../tests/support/text-index-jobs.ts'
import { ChatbotFormSchema } from '../chatbot-schema.ts'
import { createChatbot } from '../chatbots.server.ts'
import { streamChatbotReply } from '../reply.server.ts'
import {
	finishTurn,
	isAnswered,
	setFeedback,
	startTurn,
	STORED_REPLY_MAX_CHARS,
	type TurnContext,
} from './conversation-log.server.ts'
import { ConversationListQuerySchema, leadSchema } from './conversation-schema.ts'
import {
	addAnswer,
	countConversations,
	deleteAllConversations,
	deleteConversation,
	getConversation,
	groupQuestions,
	listConversations,
	pruneConversations,
	unansweredQuestions,
} from './conversations.server.ts'
import { chatbotInsights } from './insights.server.ts'
import {
	deleteLead,
	deliverLead,
	leadsCsv,
	listDeliveries,
	saveLead,
	setWebhook,
	webhookSignature,
} from './leads.server.ts'

let owner: string
let stranger: string
let chatbotId: string
const timeZone = 'Asia/Kolkata'
const KNOWLEDGE = `Opening hours
We are open from 9 am to 6 pm, Monday to Saturday.

Delivery
We deliver across Pune within two days. Delivery is free above Rs 999.`

// The webhook receiver: its first call fails with 500, the rest succeed. The environment (read once,
// when the database module loads) names its address as a private one deliveries may reach, as only
// tests do.
const HOOK_PORT = vi.hoisted(() => {
	const port = 47_310 + Number(process.env.VITEST_POOL_ID ?? 0)
	process.env.WEBSITE_IMPORT_ALLOW = `127.0.0.1:${port}`
	return port
})
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = []
const receiver = http.createServer((request, response) => {
	let body = ''
	request.on('data', (chunk) => (body += chunk))
	request.on('end', () => {
		received.push({ headers: request.headers, body })
		response.writeHead(received.length === 1 ? 500 : 204).end()
	})
})
let hookUrl: string

beforeAll(async () => {
	await new Promise<void>((resolve) => receiver.listen(HOOK_PORT, '127.0.0.1', resolve))
	hookUrl = `http://127.0.0.1:${HOOK_PORT}/hook`
	vi.spyOn(console, 'log').mockImplementation(() => {})
	const make = (label: string) =>
		prisma.user.create({
			data: { email: `${label}-${randomUUID()}@example.com`, passwordHash: 'x' },
			select: { id: true },
		})
	owner = (await make('owner')).id
	stranger = (await make('stranger')).id
	const form = ChatbotFormSchema.parse({ name: 'Shop helper', knowledgeBase: KNOWLEDGE, systemPrompt: '' })
	chatbotId = (await createChatbot(owner, form, 'http://localhost')).chatbot.id
	await runTextIndexJobs()
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: { in: [owner, stranger] } } })
	await new Promise((resolve) => receiver.close(resolve))
})

const visitor = (clientId: string, visitorId = 'visitor-aaaa-1111'): TurnContext => ({
	chatbotId,
	kind: 'embed',
	clientId,
	visitorId,
	pageUrl: 'https://shop.example/pricing',
	country: 'IN',
	ipHash: 'hash',
})

/** Asks the chatbot through the streamed reply, reads it to the end, and waits for the stored answer. */
async function ask(question: string, turn: TurnContext) {
	const chatbot = { ...DEFAULT_MODEL_CHOICE, id: chatbotId, name: 'Shop helper', systemPrompt: '' }
	const response = await streamChatbotReply(chatbot, [{ role: 'user', parts: [{ type: 'text', text: question }] }], {
		label: 'test',
		withSources: true,
		errorText: 'Sorry',
		log: turn,
	})
	const body = await response.text()
	const messageId = /"type":"start","messageId":"([0-9a-f-]{36})"/.exec(body)?.[1]
	expect(messageId, body.slice(0, 300)).toBeTruthy()
	await vi.waitFor(async () => expect(await prisma.chatbotMessage.count({ where: { id: messageId } })).toBe(1), {
		timeout: 5000,
		interval: 20,
	})
	return messageId!
}

describe('logging a conversation', () => {
	test('an answer is stored with the question, the model, its timing and the passages it was given', async () => {
		const messageId = await ask('What are your opening hours?', visitor('conv-hours-0001'))
		const answer = await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: messageId } })
		expect(answer).toMatchObject({ role: 'assistant', answered: true, model: 'Offline model' })
		expect(answer.text).toMatch(/9 am to 6 pm/)
		expect(answer.latencyMs).toBeGreaterThanOrEqual(answer.firstTokenMs ?? 0)
		const trace = answer.sources as Array<{ score: number; excerpt: string }>
		expect(trace[0].excerpt).toMatch(/Opening hours/)
		expect(trace[0].score).toBeGreaterThan(0)
		const conversation = await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: answer.conversationId } })
		expect(conversation).toMatchObject({
			kind: 'embed',
			messageCount: 2,
			unansweredCount: 0,
			pageUrl: 'https://shop.example/pricing',
			country: 'IN',
		})
		// The next message of the same conversation joins it.
		await ask('Do you deliver to Pune?', visitor('conv-hours-0001'))
		expect(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({
			messageCount: 4,
		})
	})

	test('"I don\'t know" is stored as unanswered', async () => {
		const messageId = await ask('Can I pay with bitcoin?', visitor('conv-unknown-0001'))
		const answer = await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: messageId } })
		expect(answer.answered).toBe(false)
		expect(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: answer.conversationId } })).toMatchObject({
			unansweredCount: 1,
		})
	})

	test('what counts as an answer', () => {
		expect(isAnswered('We open at 9.', { matched: true, systemPrompt: '' })).toBe(true)
		expect(isAnswered('We open at 9.', { matched: false, systemPrompt: '' })).toBe(false)
		expect(isAnswered("I'm sorry, I don't have that information.", { matched: true, systemPrompt: '' })).toBe(false)
		expect(
			isAnswered('Please e-mail hello@acme.in.', {
				matched: true,
				systemPrompt: 'If you don\'t know, say "Please e-mail hello@acme.in."',
			}),
		).toBe(false)
	})
})

describe('feedback', () => {
	test('a visitor rates their own answers only; counts follow changes of mind', async () => {
		const messageId = await ask('When are you open?', visitor('conv-feedback-01', 'visitor-bbbb-2222'))
		const { conversationId } = await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: messageId } })
		expect(await setFeedback(chatbotId, 'visitor-other-9999', messageId, 'up', null)).toBe('not-found')
		expect(await setFeedback(chatbotId, 'visitor-bbbb-2222', randomUUID(), 'up', null)).toBe('not-found')
		expect(await setFeedback(chatbotId, 'visitor-bbbb-2222', messageId, 'up', null)).toBe('saved')
		expect(await setFeedback(chatbotId, 'visitor-bbbb-2222', messageId, 'down', 'Says nothing about Sundays')).toBe(
			'saved',
		)
		expect(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: conversationId } })).toMatchObject({
			thumbsUp: 0,
			thumbsDown: 1,
		})
		expect(await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
			feedback: 'down',
			feedbackComment: 'Says nothing about Sundays',
		})
		expect(await setFeedback(chatbotId, 'visitor-bbbb-2222', messageId, null, null)).toBe('saved')
		expect(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: conversationId } })).toMatchObject({
			thumbsDown: 0,
		})
		await setFeedback(chatbotId, 'visitor-bbbb-2222', messageId, 'down', null)
	})
})

describe("the owner's views", () => {
	const query = (input: Record<string, string> = {}) => ConversationListQuerySchema.parse(input)

	test('the list: newest first, filters, search, keyset pages; nothing for a stranger', async () => {
		const all = await listConversations(owner, chatbotId, query(), { timeZone })
		expect(all!.rows.length).toBeGreaterThanOrEqual(3)
		const times = all!.rows.map((row) => row.lastMessageAt.getTime())
		expect([...times].sort((a, b) => b - a)).toEqual(times)
		expect(all!.rows.find((row) => row.firstQuestion === 'What are your opening hours?')).toBeTruthy()
		const unanswered = await listConversations(owner, chatbotId, query({ filter: 'unanswered' }), { timeZone })
		expect(unanswered!.rows.map((row) => row.firstQuestion)).toEqual(['Can I pay with bitcoin?'])
		const down = await listConversations(owner, chatbotId, query({ filter: 'thumbs-down' }), { timeZone })
		expect(down!.rows.map((row) => row.firstQuestion)).toEqual(['When are you open?'])
		const searched = await listConversations(owner, chatbotId, query({ q: 'Pune deliver' }), { timeZone })
		expect(searched!.rows.map((row) => row.firstQuestion)).toEqual(['What are your opening hours?'])
		const tests = await listConversations(owner, chatbotId, query({ kind: 'test' }), { timeZone })
		expect(tests!.rows).toEqual([])
		const first = await listConversations(owner, chatbotId, query(), { timeZone, pageSize: 2 })
		expect(first!.nextCursor).toBeTruthy()
		const second = await listConversations(owner, chatbotId, query({ after: first!.nextCursor! }), {
			timeZone,
			pageSize: 2,
		})
		expect(second!.rows.map((row) => row.id)).not.toContain(first!.rows[0].id)
		expect(second!.rows[0].lastMessageAt.getTime()).toBeLessThanOrEqual(first!.rows[1].lastMessageAt.getTime())
		const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
		expect((await listConversations(owner, chatbotId, query({ from: future }), { timeZone }))!.rows).toEqual([])
		expect(await listConversations(stranger, chatbotId, query(), { timeZone })).toBeNull()
	})

	test('keyset pages skip nothing within a millisecond (the cursor keeps microseconds)', async () => {
		const other = (
			await createChatbot(
				owner,
				ChatbotFormSchema.parse({ name: 'Busy', knowledgeBase: 'x', systemPrompt: '' }),
				'http://localhost',
			)
		).chatbot.id
		for (const [client, at] of [
			['conv-usec-000001', '2026-11-20 10:00:00.123456+00'],
			['conv-usec-000002', '2026-11-20 10:00:00.123400+00'],
			['conv-usec-000003', '2026-11-20 10:00:00.122000+00'],
		])
			await prisma.$executeRaw`
				INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, kind, message_count, started_at, last_message_at)
				VALUES (${other}::uuid, ${client}, 'visitor-usec-0001', 'embed', 1, ${at}::timestamptz, ${at}::timestamptz)`
		const seen: string[] = []
		let after: string | undefined
		for (let i = 0; i < 5; i++) {
			const page = (await listConversations(owner, other, query(after ? { after } : {}), { timeZone, pageSize: 1 }))!
			seen.push(...page.rows.map((row) => row.id))
			if (!page.nextCursor) break
			after = page.nextCursor
		}
		expect(seen).toHaveLength(3)
		expect(new Set(seen).size).toBe(3)
	})

	test('dates that do not exist and malformed cursors are left out, never sent to PostgreSQL', async () => {
		const all = await listConversations(owner, chatbotId, query(), { timeZone })
		const inputs: Array<Record<string, string>> = [
			{ from: '2026-13-45' },
			{ to: '2026-02-30' },
			{ from: '0000-01-01' },
			{ to: '9999-12-31' },
			{ after: '2026-11-22T10:00:00.000Z_ffffffffffffffffffffffffffffffffffff' },
			{ after: '2026-19-22T10:00:00.000Z_00000000-0000-0000-0000-000000000000' },
			{ after: '2026-11-22T25:00:00.000Z_00000000-0000-0000-0000-000000000000' },
			{ after: '--------------------_------------------------------------' },
		]
		for (const input of inputs) {
			const parsed = query(input)
			expect(parsed.from ?? parsed.to ?? parsed.after, JSON.stringify(input)).toBeUndefined()
			expect((await listConversations(owner, chatbotId, parsed, { timeZone }))!.rows).toEqual(all!.rows)
			// And a caller that skips the schema still gets the unfiltered list, not a database error.
			const raw = { ...query(), ...input }
			expect((await listConversations(owner, chatbotId, raw, { timeZone }))!.rows).toEqual(all!.rows)
		}
	})

	test("a conversation with its trace is the owner's alone, and so is deleting it", async () => {
		const { rows } = (await listConversations(owner, chatbotId, query({ filter: 'unanswered' }), { timeZone }))!
		const found = await getConversation(owner, chatbotId, rows[0].id)
		expect(found!.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
		expect(found!.messages[1].answered).toBe(false)
		expect(await getConversation(stranger, chatbotId, rows[0].id)).toBeNull()
		expect(await deleteConversation(stranger, chatbotId, rows[0].id)).toBe(false)
		expect(await deleteAllConversations(stranger, chatbotId)).toBeNull()
		expect(await unansweredQuestions(stranger, chatbotId)).toBeNull()
		expect(await chatbotInsights(stranger, chatbotId, { days: 7, timeZone })).toBeNull()
		expect(await leadsCsv(stranger, chatbotId)).toBeNull()
	})

	test('insights count visitors, not tests', async () => {
		const insights = (await chatbotInsights(owner, chatbotId, { days: 7, timeZone }))!
		expect(insights.days).toHaveLength(7)
		expect(insights.conversations).toBeGreaterThanOrEqual(3)
		expect(insights.answers).toBe(insights.questions)
		expect(insights.answered).toBe(insights.answers - 1)
		expect(insights.thumbsDown).toBe(1)
		expect(insights.topPages).toEqual([{ pageUrl: 'https://shop.example/pricing', conversations: expect.any(Number) }])
		expect(insights.days.at(-1)!.messages).toBe(insights.questions)
	})
})

describe('unanswered questions', () => {
	test('grouped by shared terms; an added answer leaves the list and answers the next visitor', async () => {
		await ask('Do you take bitcoin payments?', visitor('conv-unknown-0002', 'visitor-cccc-3333'))
		const groups = (await unansweredQuestions(owner, chatbotId))!
		const bitcoin = groups.find((group) => /bitcoin/i.test(group.question))!
		expect(bitcoin.count).toBe(2)
		expect(bitcoin.variants).toHaveLength(1)
		// The thumbs-down answer is listed too, in a group of its own.
		expect(groups.some((group) => group.question === 'When are you open?' && group.thumbsDown === 1)).toBe(true)

		expect(
			await addAnswer(stranger, chatbotId, { question: 'x', answer: 'y', messageIds: [] }, { maxChars: 1e6 }),
		).toBeNull()
		expect(
			await addAnswer(
				owner,
				chatbotId,
				{ question: 'Bitcoin', answer: 'y'.repeat(100), messageIds: [] },
				{ maxChars: 50 },
			),
		).toEqual({ error: expect.stringMatching(/limited/) })
		const added = await addAnswer(
			owner,
			chatbotId,
			{
				question: bitcoin.question,
				answer: 'We do not take bitcoin. We take UPI, cards and cash on delivery.',
				messageIds: bitcoin.messageIds,
			},
			{ maxChars: 1e6 },
		)
		expect(added).toEqual({ error: null })
		// The knowledge is re-indexed by its job, which a worker runs at once.
		await runTextIndexJobs()
		expect((await unansweredQuestions(owner, chatbotId))!.some((group) => /bitcoin/i.test(group.question))).toBe(false)
		const messageId = await ask(bitcoin.question, visitor('conv-unknown-0003'))
		const answer = await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: messageId } })
		expect(answer.text).toMatch(/UPI/)
		expect(answer.answered).toBe(true)
	})

	test('an answer added while a save holds the chatbot gives up after the lock time-out with a message', async () => {
		const holder = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await holder.connect()
		try {
			await holder.query('BEGIN')
			await holder.query('SELECT 1 FROM chatbots WHERE id = $1 FOR UPDATE', [chatbotId])
			const added = await addAnswer(
				owner,
				chatbotId,
				{ question: 'Late?', answer: 'Never.', messageIds: [] },
				{ maxChars: 1e6 },
			)
			expect(added).toEqual({ error: expect.stringMatching(/being saved by another request/) })
		} finally {
			await holder.query('ROLLBACK')
			await holder.end()
		}
	})

	test('grouping keeps different questions apart', () => {
		const row = (question: string, terms: string[]) => ({
			id: randomUUID(),
			question,
			askedAt: new Date(),
			thumbsDown: false,
			terms,
		})
		const groups = groupQuestions([
			row('Do you ship to Dubai?', ['ship', 'dubai']),
			row('Shipping to Dubai?', ['ship', 'dubai']),
			row('Is there an office in Mumbai?', ['offic', 'mumbai']),
			row('What is the warranty?', ['warranti']),
			row('Do you take bitcoin?', ['take', 'bitcoin']),
			row('How long does delivery take?', ['long', 'deliveri', 'take']),
		])
		expect(groups.map((group) => group.count)).toEqual([2, 1, 1, 1, 1])
	})
})

describe('retention', () => {
	test("old conversations go after the chatbot's retention, and the oldest go past the per-user cap", async () => {
		await ask('Are you open on Sunday?', visitor('conv-old-000001'))
		await prisma.$executeRaw`
			UPDATE chatbot_conversations SET last_message_at = now() - interval '100 days' WHERE client_id = 'conv-old-000001'`
		const before = await prisma.chatbotConversation.count({ where: { chatbotId } })
		expect(await pruneConversations()).toBeGreaterThanOrEqual(1)
		expect(await prisma.chatbotConversation.count({ where: { clientId: 'conv-old-000001' } })).toBe(0)
		expect(await prisma.chatbotConversation.count({ where: { chatbotId } })).toBe(before - 1)
		// A cap of 4 messages keeps only the newest conversations that fit in it.
		await pruneConversations({ maxMessagesPerUser: 4 })
		const left = await prisma.chatbotConversation.findMany({ where: { chatbotId } })
		expect(left.reduce((sum, conversation) => sum + conversation.messageCount, 0)).toBeLessThanOrEqual(4)
	})

	test("stored text is bounded: a message in length, an owner's logs in bytes (the oldest go first)", async () => {
		// Nothing past the API's limit is stored, whoever calls (the API refuses it first: chat-schema.test.ts).
		const turn = visitor('conv-bytes-00001')
		const conversationId = (await startTurn(turn, 'x'.repeat(50_000)))!
		const [stored] = await prisma.chatbotMessage.findMany({ where: { conversationId } })
		expect(stored.text).toHaveLength(CHAT_MESSAGE_MAX_CHARS)
		await finishTurn(chatbotId, conversationId, {
			messageId: randomUUID(),
			text: 'y'.repeat(100_000),
			firstTokenMs: 1,
			latencyMs: 1,
			model: 'test',
			answered: true,
			passages: [],
		})
		const reply = await prisma.chatbotMessage.findFirstOrThrow({ where: { conversationId, role: 'assistant' } })
		expect(reply.text).toHaveLength(STORED_REPLY_MAX_CHARS)
		// Newer, smaller conversations; then a byte cap that holds them and not the big one.
		await ask('Do you deliver to Pune?', visitor('conv-bytes-00002'))
		await ask('Is there a warranty?', visitor('conv-bytes-00003'))
		const bytes = async () => {
			const [{ total }] = await prisma.$queryRaw<Array<{ total: number }>>`
				SELECT COALESCE(sum(octet_length(text) + COALESCE(octet_length(sources::text), 0) + COALESCE(octet_length(feedback_comment), 0)), 0)::int AS total
				FROM chatbot_messages WHERE chatbot_id = ${chatbotId}::uuid`
			return total
		}
		expect(await bytes()).toBeGreaterThan(CHAT_MESSAGE_MAX_CHARS + STORED_REPLY_MAX_CHARS)
		await pruneConversations({ maxBytesPerUser: 8000 })
		expect(await bytes()).toBeLessThanOrEqual(8000)
		expect(await prisma.chatbotConversation.count({ where: { id: conversationId } })).toBe(0)
		expect(await prisma.chatbotConversation.count({ where: { clientId: 'conv-bytes-00003' } })).toBe(1)
	})
})

describe('leads', () => {
	test('the lead form schema asks for what the owner chose', () => {
		const ids = { visitorId: 'visitor-aaaa-1111', conversationId: 'conv-lead-00001' }
		const schema = leadSchema({ name: 'optional', email: 'required', phone: 'off' })
		expect(schema.safeParse({ ...ids, email: '' }).success).toBe(false)
		// Fields that are off or optional may be left out of the body altogether.
		expect(schema.parse({ ...ids, email: 'asha@example.com' })).toEqual({ ...ids, email: 'asha@example.com' })
		expect(schema.safeParse({ ...ids, email: 'not-an-address' }).success).toBe(false)
		expect(schema.parse({ ...ids, email: 'asha@example.com', name: '', phone: '123' })).toMatchObject({
			email: 'asha@example.com',
			name: undefined,
			phone: undefined,
		})
	})

	test('a lead is stored with its conversation; the CSV escapes formulas, not phone numbers; the webhook gets it signed, after a retry', async () => {
		{
			expect(await setWebhook(stranger, chatbotId, hookUrl)).toBe(false)
			expect(await setWebhook(owner, chatbotId, hookUrl)).toBe(true)
			const leadId = await saveLead(
				chatbotId,
				{
					visitorId: 'visitor-dddd-4444',
					conversationId: 'conv-lead-00001',
					name: '=HYPERLINK("x")',
					phone: '+91 98450 12345',
					email: 'asha@example.com',
				},
				{ pageUrl: 'https://shop.example/contact', country: null, ipHash: null },
			)
			const [job] = await prisma.$queryRaw<Array<{ payload: { leadId: string } }>>`
				SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
				WHERE t.identifier = 'deliver-lead' ORDER BY j.id DESC LIMIT 1`
			expect(job.payload.leadId).toBe(leadId)
			const csv = (await leadsCsv(owner, chatbotId))!
			expect(csv).toMatch(/^Created,Name,E-mail,Phone,Page\n/)
			// The formula is made text; the phone number is written as the visitor typed it (ADR 0049).
			expect(csv).toContain(`"'=HYPERLINK(""x"")",asha@example.com,+91 98450 12345,https://shop.example/contact`)

			const helpers = (attempts: number) =>
				({ job: { attempts }, logger: { info: () => {} } }) as unknown as Parameters<typeof deliverLead>[1]
			await expect(deliverLead({ leadId }, helpers(1))).rejects.toThrow(/HTTP 500/)
			await deliverLead({ leadId }, helpers(2))
			expect(received).toHaveLength(2)
			const chatbot = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
			const last = received[1]
			expect(last.headers['x-zenvora-signature']).toBe(
				webhookSignature(chatbot.leadWebhookSecret!, String(last.headers['x-zenvora-timestamp']), last.body),
			)
			expect(JSON.parse(last.body)).toMatchObject({
				event: 'lead.created',
				lead: { id: leadId, email: 'asha@example.com' },
			})
			const deliveries = (await listDeliveries(owner, chatbotId))!
			expect(deliveries.map((delivery) => [delivery.attempt, delivery.status, delivery.responseStatus])).toEqual([
				[2, 'delivered', 204],
				[1, 'failed', 500],
			])
		}
	})

	test("a lead is deleted by its chatbot's owner alone, with its delivery log", async () => {
		const extra = await saveLead(
			chatbotId,
			{
				visitorId: 'visitor-eeee-5555',
				conversationId: 'conv-lead-00002',
				name: undefined,
				email: 'ravi@example.com',
				phone: undefined,
			},
			{ pageUrl: null, country: null, ipHash: null },
		)
		await prisma.leadWebhookDelivery.create({
			data: { leadId: extra, chatbotId, attempt: 1, url: hookUrl, status: 'failed' },
		})
		expect(await deleteLead(stranger, chatbotId, extra)).toBe(false)
		expect(await deleteLead(owner, randomUUID(), extra)).toBe(false)
		expect(await deleteLead(owner, chatbotId, 'not-an-id')).toBe(false)
		expect(await prisma.chatbotLead.count({ where: { id: extra } })).toBe(1)
		expect(await deleteLead(owner, chatbotId, extra)).toBe(true)
		expect(await prisma.chatbotLead.count({ where: { id: extra } })).toBe(0)
		expect(await prisma.leadWebhookDelivery.count({ where: { leadId: extra } })).toBe(0)
		expect(await deleteLead(owner, chatbotId, extra)).toBe(false)
	})

	test('deleting all conversations keeps the leads; deleting the chatbot removes everything', async () => {
		// Its confirmation says how many go; a stranger learns nothing.
		const conversations = await prisma.chatbotConversation.count({ where: { chatbotId } })
		expect(await countConversations(owner, chatbotId)).toBe(conversations)
		expect(await countConversations(stranger, chatbotId)).toBeNull()
		expect(await deleteAllConversations(owner, chatbotId)).toBeGreaterThan(0)
		expect(await prisma.chatbotLead.count({ where: { chatbotId } })).toBe(1)
		await prisma.chatbot.delete({ where: { id: chatbotId } })
		expect(await prisma.chatbotLead.count({ where: { chatbotId } })).toBe(0)
		expect(await prisma.chatbotMessage.count({ where: { chatbotId } })).toBe(0)
	})
})

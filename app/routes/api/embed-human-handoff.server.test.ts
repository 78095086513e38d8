// A person steps in (ADR 0061), through the route actions as the iframe calls them and the owner's
// functions: a visitor asks for a person and waits; the owner takes over, both write, each message
// stored with its author; the bot stays quiet until the owner hands back. Nobody joining in time
// gives the lead form and the owner an e-mail. Another user can neither take over nor write, and a
// visitor cannot write as the team.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { HandoffSettingsSchema } from '~/features/chatbots/handoff/handoff-settings.ts'
import {
	handBack,
	handoffEmailJob,
	handoffIdleJob,
	handoffDigestJob,
	handoffSnapshot,
	handoffTimeoutJob,
	HANDOFF_IDLE_MS,
	personSays,
	personTyping,
	takeOver,
	conversationsWithPeople,
	ownsConversation,
	saveHandoffSettings,
} from '~/features/chatbots/handoff/handoff.server.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { issueEmbedToken } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import { sessionCookieFor } from '../../../tests/support/session-cookie.ts'
import { loader as ownerEventsLoader } from '../playground/chatbots/activity/conversation-events.ts'
import { loader as conversationLoader } from '../playground/chatbots/activity/conversation.tsx'
import { ownerHandoffAction } from '../playground/chatbots/activity/handoff-actions.server.ts'
import { action as chatAction } from './embed-chat.ts'
import { action as feedbackAction } from './embed-feedback.ts'
import { action as handoffAction } from './embed-handoff.ts'

let ownerId: string
let ownerEmail: string
let strangerId: string
let ipCounter = 0
const freshIp = () => `10.63.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	ownerEmail = `owner-${randomUUID()}@example.com`
	ownerId = (
		await prisma.user.create({
			data: { email: ownerEmail, passwordHash: 'x', fullName: 'Asha Rao', emailVerifiedAt: new Date() },
		})
	).id
	strangerId = (await prisma.user.create({ data: { email: `other-${randomUUID()}@example.com`, passwordHash: 'x' } }))
		.id
})

afterAll(async () => {
	await tableChangeListener('chatbot_conversations_changes').close()
	vi.restoreAllMocks()
	await prisma.user.deleteMany({ where: { id: { in: [ownerId, strangerId] } } })
})

async function chatbot(handoff: object) {
	const created = await prisma.chatbot.create({
		data: {
			userId: ownerId,
			name: 'Shop',
			knowledgeBase: 'We open at 9 am and close at 6 pm.',
			systemPrompt: 'Help.',
			handoff,
			appearance: {
				leadForm: { mode: 'human', afterMessages: 3, fields: { name: 'optional', email: 'required', phone: 'off' } },
			},
		},
	})
	return { id: created.id, token: issueEmbedToken(created.id, null) }
}

type Bot = Awaited<ReturnType<typeof chatbot>>

function post(action: (args: never) => Promise<Response>, what: string, bot: Bot, body: object) {
	const request = new Request(`http://localhost/api/embed/${bot.id}/${what}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: bot.token, 'x-app-client-ip': freshIp() },
		body: JSON.stringify(body),
	})
	return action({ request, params: { chatbotId: bot.id }, context: {} } as never)
}

const visitor = () => ({ visitorId: `visitor-${randomUUID().slice(0, 8)}`, conversationId: `conv-${randomUUID()}` })
const ask = (bot: Bot, ids: object, text: string) =>
	post(chatAction, 'chat', bot, { ...ids, messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }] })

async function replyOf(response: Response) {
	expect(response.status).toBe(200)
	const events = (await response.text())
		.split('\n')
		.filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
		.map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: unknown })
	return {
		text: events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join(''),
		parts: events.filter((event) => event.type.startsWith('data-')),
	}
}

const conversationOf = (bot: Bot) => prisma.chatbotConversation.findFirstOrThrow({ where: { chatbotId: bot.id } })
const helpers = { logger: { info() {}, error() {} }, job: { id: '1' } } as never

test('a waiting conversation keeps its one title, its first question; the request is the latest', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 60 })
	const ids = visitor()
	await replyOf(await ask(bot, ids, 'What time do you open?'))
	await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	expect(await conversationsWithPeople(ownerId, bot.id)).toEqual([
		expect.objectContaining({ firstQuestion: 'What time do you open?', lastQuestion: 'I want to speak to a person' }),
	])
})

test('asked for a person, the visitor waits; the owner takes over, both write, the bot is paused until handed back', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 60 })
	const ids = visitor()
	const waiting = await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	expect(waiting.text).toBe(handoffCopy.widget.waiting)
	expect(waiting.parts).toContainEqual(expect.objectContaining({ type: 'data-handoff-state', data: 'waiting' }))
	// A notice, not an answer: the widget asks no feedback on it.
	expect(waiting.parts).toContainEqual(expect.objectContaining({ type: 'data-notice', data: true }))
	const conversation = await conversationOf(bot)
	expect(conversation.handoffState).toBe('waiting')
	// The wait's end is scheduled, once per conversation.
	const [job] = await prisma.$queryRaw<Array<{ runAt: Date }>>`
		SELECT run_at AS "runAt" FROM graphile_worker.jobs WHERE key = ${`handoff-timeout:${conversation.id}`}`
	expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(50_000)
	expect(await conversationsWithPeople(ownerId, bot.id)).toEqual([
		expect.objectContaining({ id: conversation.id, state: 'waiting', lastQuestion: 'I want to speak to a person' }),
	])

	// Before anyone joins, the visitor's messages wait for the person; the bot stays quiet.
	const early = await post(handoffAction, 'handoff', bot, {
		intent: 'say',
		...ids,
		messageId: randomUUID(),
		text: 'Hello?',
	})
	expect(early.status).toBe(201)

	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	expect(await personSays(ownerId, bot.id, conversation.id, 'Hi, Asha here. How can I help?')).toBe('sent')
	// The visitor posts as the team: stored as the visitor's all the same.
	const visitorMessageId = randomUUID()
	const posed = await post(handoffAction, 'handoff', bot, {
		intent: 'say',
		...ids,
		messageId: visitorMessageId,
		text: 'Where is my parcel?',
		author: 'person',
		role: 'assistant',
	})
	expect(posed.status).toBe(201)
	// A chat turn that raced the take-over is passed on, not answered by the bot.
	const raced = await replyOf(await ask(bot, ids, 'When do you open?'))
	expect(raced.text).toBe(handoffCopy.widget.passedOn)

	const visitorView = await handoffSnapshot(conversation.id, 'visitor', new Date(0))
	expect(visitorView).toMatchObject({ state: 'person', person: 'Asha' })
	expect(visitorView!.messages.map((m) => [m.author, m.text, m.name])).toEqual([
		['bot', handoffCopy.widget.waiting, null],
		['person', 'Hi, Asha here. How can I help?', 'Asha'],
	])
	const ownerView = await handoffSnapshot(conversation.id, 'owner', new Date(0))
	expect(ownerView!.messages.map((m) => [m.author, m.text])).toEqual([
		['visitor', 'I want to speak to a person'],
		['bot', handoffCopy.widget.waiting],
		['visitor', 'Hello?'],
		['person', 'Hi, Asha here. How can I help?'],
		['visitor', 'Where is my parcel?'],
		['visitor', 'When do you open?'],
	])
	const stored = await prisma.chatbotMessage.findUniqueOrThrow({ where: { id: visitorMessageId } })
	expect(stored).toMatchObject({ role: 'user', author: 'visitor', authorUserId: null })

	// Handed back: the bot answers the next question, and the visitor's handoff posts are refused.
	expect(await handBack(ownerId, bot.id, conversation.id)).toBe(true)
	const answer = await replyOf(await ask(bot, ids, 'When do you open?'))
	expect(answer.text).not.toBe(handoffCopy.widget.passedOn)
	expect(answer.text.length).toBeGreaterThan(0)
	const late = await post(handoffAction, 'handoff', bot, { intent: 'say', ...ids, messageId: randomUUID(), text: 'x' })
	expect(late.status).toBe(409)
	expect(await personSays(ownerId, bot.id, conversation.id, 'Still there?')).toBe('not-taken')
})

test('another user can neither take over, write to, nor read the conversation', async () => {
	const bot = await chatbot({ enabled: true })
	await replyOf(await ask(bot, visitor(), 'Can I talk to a human?'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(strangerId, bot.id, conversation.id)).toBe(false)
	expect(await personSays(strangerId, bot.id, conversation.id, 'Hi')).toBe('not-found')
	expect(await ownsConversation(strangerId, bot.id, conversation.id)).toBe(false)
	expect(await conversationsWithPeople(strangerId, bot.id)).toBeNull()
	expect(await handBack(strangerId, bot.id, conversation.id)).toBe(false)
	expect((await conversationOf(bot)).handoffState).toBe('waiting')
})

test('with handoff off, the owner cannot take a conversation over: 409 in words, nothing changes', async () => {
	const bot = await chatbot({ enabled: false })
	await replyOf(await ask(bot, visitor(), 'What do you sell?'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(false)
	const form = new FormData()
	form.set('intent', 'take-over')
	const outcome = await ownerHandoffAction(ownerId, { chatbotId: bot.id, conversationId: conversation.id }, form)
	expect(outcome).toEqual({ ok: false, status: 409, message: handoffCopy.owner.handoffOff })
	// Another user still gets 404, whatever the setting.
	const stranger = await ownerHandoffAction(strangerId, { chatbotId: bot.id, conversationId: conversation.id }, form)
	expect(stranger).toMatchObject({ ok: false, status: 404 })
	expect((await conversationOf(bot)).handoffState).toBe('bot')
})

test('nobody joins in time: the lead form is offered with when the team replies, and the owner is e-mailed', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	const payload = {
		conversationId: conversation.id,
		requestedAt: conversation.handoffRequestedAt!.toISOString(),
		origin: 'http://localhost:3000',
	}
	expect(await handoffTimeoutJob.run(payload, helpers)).toBe(true)
	expect((await conversationOf(bot)).handoffState).toBe('bot')
	const [offer] = (await handoffSnapshot(conversation.id, 'visitor', new Date(0)))!.messages.filter((m) => m.leadForm)
	expect(offer.text).toBe(handoffCopy.widget.timedOut('as soon as we can'))
	// Run twice (a retry), it does nothing more.
	expect(await handoffTimeoutJob.run(payload, helpers)).toBe(false)

	expect(await handoffEmailJob.run({ conversationId: conversation.id, origin: payload.origin }, helpers)).toBe(true)
	const owner = await prisma.user.findUniqueOrThrow({ where: { id: ownerId } })
	const mail = await prisma.emailOutbox.findFirstOrThrow({
		where: { toAddress: owner.email },
		orderBy: { createdAt: 'desc' },
	})
	// Subject and body tell the same state: the wait is over and the lead form was offered.
	expect(mail.subject).toBe('A visitor asked for a person on Shop: nobody joined, so they got the lead form')
	expect(mail.textBody).toContain('so they were offered the lead form')
	expect(mail.textBody).toContain(`/playground/chatbots/${bot.id}/conversations/${conversation.id}`)
	expect(mail.textBody).toContain('I want to speak to a person')
})

test('a visitor who leaves a held conversation for a new one: the log says so, the bot has it back; again, nothing', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 60 })
	const ids = visitor()
	await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	const left = await post(handoffAction, 'handoff', bot, { intent: 'leave', ...ids })
	expect(await left.json()).toEqual({ ok: true })
	expect((await conversationOf(bot)).handoffState).toBe('bot')
	const { messages } = (await handoffSnapshot(conversation.id, 'owner', new Date(0)))!
	expect(messages.at(-1)?.text).toBe('The visitor left the chat')
	const again = await post(handoffAction, 'handoff', bot, { intent: 'leave', ...ids })
	expect(await again.json()).toEqual({ ok: false })
})

test('a take-over before the wait ends leaves the job nothing to do', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	await takeOver(ownerId, bot.id, conversation.id)
	const payload = {
		conversationId: conversation.id,
		requestedAt: conversation.handoffRequestedAt!.toISOString(),
		origin: 'http://localhost:3000',
	}
	expect(await handoffTimeoutJob.run(payload, helpers)).toBe(false)
	expect((await conversationOf(bot)).handoffState).toBe('person')
})

test('outside opening hours the lead form is offered at once; with handoff off, nothing changes', async () => {
	const now = new Date()
	// Hours that exclude the present minute whatever the time zone: a one-minute window an hour away.
	const at = (offset: number) => {
		const date = new Date(now.getTime() + offset * 60_000)
		const parts = new Intl.DateTimeFormat('en-GB', {
			timeZone: process.env.DASHBOARD_TIME_ZONE ?? 'Asia/Kolkata',
			hour: '2-digit',
			minute: '2-digit',
			hourCycle: 'h23',
		}).format(date)
		return parts
	}
	const closed = await chatbot({ enabled: true, opensAt: at(60), closesAt: at(61) })
	const reply = await replyOf(await ask(closed, visitor(), 'I want to speak to a person'))
	expect(reply.text).toMatch(/^The team is away right now\. We'll reply (today|tomorrow) from /)
	expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'data-handoff' }))
	const asked = await conversationOf(closed)
	expect(asked.handoffState).toBe('bot')
	// The owner is e-mailed at once (a visitor who leaves no details would otherwise be lost), under the same caps.
	const queued = await prisma.$queryRaw<
		Array<{ payload: { conversationId: string; origin: string; closed: boolean } }>
	>`
		SELECT payload FROM graphile_worker._private_jobs WHERE payload->>'conversationId' = ${asked.id}`
	expect(queued).toHaveLength(1)
	expect(await handoffEmailJob.run(queued[0].payload, helpers)).toBe(true)
	const mail = await prisma.emailOutbox.findFirstOrThrow({
		where: { toAddress: ownerEmail },
		orderBy: { createdAt: 'desc' },
	})
	expect(mail.subject).toBe('A visitor asked for a person on Shop outside your opening hours: they got the lead form')
	expect(mail.textBody).toContain('I want to speak to a person')
	expect(mail.textBody).toContain(`/playground/chatbots/${closed.id}/conversations/${asked.id}`)

	const off = await chatbot({ enabled: false })
	const ids = visitor()
	const offReply = await replyOf(await ask(off, ids, 'I want to speak to a person'))
	expect(offReply.text).not.toBe(handoffCopy.widget.waiting)
	expect((await conversationOf(off)).handoffState).toBe('bot')
	const refused = await post(handoffAction, 'handoff', off, { intent: 'typing', ...ids })
	expect(refused.status).toBe(404)
})

test('turning handoff off hands the conversations a person holds or a visitor waits in back to the bot', async () => {
	const bot = await chatbot({ enabled: true })
	const held = visitor()
	await replyOf(await ask(bot, held, 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	const off = HandoffSettingsSchema.parse({ waitSeconds: '60', opensAt: '', closesAt: '' })
	expect(await saveHandoffSettings(ownerId, bot.id, off)).toBe(true)
	expect(await conversationOf(bot)).toMatchObject({ handoffState: 'bot', handoffUserId: null })
	// The bot answers again, and the owner cannot write into a conversation nobody holds.
	const answer = await replyOf(await ask(bot, held, 'When do you open?'))
	expect(answer.text).not.toBe(handoffCopy.widget.passedOn)
	expect(await personSays(ownerId, bot.id, conversation.id, 'Still there?')).toBe('not-taken')
})

test('"a visitor is waiting" e-mails are capped per chatbot: a flood of requests is not a flood of mail', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	for (let i = 0; i < 7; i++) await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const waiting = await prisma.chatbotConversation.findMany({ where: { chatbotId: bot.id }, select: { id: true } })
	expect(waiting).toHaveLength(7)
	const sent: unknown[] = []
	for (const { id } of waiting)
		sent.push(await handoffEmailJob.run({ conversationId: id, origin: 'http://localhost:3000' }, helpers))
	expect(sent).toEqual([true, true, true, true, true, false, false])
	// The two after the cap are not lost: one digest for them at the window's end, queued once.
	const digests = await prisma.$queryRaw<Array<{ runAt: Date; payload: { chatbotId: string; origin: string } }>>`
		SELECT run_at AS "runAt", payload FROM graphile_worker._private_jobs WHERE key = ${`handoff-digest:${bot.id}`}`
	expect(digests).toHaveLength(1)
	expect(digests[0].runAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
	expect(await handoffDigestJob.run(digests[0].payload, helpers)).toBe(2)
	// Told once: run again, it has nobody to tell.
	expect(await handoffDigestJob.run(digests[0].payload, helpers)).toBe(0)
	expect(handoffCopy.email.digestSubject('Shop', 2)).toBe('2 more visitors asked for a person on Shop')
})

test('misses over the chatbot cap add up across the old 10-minute window, and the pending digest keeps its run time', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	for (let i = 0; i < 8; i++) await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const [first, ...rest] = await prisma.chatbotConversation.findMany({
		where: { chatbotId: bot.id },
		select: { id: true },
	})
	const emailOf = (id: string) => handoffEmailJob.run({ conversationId: id, origin: 'http://localhost:3000' }, helpers)
	const sent: unknown[] = []
	for (const { id } of [first, ...rest.slice(0, 5)]) sent.push(await emailOf(id))
	expect(sent).toEqual([true, true, true, true, true, false])
	const digestOf = () =>
		prisma.$queryRaw<Array<{ runAt: Date; payload: { chatbotId: string; origin: string } }>>`
			SELECT run_at AS "runAt", payload FROM graphile_worker._private_jobs WHERE key = ${`handoff-digest:${bot.id}`}`
	const [queued] = await digestOf()
	// The digest is late (a busy worker): the first miss is older than a window when the next come.
	await prisma.$executeRaw`UPDATE rate_limits SET window_start = now() - interval '11 minutes'
		WHERE key = ${`handoff-email-missed:${bot.id}`}`
	// The chatbot's own cap still refuses (its window is not over for this test's sake).
	for (const { id } of rest.slice(5)) expect(await emailOf(id)).toBe(false)
	const digests = await digestOf()
	expect(digests).toHaveLength(1)
	expect(digests[0].runAt.getTime()).toBe(queued.runAt.getTime())
	expect(await handoffDigestJob.run(digests[0].payload, helpers)).toBe(3)
	expect(await handoffDigestJob.run(digests[0].payload, helpers)).toBe(0)
})

/** The pending idle check of a conversation: when it runs. */
async function idleCheckOf(conversationId: string) {
	const [job] = await prisma.$queryRaw<Array<{ runAt: Date }>>`
		SELECT run_at AS "runAt" FROM graphile_worker.jobs WHERE key = ${`handoff-idle:${conversationId}`}`
	return job?.runAt ?? null
}

/** The person's last sign, as if it were `minutes` ago. */
const lastSignAgo = (conversationId: string, minutes: number) =>
	prisma.$executeRaw`UPDATE chatbot_conversations SET person_active_at = now() - make_interval(mins => ${minutes})
		WHERE id = ${conversationId}::uuid`

test('a person who took over and left: after the idle time the bot answers again, and the visitor and the log are told', async () => {
	const bot = await chatbot({ enabled: true })
	const ids = visitor()
	await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	// The take-over queues the check for the end of the idle time.
	const firstCheck = await idleCheckOf(conversation.id)
	expect(firstCheck!.getTime() - Date.now()).toBeGreaterThan(HANDOFF_IDLE_MS - 60_000)
	expect(await personSays(ownerId, bot.id, conversation.id, 'Hi, Asha here.')).toBe('sent')

	// Asha wrote a minute ago: she is there; the check looks again idle time after that.
	await lastSignAgo(conversation.id, 1)
	expect(await handoffIdleJob.run({ conversationId: conversation.id }, helpers)).toBe('still there')
	expect((await conversationOf(bot)).handoffState).toBe('person')
	const again = (await idleCheckOf(conversation.id))!.getTime() - Date.now()
	expect(again).toBeGreaterThan(HANDOFF_IDLE_MS - 2 * 60_000)
	expect(again).toBeLessThan(HANDOFF_IDLE_MS - 30_000)

	// Nothing from her for longer than the idle time (the tab closed, she went home): back to the bot.
	await lastSignAgo(conversation.id, HANDOFF_IDLE_MS / 60_000 + 1)
	expect(await handoffIdleJob.run({ conversationId: conversation.id }, helpers)).toBe('handed back')
	expect(await conversationOf(bot)).toMatchObject({ handoffState: 'bot', handoffUserId: null })
	// The visitor's stream has the notice with the change, in one read; the owner's log keeps it.
	const seen = await handoffSnapshot(conversation.id, 'visitor', new Date(0))
	expect(seen!.state).toBe('bot')
	expect(seen!.messages.at(-1)).toMatchObject({ author: 'bot', text: handoffCopy.widget.personLeft('Asha') })
	const log = await handoffSnapshot(conversation.id, 'owner', new Date(0))
	expect(log!.messages.map((m) => m.text)).toContain(handoffCopy.widget.personLeft('Asha'))
	// The bot answers the next question; a check that runs again finds nothing to do.
	const answer = await replyOf(await ask(bot, ids, 'When do you open?'))
	expect(answer.text).not.toBe(handoffCopy.widget.passedOn)
	expect(await handoffIdleJob.run({ conversationId: conversation.id }, helpers)).toBe('not held')
})

test("the owner's stop of typing clears it for the visitor at once; a stop with nothing to stop writes nothing", async () => {
	const bot = await chatbot({ enabled: true })
	await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	const form = (fields: Record<string, string>) => {
		const data = new FormData()
		for (const [name, value] of Object.entries(fields)) data.set(name, value)
		return data
	}
	const params = { chatbotId: bot.id, conversationId: conversation.id }
	const typingSeen = async () => (await handoffSnapshot(conversation.id, 'visitor', new Date()))!.personTyping
	expect(await ownerHandoffAction(ownerId, params, form({ intent: 'typing' }))).toEqual({ ok: true })
	expect(await typingSeen()).toBe(true)
	expect(await ownerHandoffAction(ownerId, params, form({ intent: 'typing', stopped: 'true' }))).toEqual({ ok: true })
	expect(await typingSeen()).toBe(false)
	expect(await personTyping(ownerId, bot.id, conversation.id, false)).toBe('not-taken')
})

test('typing, the conversation page and its live view open in front of its person are signs they are there', async () => {
	const bot = await chatbot({ enabled: true })
	await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	const idleAgo = HANDOFF_IDLE_MS / 60_000 + 1
	const stillThere = () => handoffIdleJob.run({ conversationId: conversation.id }, helpers)

	await lastSignAgo(conversation.id, idleAgo)
	expect(await personTyping(ownerId, bot.id, conversation.id)).toBe('typing')
	expect(await stillThere()).toBe('still there')

	const cookie = await sessionCookieFor(ownerEmail)
	const params = { chatbotId: bot.id, conversationId: conversation.id }
	const path = `http://localhost/playground/chatbots/${bot.id}/conversations/${conversation.id}`
	await lastSignAgo(conversation.id, idleAgo)
	await conversationLoader({
		request: new Request(path, { headers: { Cookie: cookie } }),
		params,
		context: {},
	} as never)
	expect(await stillThere()).toBe('still there')

	// The live view says so when it opens and every minute while open.
	await lastSignAgo(conversation.id, idleAgo)
	const view = new AbortController()
	const stream = (await ownerEventsLoader({
		request: new Request(`${path}/events`, { headers: { Cookie: cookie }, signal: view.signal }),
		params,
		context: {},
	} as never)) as Response
	expect(stream.status).toBe(200)
	await vi.waitFor(async () =>
		expect((await conversationOf(bot)).personActiveAt!.getTime()).toBeGreaterThan(Date.now() - 60_000),
	)
	expect(await stillThere()).toBe('still there')
	view.abort()

	// Closed, and nothing since for the idle time: handed back.
	await lastSignAgo(conversation.id, idleAgo)
	expect(await stillThere()).toBe('handed back')
})

test('"a visitor is waiting" e-mails are capped per sender too: one per visitor, two per address, the rest for others', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	const pest = visitor()
	// One visitor asks again and again, each time in a new conversation ("New conversation").
	for (let i = 0; i < 4; i++)
		await replyOf(await ask(bot, { ...pest, conversationId: `conv-${randomUUID()}` }, 'I want to speak to a person'))
	const emailOf = (id: string) => handoffEmailJob.run({ conversationId: id, origin: 'http://localhost:3000' }, helpers)
	const theirs = await prisma.chatbotConversation.findMany({ where: { chatbotId: bot.id }, select: { id: true } })
	const sent: unknown[] = []
	for (const { id } of theirs) sent.push(await emailOf(id))
	expect(sent.filter(Boolean)).toHaveLength(1)
	// Other visitors still reach the owner: the chatbot's allowance was not spent by the one.
	const others = [visitor(), visitor(), visitor()]
	for (const ids of others) await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	for (const ids of others) {
		const { id } = await prisma.chatbotConversation.findFirstOrThrow({
			where: { chatbotId: bot.id, visitorId: ids.visitorId },
		})
		expect(await emailOf(id)).toBe(true)
	}

	// New visitor ids from one address: two e-mails, then no more.
	const other = await chatbot({ enabled: true, waitSeconds: 5 })
	for (let i = 0; i < 3; i++) await replyOf(await ask(other, visitor(), 'I want to speak to a person'))
	await prisma.chatbotConversation.updateMany({ where: { chatbotId: other.id }, data: { ipHash: 'one-address' } })
	const fromOneAddress = await prisma.chatbotConversation.findMany({ where: { chatbotId: other.id } })
	const results: unknown[] = []
	for (const { id } of fromOneAddress) results.push(await emailOf(id))
	expect(results).toEqual([true, true, false])
})

test('a take-over just after the wait ended: the owner has the conversation, and no "nobody joined" e-mail is sent', async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 5 })
	await replyOf(await ask(bot, visitor(), 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	const payload = {
		conversationId: conversation.id,
		requestedAt: conversation.handoffRequestedAt!.toISOString(),
		origin: 'http://localhost:3000',
	}
	expect(await handoffTimeoutJob.run(payload, helpers)).toBe(true)
	// The owner, whose page still showed the visitor waiting, takes over: the visitor gets a person.
	expect(await takeOver(ownerId, bot.id, conversation.id)).toBe(true)
	expect((await conversationOf(bot)).handoffState).toBe('person')
	// Someone did join: the owner is not told that nobody did.
	expect(await handoffEmailJob.run({ conversationId: conversation.id, origin: payload.origin }, helpers)).toBe(false)
	expect(
		await prisma.emailOutbox.count({ where: { textBody: { contains: `/conversations/${conversation.id}` } } }),
	).toBe(0)
})

test("thumbs are only for the chatbot's answers: a person's message or a notice is refused with 422", async () => {
	const bot = await chatbot({ enabled: true, waitSeconds: 60 })
	const ids = visitor()
	await replyOf(await ask(bot, ids, 'What time do you open?'))
	await replyOf(await ask(bot, ids, 'I want to speak to a person'))
	const conversation = await conversationOf(bot)
	await takeOver(ownerId, bot.id, conversation.id)
	const personMessage = randomUUID()
	expect(await personSays(ownerId, bot.id, conversation.id, 'Hello, Asha here.', personMessage)).toBe('sent')
	const messages = await prisma.chatbotMessage.findMany({
		where: { conversationId: conversation.id, role: 'assistant' },
		orderBy: { createdAt: 'asc' },
	})
	const answer = messages.find((m) => m.author === 'bot' && m.model !== 'Handoff')!
	const notice = messages.find((m) => m.model === 'Handoff')!
	const rate = (messageId: string) =>
		post(feedbackAction, 'feedback', bot, { visitorId: ids.visitorId, messageId, rating: 'down', comment: 'No' })
	for (const messageId of [personMessage, notice.id]) {
		const refused = await rate(messageId)
		expect(refused.status).toBe(422)
		expect(await refused.json()).toEqual({ error: "Only the chatbot's answers take feedback." })
	}
	expect((await rate(answer.id)).status).toBe(200)
	const rated = await prisma.chatbotMessage.findMany({ where: { conversationId: conversation.id, feedback: 'down' } })
	expect(rated.map((m) => m.id)).toEqual([answer.id])
	expect((await conversationOf(bot)).thumbsDown).toBe(1)
})

// A visitor's live stream and typing have budgets and caps of their own (ADR 0061): one visitor with
// many tabs, or one typing fast, cannot lock out the others behind their address (an office), nor
// does typing spend the stream's budget; the refusals are worded for the visitor.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { VISITOR_STREAMS } from '~/features/chatbots/handoff/handoff.server.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { issueEmbedToken } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import { loader as eventsLoader } from './embed-handoff-events.ts'
import { action as handoffAction } from './embed-handoff.ts'

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

afterAll(async () => {
	for (const controller of controllers) controller.abort()
	await tableChangeListener('chatbot_conversations_changes').close()
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: ownerId } })
})

/** A visitor of the chatbot with a conversation a person has. */
async function visitorWithConversation() {
	const ids = { visitorId: `visitor-${randomUUID().slice(0, 8)}`, conversationId: `conv-${randomUUID()}` }
	await prisma.chatbotConversation.create({
		data: { chatbotId, visitorId: ids.visitorId, clientId: ids.conversationId, handoffState: 'person' },
	})
	return ids
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

test('one visitor with many tabs holds their own share of streams; the others behind their address still get theirs', async () => {
	const ip = '10.64.0.1'
	const tabs = await visitorWithConversation()
	const open = []
	for (let i = 0; i < VISITOR_STREAMS.perVisitor; i++) open.push(await openStream(ip, tabs))
	expect(statuses(open)).toEqual(open.map(() => 200))
	const refused = await openStream(ip, tabs)
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	// In the visitor's words (JSON, as every embed API), not the owner's "live views… reload".
	expect(await refused.json()).toEqual({ error: handoffCopy.widget.streamBusy })
	// A colleague in the same office is not locked out.
	expect((await openStream(ip, await visitorWithConversation())).status).toBe(200)
})

test("an address holds many visitors' streams (an office): past its cap the next waits; other addresses do not", async () => {
	const ip = '10.64.0.2'
	const visitors = await Promise.all(
		Array.from({ length: VISITOR_STREAMS.perAddress / VISITOR_STREAMS.perVisitor }, visitorWithConversation),
	)
	const open = []
	for (const visitor of visitors)
		for (let i = 0; i < VISITOR_STREAMS.perVisitor; i++) open.push(await openStream(ip, visitor))
	expect(statuses(open)).toEqual(open.map(() => 200))
	expect((await openStream(ip, await visitorWithConversation())).status).toBe(429)
	expect((await openStream('10.64.0.3', await visitorWithConversation())).status).toBe(200)
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

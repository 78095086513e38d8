// A chatbot's shared embed budget is spent only by valid chat turns: strangers flooding it with
// empty feedback and invalid chats from many addresses cannot lock the widget for its visitors.
// The route actions, called with plain Requests as the widget's iframe sends them.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { chargeEmbedChatbot, chatbotLimits, embedChatbotKey } from '~/features/chatbots/chatbot-limits.server.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { issueEmbedToken } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { action as embedPageAction } from '../embed/chatbot.tsx'
import { action as chatAction } from './embed-chat.ts'
import { action as feedbackAction } from './embed-feedback.ts'
import { action as leadAction } from './embed-lead.ts'

let userId: string
let chatbotId: string
let token: string
let ipCounter = 0
/** A visitor address of its own for each call site (10.61.x.y). */
const freshIp = () => `10.61.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	userId = (await prisma.user.create({ data: { email: `embed-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	const chatbot = await prisma.chatbot.create({
		data: {
			userId,
			name: 'Shop',
			knowledgeBase: 'We open at 9 am and close at 6 pm.',
			systemPrompt: 'Help.',
			appearance: {
				leadForm: { mode: 'before', afterMessages: 3, fields: { name: 'optional', email: 'required', phone: 'off' } },
			},
		},
	})
	chatbotId = chatbot.id
	token = issueEmbedToken(chatbotId, null)
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
})

type Action = (args: never) => Promise<Response>
function post(action: Action, what: string, ip: string, body: string) {
	const request = new Request(`http://localhost/api/embed/${chatbotId}/${what}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: token, 'x-app-client-ip': ip },
		body,
	})
	return action({ request, params: { chatbotId }, context: {} } as never)
}

const question = (text: string) =>
	JSON.stringify({ visitorId: randomUUID(), messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }] })

async function chat(ip: string, body = question('When do you open?')) {
	const response = await post(chatAction, 'chat', ip, body)
	await response.body?.cancel()
	return response.status
}

test('320 empty feedback posts and invalid chats from 16 addresses leave the widget answering a new visitor', async () => {
	const statuses: number[] = []
	for (let address = 0; address < 16; address++) {
		const ip = freshIp()
		for (let i = 0; i < 10; i++) statuses.push((await post(feedbackAction, 'feedback', ip, '')).status)
		for (let i = 0; i < 10; i++) statuses.push(await chat(ip, '{"messages": []}'))
	}
	expect(statuses).toHaveLength(320)
	expect(statuses.every((status) => status === 400)).toBe(true)
	// Each flooding address is out of its own budget now; a visitor with a fresh one is answered.
	expect(await chat(freshIp())).toBe(200)
})

test("a valid chat turn spends the chatbot's budget; the visitor's is charged before anything is read", async () => {
	const key = embedChatbotKey(chatbotId)
	for (let i = 0; i < chatbotLimits.embedChatPerChatbot.limit; i++) await chargeEmbedChatbot(chatbotId)
	// The chatbot's budget is spent: a valid turn waits, with Retry-After.
	const refused = await post(chatAction, 'chat', freshIp(), question('Still open?'))
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	// Feedback and an invalid chat are answered on their merits, not with the chatbot's 429.
	expect((await post(feedbackAction, 'feedback', freshIp(), '{}')).status).toBe(400)
	expect(await chat(freshIp(), '{"messages": []}')).toBe(400)
	await prisma.rateLimit.deleteMany({ where: { key } })

	// One visitor's budget covers everything they post; past it, even a valid chat is refused.
	const ip = freshIp()
	for (let i = 0; i < chatbotLimits.embedChatPerIp.limit; i++) await post(feedbackAction, 'feedback', ip, '')
	expect(await chat(ip)).toBe(429)
})

test('leads have a smaller budget of their own per visitor', async () => {
	const ip = freshIp()
	const lead = () =>
		post(
			leadAction,
			'lead',
			ip,
			JSON.stringify({ visitorId: randomUUID(), conversationId: randomUUID(), email: 'asha@example.com' }),
		)
	for (let i = 0; i < chatbotLimits.embedLeadsPerIp.limit; i++) expect((await lead()).status).toBe(201)
	expect((await lead()).status).toBe(429)
	// The visitor can still chat: the lead budget is not the chat budget.
	expect(await chat(ip)).toBe(200)
})

test('form mistakes do not spend the leads a visitor may leave, by the API or by the no-JavaScript form', async () => {
	const ip = freshIp()
	const lead = (email: string) =>
		post(leadAction, 'lead', ip, JSON.stringify({ visitorId: randomUUID(), conversationId: randomUUID(), email }))
	// More invalid posts than the lead budget holds: each is told what to correct, none is refused.
	for (let i = 0; i <= chatbotLimits.embedLeadsPerIp.limit; i++) expect((await lead('not an e-mail')).status).toBe(400)
	const formPost = (email: string) => {
		const body = new URLSearchParams({ token, visitorId: randomUUID(), conversationId: randomUUID(), email })
		const request = new Request(`http://localhost/embed/${chatbotId}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'x-app-client-ip': ip },
			body,
		})
		return embedPageAction({ request, params: { chatbotId }, context: {} } as never) as Promise<unknown>
	}
	const status = (result: unknown) =>
		result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200)
	expect(status(await formPost(''))).toBe(400)
	// The whole allowance is still there for valid leads.
	for (let i = 0; i < chatbotLimits.embedLeadsPerIp.limit - 1; i++)
		expect((await lead('asha@example.com')).status).toBe(201)
	expect(status(await formPost('asha@example.com'))).toBe(303)
	expect((await lead('asha@example.com')).status).toBe(429)
	expect(status(await formPost('asha@example.com'))).toBe(429)
})

test('a visitor cannot escape their budget by taking new addresses in their IPv6 /64; another /64 is another visitor', async () => {
	// Any one host or home connection has a whole /64 to pick addresses from.
	const group = () => Math.floor(Math.random() * 0xffff).toString(16)
	const prefix = `2001:db8:${group()}:${group()}`
	for (let i = 1; i <= chatbotLimits.embedChatPerIp.limit; i++)
		await post(feedbackAction, 'feedback', `${prefix}::${i.toString(16)}`, '')
	expect(await chat(`${prefix}:a1b2:c3d4:e5f6:789`)).toBe(429)
	expect(await chat(`2001:db8:${group()}:${group()}::1`)).toBe(200)
})

test('a flood of forged tokens writes one log line for the chatbot and reason, not one a request', async () => {
	const warn = vi.mocked(console.warn)
	const refusalLines = () =>
		warn.mock.calls.filter(([line]) => String(line).includes(`of chatbot ${chatbotId} refused`)).length
	const before = refusalLines()
	const forged = `${token.slice(0, -4)}AAAA`
	for (let i = 0; i < 20; i++) {
		const request = new Request(`http://localhost/api/embed/${chatbotId}/feedback`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: forged, 'x-app-client-ip': freshIp() },
			body: '{}',
		})
		const response = await feedbackAction({ request, params: { chatbotId }, context: {} } as never)
		expect(response.status).toBe(403)
	}
	expect(refusalLines() - before).toBe(1)
})

// A visitor of the embedded chat who asks for a person: with a lead form, the chatbot offers it
// (a data-handoff part) instead of the model's "I don't know… contact our team", stores the turn as
// answered, and once the visitor has sent their details says the team has them. Without a lead form
// the model answers as before. The route actions, called with plain Requests as the iframe sends them.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { LEAD_FORM_MODEL } from '~/features/chatbots/conversations/reply-labels.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { issueEmbedToken } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { action as chatAction } from './embed-chat.ts'
import { action as leadAction } from './embed-lead.ts'

let userId: string
let ipCounter = 0
const freshIp = () => `10.62.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	userId = (await prisma.user.create({ data: { email: `handoff-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
})

async function chatbotWith(mode: 'off' | 'human' | 'after') {
	const chatbot = await prisma.chatbot.create({
		data: {
			userId,
			name: 'Shop',
			knowledgeBase: 'We open at 9 am and close at 6 pm.',
			systemPrompt: 'Help.',
			appearance: {
				leadForm: { mode, afterMessages: 3, fields: { name: 'optional', email: 'required', phone: 'off' } },
			},
		},
	})
	return { id: chatbot.id, token: issueEmbedToken(chatbot.id, null) }
}

function post(
	action: (args: never) => Promise<Response>,
	what: string,
	bot: { id: string; token: string },
	body: object,
) {
	const request = new Request(`http://localhost/api/embed/${bot.id}/${what}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: bot.token, 'x-app-client-ip': freshIp() },
		body: JSON.stringify(body),
	})
	return action({ request, params: { chatbotId: bot.id }, context: {} } as never)
}

const ids = { visitorId: 'visitor-handoff-01', conversationId: 'conv-handoff-0001' }
const ask = (bot: { id: string; token: string }, text: string) =>
	post(chatAction, 'chat', bot, {
		...ids,
		messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }],
	})

/** The streamed reply's text and data parts. */
async function replyOf(response: Response) {
	expect(response.status).toBe(200)
	const events = (await response.text())
		.split('\n')
		.filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
		.map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
	return {
		text: events.map((event) => (event.type === 'text-delta' ? event.delta : '')).join(''),
		types: events.map((event) => event.type),
	}
}

test('asked for a person, a chatbot with a lead form offers it instead of an "I don\'t know"', async () => {
	const bot = await chatbotWith('human')
	const reply = await replyOf(await ask(bot, 'I want to speak to a person'))
	expect(reply.text).toBe(activityCopy.leadForm.handoff)
	expect(reply.text).not.toMatch(/know/i)
	expect(reply.types).toContain('data-handoff')
	// Stored as an answer, from the lead form, not an unanswered question.
	const stored = await prisma.chatbotMessage.findFirstOrThrow({ where: { chatbotId: bot.id, role: 'assistant' } })
	expect(stored).toMatchObject({ text: activityCopy.leadForm.handoff, model: LEAD_FORM_MODEL, answered: true })

	// The visitor sends their details: asked again, the chat says the team has them, and offers no form.
	const lead = await post(leadAction, 'lead', bot, { ...ids, email: 'asha@example.com' })
	expect(lead.status).toBe(201)
	const again = await replyOf(await ask(bot, 'Can someone call me back?'))
	expect(again.text).toBe(activityCopy.leadForm.handoffDone)
	expect(again.types).not.toContain('data-handoff')
})

test('in every mode of the lead form; a question that only mentions agents is answered by the model', async () => {
	const bot = await chatbotWith('after')
	expect((await replyOf(await ask(bot, 'Can I talk to a human?'))).types).toContain('data-handoff')
	const question = await replyOf(await ask(bot, 'When do you open? Do you build AI agents?'))
	expect(question.types).not.toContain('data-handoff')
	expect(question.text).not.toBe(activityCopy.leadForm.handoff)
})

test('without a lead form, the model answers a request for a person', async () => {
	const bot = await chatbotWith('off')
	const reply = await replyOf(await ask(bot, 'I want to speak to a person'))
	expect(reply.types).not.toContain('data-handoff')
	expect(reply.text).not.toBe(activityCopy.leadForm.handoff)
	const stored = await prisma.chatbotMessage.findFirstOrThrow({ where: { chatbotId: bot.id, role: 'assistant' } })
	expect(stored.model).not.toBe(LEAD_FORM_MODEL)
})

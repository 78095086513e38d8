// The Conversations live feed: one user cannot hold more than a few streams open at once (each holds
// a socket, a subscription and buffers); past the cap the answer is 429, and closing one frees it.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { ChatbotFormSchema } from '~/features/chatbots/chatbot-schema.ts'
import { createChatbot } from '~/features/chatbots/chatbots.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { LIVE_STREAMS_PER_USER } from '~/lib/event-stream.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import { sessionCookieFor } from '../../../../../tests/support/session-cookie.ts'
import { loader } from './events.ts'

const emails = [`feed-a-${randomUUID()}@example.com`, `feed-b-${randomUUID()}@example.com`]

afterAll(async () => {
	await tableChangeListener('chatbot_conversations_changes').close()
	await prisma.user.deleteMany({ where: { email: { in: emails } } })
})

async function ownerWithChatbot(email: string) {
	const cookie = await sessionCookieFor(email)
	const user = await prisma.user.findUniqueOrThrow({ where: { email } })
	const form = ChatbotFormSchema.parse({ name: 'Feed', knowledgeBase: 'We open at 9.', systemPrompt: '' })
	return { cookie, chatbotId: (await createChatbot(user.id, form, 'http://localhost')).chatbot.id }
}

const open = (cookie: string, chatbotId: string, controller = new AbortController()) =>
	loader({
		request: new Request(`http://localhost/playground/chatbots/${chatbotId}/conversations/events`, {
			headers: { Cookie: cookie },
			signal: controller.signal,
		}),
		params: { chatbotId },
		context: { cspNonce: '' },
	} as never) as Promise<Response>

test('a user past the live-stream cap gets 429 with Retry-After; another user does not; a closed tab frees a place', async () => {
	const a = await ownerWithChatbot(emails[0])
	const b = await ownerWithChatbot(emails[1])
	const controllers = Array.from({ length: LIVE_STREAMS_PER_USER }, () => new AbortController())
	const streams = await Promise.all(controllers.map((controller) => open(a.cookie, a.chatbotId, controller)))
	expect(streams.map((response) => response.status)).toEqual(streams.map(() => 200))
	const refused = await open(a.cookie, a.chatbotId)
	expect(refused.status).toBe(429)
	expect(refused.headers.get('Retry-After')).toBeTruthy()
	expect(await refused.text()).toMatch(/Too many live views/)
	const other = new AbortController()
	expect((await open(b.cookie, b.chatbotId, other)).status).toBe(200)
	controllers[0].abort()
	const again = new AbortController()
	expect((await open(a.cookie, a.chatbotId, again)).status).toBe(200)
	for (const controller of [...controllers, other, again]) controller.abort()
})

// A conversation's page posts one thing, its confirmed Delete, through the conversation logs' schema:
// any other intent is a 400 "Unknown action." before anything is looked up; Delete of a conversation
// that is not there (or not the user's) is a 404. The handoff's posts (ADR 0061) answer another
// user 404 too, by page and by the live view's JSON, "typing" included.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { sessionCookieFor } from '../../../../../tests/support/session-cookie.ts'
import { action as eventsAction } from './conversation-events.ts'
import { action } from './conversation.tsx'

const email = `conversation-${randomUUID()}@example.com`
const ownerEmail = `conversation-owner-${randomUUID()}@example.com`
afterAll(() => prisma.user.deleteMany({ where: { email: { in: [email, ownerEmail] } } }))

async function post(
	cookie: string,
	fields: Record<string, string>,
	params: { chatbotId: string; conversationId: string } = { chatbotId: randomUUID(), conversationId: randomUUID() },
) {
	const request = new Request(
		`http://localhost/playground/chatbots/${params.chatbotId}/conversations/${params.conversationId}`,
		{
			method: 'POST',
			headers: { Cookie: cookie },
			body: new URLSearchParams(fields),
		},
	)
	try {
		return await action({ request, params, context: { cspNonce: '' } } as never)
	} catch (thrown) {
		return thrown as { data: unknown; init: { status: number } }
	}
}

test('only Delete is taken: another intent is "Unknown action." (400); Delete of a missing one is 404', async () => {
	const cookie = await sessionCookieFor(email)
	const others: Array<Record<string, string>> = [
		{},
		{ intent: 'delete-all' },
		{ intent: 'retention' },
		{ intent: 'DELETE' },
	]
	for (const fields of others)
		expect(await post(cookie, fields)).toMatchObject({ data: 'Unknown action.', init: { status: 400 } })
	expect(await post(cookie, { intent: 'delete' })).toMatchObject({ init: { status: 404 } })
})

test('another user\'s handoff posts, "typing" included, are 404 by page and by JSON; the owner\'s "typing" is taken', async () => {
	const ownerCookie = await sessionCookieFor(ownerEmail)
	const owner = await prisma.user.findUniqueOrThrow({ where: { email: ownerEmail } })
	const chatbot = await prisma.chatbot.create({
		data: { userId: owner.id, name: 'Shop', knowledgeBase: 'We open at 9.', systemPrompt: 'Help.' },
	})
	const conversation = await prisma.chatbotConversation.create({
		data: {
			chatbotId: chatbot.id,
			clientId: 'conversation-0001',
			visitorId: 'visitor-0001',
			handoffState: 'person',
			handoffUserId: owner.id,
		},
	})
	const params = { chatbotId: chatbot.id, conversationId: conversation.id }
	const postJson = (cookie: string, fields: Record<string, string>) =>
		eventsAction({
			request: new Request(
				`http://localhost/playground/chatbots/${chatbot.id}/conversations/${conversation.id}/events`,
				{
					method: 'POST',
					headers: { Cookie: cookie },
					body: new URLSearchParams(fields),
				},
			),
			params,
			context: { cspNonce: '' },
		} as never)

	const stranger = await sessionCookieFor(email)
	const posts: Array<Record<string, string>> = [
		{ intent: 'typing' },
		{ intent: 'take-over' },
		{ intent: 'say', text: 'Hi' },
	]
	for (const fields of posts) {
		expect(await post(stranger, fields, params), fields.intent).toMatchObject({ init: { status: 404 } })
		expect((await postJson(stranger, fields)).status, fields.intent).toBe(404)
	}
	expect(
		(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: conversation.id } })).personTypingAt,
	).toBeNull()

	// The owner who holds it: typing is stamped (302 back to the page without JavaScript, 200 as JSON).
	expect(((await post(ownerCookie, { intent: 'typing' }, params)) as Response).status).toBe(302)
	expect((await postJson(ownerCookie, { intent: 'typing' })).status).toBe(200)
	expect(
		(await prisma.chatbotConversation.findUniqueOrThrow({ where: { id: conversation.id } })).personTypingAt,
	).not.toBeNull()
})

// A conversation's page posts one thing, its confirmed Delete, through the conversation logs' schema:
// any other intent is a 400 "Unknown action." before anything is looked up; Delete of a conversation
// that is not there (or not the user's) is a 404.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { sessionCookieFor } from '../../../../../tests/support/session-cookie.ts'
import { action } from './conversation.tsx'

const email = `conversation-${randomUUID()}@example.com`
afterAll(() => prisma.user.deleteMany({ where: { email } }))

async function post(cookie: string, fields: Record<string, string>) {
	const params = { chatbotId: randomUUID(), conversationId: randomUUID() }
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

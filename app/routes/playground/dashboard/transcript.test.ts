// The whole transcript of a conversation: for the administrator only, never cached.
import { expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { sessionCookieFor } from '../../../../tests/support/session-cookie.ts'
import { loader } from './transcript.ts'

const fetchTranscript = (conversationId: string, cookie?: string) =>
	loader({
		request: new Request(`http://localhost/playground/dashboard/transcript/${conversationId}`, {
			headers: cookie ? { Cookie: cookie } : {},
		}),
		params: { conversationId },
		context: { cspNonce: '' },
	} as never)

test('the administrator reads the whole transcript; nobody else does', async () => {
	const call = await prisma.callLog.create({ data: { transcript: 'Caller: hello\nAssistant: hi there' } })
	expect((await fetchTranscript(call.id)).status).toBe(403)
	expect((await fetchTranscript(call.id, await sessionCookieFor('someone@example.com'))).status).toBe(403)
	const response = await fetchTranscript(call.id, await sessionCookieFor('admin@example.com'))
	expect(response.status).toBe(200)
	expect(response.headers.get('Cache-Control')).toBe('private, no-store')
	expect(await response.text()).toBe('Caller: hello\nAssistant: hi there')
	expect(
		(await fetchTranscript('00000000-0000-4000-8000-000000000000', await sessionCookieFor('admin@example.com'))).status,
	).toBe(404)
})

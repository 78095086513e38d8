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

test('each reply says which model answered it, and why the chosen one failed when it did', async () => {
	const call = await prisma.callLog.create({
		data: {
			transcript:
				'Assistant: Hello!\nCaller: When are you open?\nAssistant: From 9.\nCaller: And Sunday?\nAssistant: Closed.',
		},
	})
	await prisma.voiceMessage.create({
		data: {
			conversationId: call.id,
			clientMessageId: 'a',
			heard: 'When are you open?',
			reply: 'From 9.',
			model: 'Groq llama',
		},
	})
	await prisma.voiceMessage.create({
		data: {
			conversationId: call.id,
			clientMessageId: 'b',
			heard: 'And Sunday?',
			reply: 'Closed.',
			model: 'Offline model',
			modelError: 'The provider refused the key (HTTP 401).',
			createdAt: new Date(Date.now() + 1000),
		},
	})
	const response = await fetchTranscript(call.id, await sessionCookieFor('admin@example.com'))
	expect(await response.text()).toBe(
		[
			'Assistant: Hello!',
			'Caller: When are you open?',
			'Assistant: From 9.',
			'  (Answered by Groq llama)',
			'Caller: And Sunday?',
			'Assistant: Closed.',
			'  (Answered by Offline model; The chosen model failed: The provider refused the key (HTTP 401).)',
		].join('\n'),
	)
})

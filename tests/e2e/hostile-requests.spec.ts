// Every route against malformed requests, generated: wrong and truncated bodies, broken encodings,
// absurd ids, unusual methods, anonymous and signed in. None may answer 5xx; a refusal says why.
import { randomUUID } from 'node:crypto'
import { createUser, expect, sessionCookieDirect, sql, test } from './fixtures.ts'

const longId = 'x'.repeat(3000)
const ids = [randomUUID(), longId, '%E0%A4%A', '..%2F..%2Fplayground']
const paths = [
	'/',
	'/career',
	'/services/ai-chatbots',
	'/services/%E0%A4%A',
	'/%',
	'/chat',
	'/auth',
	'/auth?redirectTo=%0A%2F%2Fevil.example',
	'/auth/verify?token=%ZZ',
	`/auth/verify?token=${'a'.repeat(3000)}`,
	'/auth/forgot-password',
	'/auth/check-email',
	'/auth/reset-password?token=%ZZ',
	`/auth/reset-password?token=${'a'.repeat(43)}`,
	'/auth/sign-out',
	'/playground',
	'/playground/voicebots',
	'/playground/dashboard',
	'/playground/models',
	'/playground/account',
	'/api/chat',
	`/api/scrape?url=${'a'.repeat(3000)}`,
	'/api/scrape?url=%ZZ',
	'/api/voice-chat/start',
	'/api/voice-chat/message',
	'/api/voice-chat/end',
	'/healthz',
	'/robots.txt',
	'/sitemap.xml',
	'/no-such-page',
	...ids.flatMap((id) => [
		`/playground/chatbots/${id}`,
		`/playground/chatbots/${id}?delete`,
		`/playground/voicebots/${id}`,
		`/playground/dashboard?delete=${id}`,
		`/playground/chatbots/${id}/preview`,
		`/api/chatbots/${id}/chat`,
		`/api/embed/${id}/chat`,
		`/api/embed/${id}/feedback`,
		`/api/embed/${id}/lead`,
		`/playground/chatbots/${id}/conversations`,
		`/playground/chatbots/${id}/conversations/${id}`,
		`/playground/chatbots/${id}/conversations/events`,
		`/playground/chatbots/${id}/unanswered`,
		`/playground/chatbots/${id}/leads`,
		`/playground/chatbots/${id}/leads.csv`,
		`/playground/chatbots/${id}/insights`,
		`/embed/${id}`,
		`/embed/${id}/config`,
		`/embed/${id}/avatar`,
	]),
]

type Variant = { name: string; method: string; headers?: Record<string, string>; data?: string | Buffer }
const variants: Variant[] = [
	{ name: 'GET', method: 'GET' },
	{ name: 'POST without a body', method: 'POST' },
	{ name: 'POST text/plain', method: 'POST', headers: { 'Content-Type': 'text/plain' }, data: 'hello' },
	{ name: 'POST broken JSON', method: 'POST', headers: { 'Content-Type': 'application/json' }, data: '{"messages": [' },
	{
		name: 'POST JSON with absurd ids',
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		data: JSON.stringify({
			agent_id: longId,
			conversation_id: longId,
			messages: [{ id: longId, role: 'user', parts: [] }],
		}),
	},
	{
		name: 'POST truncated multipart',
		method: 'POST',
		headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' },
		data: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncrea',
	},
	{
		name: 'POST multipart without a boundary',
		method: 'POST',
		headers: { 'Content-Type': 'multipart/form-data' },
		data: 'intent=create',
	},
	{
		name: 'POST bad url-encoding',
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		data: '%ZZ=%&intent=%E0%A4%A',
	},
	{
		name: 'POST binary',
		method: 'POST',
		headers: { 'Content-Type': 'application/octet-stream' },
		data: Buffer.from([0, 255, 1, 254]),
	},
	{ name: 'PUT', method: 'PUT', headers: { 'Content-Type': 'text/plain' }, data: 'x' },
	{ name: 'DELETE', method: 'DELETE' },
	{ name: 'TRACE', method: 'TRACE' },
]

for (const signedIn of [false, true]) {
	test(`no route answers 5xx to a malformed request (${signedIn ? 'signed in' : 'anonymous'})`, async ({
		request,
		baseURL,
	}) => {
		test.slow()
		const user = await createUser()
		const cookie = signedIn ? await sessionCookieDirect(user.email) : undefined
		// Signed in, the user's own chatbot's activity pages get hostile query strings and ids too.
		const [{ id: own }] = await sql<{ id: string }>(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
			 SELECT id, 'Hostile', '', '' FROM users WHERE email = $1 RETURNING id`,
			[user.email],
		)
		const ownPaths = [
			`/playground/chatbots/${own}/conversations?after=%ZZ&filter=%3Cscript%3E&kind=x&from=2026-13-45&q=${'a'.repeat(3000)}`,
			`/playground/chatbots/${own}/conversations?after=2026-11-22T10:00:00.000Z_${'f'.repeat(36)}&q=%22%20OR%201%3D1`,
			`/playground/chatbots/${own}/conversations?q=${encodeURIComponent('!!! & | <-> :* ()')}`,
			// Dates and cursors shaped right that PostgreSQL would refuse: each is left out, not a 500.
			`/playground/chatbots/${own}/conversations?from=2026-13-45`,
			`/playground/chatbots/${own}/conversations?to=2026-02-30`,
			`/playground/chatbots/${own}/conversations?from=0000-01-01&to=0000-00-00`,
			`/playground/chatbots/${own}/conversations?after=2026-11-22T10:00:00.000Z_${'-'.repeat(36)}`,
			`/playground/chatbots/${own}/conversations?after=2026-19-45T99:99:99.000Z_${randomUUID()}`,
			`/playground/chatbots/${own}/conversations?after=0000-00-00T00:00:00.000Z_${randomUUID()}`,
			`/playground/chatbots/${own}/conversations/${longId}`,
			`/playground/chatbots/${own}/conversations/${randomUUID()}`,
			`/playground/chatbots/${own}/unanswered`,
			`/playground/chatbots/${own}/leads`,
			`/playground/chatbots/${own}/insights?days=-1`,
		]
		const failures: string[] = []
		const cases = [...paths, ...(signedIn ? ownPaths : [])].flatMap((path) =>
			variants.map((variant) => ({ path, variant })),
		)
		for (let i = 0; i < cases.length; i += 12) {
			await Promise.all(
				cases.slice(i, i + 12).map(async ({ path, variant }) => {
					// Signing out revokes the session it is sent with: it gets one of its own, so the
					// requests after it (the user's own activity pages above all) are still signed in.
					const session = cookie && path.startsWith('/auth/sign-out') ? await sessionCookieDirect(user.email) : cookie
					const response = await request.fetch(`${baseURL}${path}`, {
						method: variant.method,
						headers: { ...variant.headers, ...(session ? { Cookie: session } : {}) },
						data: variant.data,
						maxRedirects: 0,
					})
					const status = response.status()
					const body = variant.method === 'HEAD' ? 'head' : await response.text()
					if (status >= 500) failures.push(`${status} ${variant.name} ${path.slice(0, 80)}: ${body.slice(0, 120)}`)
					else if (status >= 400 && !body.trim())
						failures.push(`${status} with no message: ${variant.name} ${path.slice(0, 80)}`)
				}),
			)
		}
		expect(failures, `${failures.length} of ${cases.length} requests`).toEqual([])
		// The signed-in run really was signed in to the end (its own pages were read, not redirected to /auth).
		if (cookie)
			expect((await request.get('/playground', { headers: { Cookie: cookie }, maxRedirects: 0 })).status()).toBe(200)
		// The server is still answering.
		expect((await request.get('/healthz')).status()).toBe(200)
	})
}

// Every route against malformed requests, generated: wrong and truncated bodies, broken encodings,
// absurd ids, unusual methods, anonymous and signed in. None may answer 5xx; a refusal says why.
import { randomUUID } from 'node:crypto'
import { ADMIN_EMAIL, createUser, expect, sessionCookieDirect, sql, test } from './fixtures.ts'

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
		`/playground/chatbots/${id}?index`,
		`/playground/chatbots/${id}/knowledge`,
		`/playground/chatbots/${id}/knowledge?remove-source=${id}`,
		`/playground/chatbots/${id}/knowledge/sources/${id}`,
		`/playground/chatbots/${id}/widget`,
		`/playground/chatbots/${id}/settings`,
		`/playground/chatbots/${id}/settings?delete`,
		`/playground/voicebots/${id}`,
		`/playground/voicebots/${id}/api`,
		`/playground/voicebots/${id}/calls`,
		`/playground/voicebots/${id}/settings`,
		`/playground/voicebots/${id}/test`,
		`/playground/dashboard?delete=${id}`,
		`/playground/models?remove=${id}`,
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
			// The chatbot's sections, with what a hand-edited address might carry.
			`/playground/chatbots/${own}/knowledge?remove-source=${'x'.repeat(3000)}`,
			`/playground/chatbots/${own}/knowledge/sources/${longId}`,
			`/playground/chatbots/${own}/knowledge/sources/${randomUUID()}?status=%ZZ&page=-1`,
			`/playground/chatbots/${own}/widget?delete`,
			`/playground/chatbots/${own}/settings?delete=${'d'.repeat(3000)}`,
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

/** The Models page's intents with hostile bodies, posted by the administrator: each a 4xx that says why. */
const MARK = 'hostile-models-body'
const connect = (over: Record<string, string>) => ({
	intent: 'connect',
	purpose: 'chat',
	provider: 'openai-compatible',
	baseUrl: 'http://127.0.0.1:11434/v1',
	name: MARK,
	apiKey: 'sk-hostile-0123456789',
	...over,
})
const hostileModelsBodies: Array<[what: string, form: Record<string, string>, status: number, says: string]> = [
	['an oversized key', connect({ apiKey: `sk-${'k'.repeat(5000)}` }), 400, 'Enter a key of at most 400 characters.'],
	[
		'a javascript: address',
		connect({ baseUrl: 'javascript:alert(document.cookie)' }),
		400,
		'Enter the address as http:// or https://',
	],
	[
		'an address with user:pass@',
		connect({ baseUrl: 'http://user:pass@127.0.0.1:11434/v1' }),
		400,
		'Enter the address as http:// or https://',
	],
	['a file: address', connect({ baseUrl: 'file:///etc/passwd' }), 400, 'Enter the address as http:// or https://'],
	['an oversized address', connect({ baseUrl: `http://a.example/${'a'.repeat(600)}` }), 400, 'at most 500 characters'],
	['an oversized name', connect({ name: `${MARK}${'n'.repeat(1000)}` }), 400, 'at most 60 characters'],
	['an oversized model', connect({ model: 'm'.repeat(10_000) }), 400, 'at most 120 characters'],
	[
		'a provider for another purpose',
		connect({ purpose: 'chat', provider: 'elevenlabs' }),
		400,
		'cannot be used for this',
	],
	['a provider named like a property', connect({ provider: 'constructor' }), 400, 'Choose a provider.'],
	['a purpose that is not one', connect({ purpose: '__proto__' }), 400, 'Choose what the provider is for.'],
	['a hosted provider without a key', connect({ provider: 'groq', apiKey: '' }), 400, 'Enter the API key.'],
	[
		'change: an unknown connection',
		{ intent: 'update', connectionId: randomUUID(), name: MARK },
		404,
		'does not exist',
	],
	['change: a non-uuid id', { intent: 'update', connectionId: 'not-a-uuid', name: MARK }, 400, 'does not exist'],
	['change: an oversized id', { intent: 'update', connectionId: longId, name: MARK }, 400, 'does not exist'],
	[
		'change: an oversized key',
		{ intent: 'update', connectionId: randomUUID(), apiKey: 'k'.repeat(5000) },
		400,
		'at most 400 characters',
	],
	['remove: an unknown connection', { intent: 'remove', connectionId: randomUUID() }, 404, 'does not exist'],
	['remove: a non-uuid id', { intent: 'remove', connectionId: "1' OR '1'='1" }, 400, 'does not exist'],
	['remove: a path as id', { intent: 'remove', connectionId: '../../etc/passwd' }, 400, 'does not exist'],
	['test: an unknown connection', { intent: 'test', connectionId: randomUUID() }, 404, 'does not exist'],
	['test: a non-uuid id', { intent: 'test', connectionId: 'x' }, 400, 'does not exist'],
	['test: an unknown purpose', { intent: 'test', purpose: 'everything' }, 400, 'does not exist'],
	['an intent named like a property', { intent: 'constructor' }, 400, 'Unknown request.'],
	['no intent', { name: MARK }, 400, 'Unknown request.'],
]

test("the Models page's intents refuse hostile bodies from the administrator, say why, and store nothing", async ({
	request,
	baseURL,
}) => {
	await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const cookie = await sessionCookieDirect(ADMIN_EMAIL)
	const problems: string[] = []
	for (const [what, form, status, says] of hostileModelsBodies) {
		for (const path of ['/playground/models', '/playground/models.data']) {
			const response = await request.post(path, {
				headers: { Cookie: cookie, Origin: baseURL! },
				form,
				maxRedirects: 0,
			})
			const body = await response.text()
			if (response.status() !== status) problems.push(`${what} ${path}: expected ${status}, got ${response.status()}`)
			else if (!body.includes(says)) problems.push(`${what} ${path}: no "${says}" in ${body.slice(0, 200)}`)
			// A refused key is not sent back.
			if (form.apiKey && form.apiKey.length > 20 && body.includes(form.apiKey)) problems.push(`${what}: echoed the key`)
		}
	}
	expect(problems).toEqual([])
	expect(await sql(`SELECT id FROM model_connections WHERE name LIKE $1`, [`${MARK}%`])).toEqual([])
})

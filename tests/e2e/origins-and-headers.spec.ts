// What the production server does with forged hosts, private pages, redirect targets and framing,
// checked on raw HTTP (node:http sends the Host and the path exactly as written; a browser or fetch
// would normalise them). The e2e server runs with default settings: no SITE_URL.
import http from 'node:http'
import { createUser, expect, latestEmail, sessionCookieDirect, sql, test, uniqueEmail } from './fixtures.ts'
import { E2E_PORT } from './ports.ts'

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

function raw(
	path: string,
	{ method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
	return new Promise<RawResponse>((resolve, reject) => {
		const request = http.request(
			{ host: '127.0.0.1', port: E2E_PORT, path, method, headers: { Host: `localhost:${E2E_PORT}`, ...headers } },
			(response) => {
				let text = ''
				response.setEncoding('utf8')
				response.on('data', (chunk: string) => (text += chunk))
				response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }))
			},
		)
		request.on('error', reject)
		request.end(body)
	})
}

const signUpBody = (email: string) =>
	new URLSearchParams({
		intent: 'signup',
		fullName: 'Victim',
		email,
		password: 'victim-pass-1',
		confirmPassword: 'victim-pass-1',
	}).toString()

test.describe('hosts', () => {
	test('a request for a host that is not allowed gets 400, and sends no e-mail', async () => {
		const email = uniqueEmail('poisoned')
		const forged: Array<Record<string, string>> = [
			{ Host: 'attacker.example' },
			{ Host: `attacker.example:${E2E_PORT}` },
			{ 'X-Forwarded-Host': 'attacker.example' },
		]
		for (const headers of forged) {
			const response = await raw('/auth', {
				method: 'POST',
				headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
				body: signUpBody(email),
			})
			expect(response.status, JSON.stringify(headers)).toBe(400)
			expect(response.body).toBe('Bad request: unknown host.')
			expect((await raw('/', { headers })).status).toBe(400)
		}
		expect(await sql(`SELECT 1 FROM email_outbox WHERE to_address = $1`, [email])).toHaveLength(0)
	})

	test('e-mail links, canonical and Open Graph URLs use the allowed origin', async () => {
		const email = uniqueEmail('linked')
		const response = await raw('/auth', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: signUpBody(email),
		})
		expect(response.status).toBe(302)
		// The mail is written by the send-email job: waited for.
		const mail = await latestEmail(email)
		expect(mail.text_body).toContain(`http://localhost:${E2E_PORT}/auth/verify?token=`)
		const home = await raw('/career')
		expect(home.body).toContain(`<link rel="canonical" href="http://localhost:${E2E_PORT}/career"`)
		expect(home.body).not.toContain('attacker')
	})

	test('a forwarded client address that is not an IP address is ignored', async () => {
		// Twenty bad sign-ins "from" garbage values would share one key if they were used as addresses.
		const response = await raw('/auth', {
			method: 'POST',
			headers: { 'X-Forwarded-For': 'not-an-ip', 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'signin', email: uniqueEmail('nobody'), password: 'whatever-1' }).toString(),
		})
		expect(response.status).toBe(401)
		const keys = await sql<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'sign-in:ip:not-an-ip%'`)
		expect(keys).toHaveLength(0)
	})
})

test.describe('private pages', () => {
	test('every signed-in page and its .data request is private, no-store', async () => {
		const { email } = await createUser({ email: uniqueEmail('private') })
		const [user] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])
		const [bot] = await sql<{ id: string }>(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt) VALUES ($1, 'Private Bot', 'Hours: 9 to 5.', 'Be brief.') RETURNING id`,
			[user.id],
		)
		const cookie = await sessionCookieDirect(email)
		const paths = [
			'/playground',
			'/playground.data',
			'/playground/voicebots',
			'/playground/voicebots.data',
			'/playground/account',
			'/playground/account.data',
			`/playground/chatbots/${bot.id}/preview`,
			`/playground/chatbots/${bot.id}/preview.data`,
		]
		for (const path of paths) {
			const response = await raw(path, { headers: { Cookie: cookie } })
			expect(response.status, path).toBe(200)
			expect(response.headers['cache-control'], path).toBe('private, no-store')
		}
		const admin = await createUser({ email: 'admin@e2e.example.com' })
		for (const path of [
			'/playground/dashboard',
			'/playground/dashboard.data',
			'/playground/models',
			'/playground/models.data',
		]) {
			const response = await raw(path, { headers: { Cookie: await sessionCookieDirect(admin.email) } })
			expect(response.status, path).toBe(200)
			expect(response.headers['cache-control'], path).toBe('private, no-store')
		}
	})

	test('pages that carry e-mailed tokens are private too', async () => {
		for (const path of ['/auth', '/auth/verify?token=x', '/auth/reset-password?token=x', '/auth/forgot-password']) {
			expect((await raw(path)).headers['cache-control'], path).toBe('private, no-store')
		}
	})
})

test.describe('redirects and framing', () => {
	test('after sign-in, a target with a control character or backslash goes to the Playground', async () => {
		const { email, password } = await createUser()
		for (const redirectTo of [
			'/\t/evil.example/x',
			'/\n/evil',
			'/\r\nSet-Cookie: x=1',
			'/\\evil.example',
			'/%09/evil.example',
		]) {
			const response = await raw('/auth', {
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					'X-Forwarded-For': `10.55.0.${Math.floor(Math.random() * 250)}`,
				},
				body: new URLSearchParams({ intent: 'signin', email, password, redirectTo }).toString(),
			})
			expect(response.status, JSON.stringify(redirectTo)).toBe(302)
			expect(response.headers.location, JSON.stringify(redirectTo)).toBe(
				redirectTo === '/%09/evil.example' ? '/%09/evil.example' : '/playground',
			)
		}
		// The sign-in page itself drops such a target instead of failing.
		for (const query of ['redirectTo=/%09/evil.example/x', 'redirectTo=/%0A/evil']) {
			const page = await raw(`/auth?${query}`)
			expect(page.status, query).toBe(200)
			expect(page.body).toContain('name="redirectTo" value="/playground"')
		}
	})

	test('framing is decided on the normalised path: /embed/%2e%2e/playground is not framable', async () => {
		const { email } = await createUser()
		const cookie = await sessionCookieDirect(email)
		for (const path of ['/embed/%2e%2e/playground', '/embed/%2E%2E/playground', '/embed/x/%2e%2e/%2e%2e/playground']) {
			const response = await raw(path, { headers: { Cookie: cookie } })
			expect(response.headers['content-security-policy'], path).toContain("frame-ancestors 'self'")
			expect(response.headers['x-frame-options'], path).toBe('SAMEORIGIN')
		}
		const embed = await raw('/embed/00000000-0000-4000-8000-000000000000')
		expect(embed.headers['content-security-policy']).toContain('frame-ancestors *')
	})
})

import { readFileSync } from 'node:fs'
// Playwright fixtures for account tests: each test is its own client (own IP for rate limits), and
// talks to the same database as the server to create users and read the mail outbox.
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { E2E_SERVER_LOG } from './ports.ts'

export const ADMIN_EMAIL = 'admin@e2e.example.com'
/** The e2e server's SESSION_SECRET (playwright.config.ts). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef0123456789'

function randomIp() {
	const part = () => Math.floor(Math.random() * 250) + 1
	return `10.${part()}.${part()}.${part()}`
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []) {
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await client.connect()
	try {
		return (await client.query<T>(text, params)).rows
	} finally {
		await client.end()
	}
}

/** The e2e server's log so far (stdout and stderr, as playwright.config.ts has it written). */
export function serverLog() {
	return readFileSync(E2E_SERVER_LOG, 'utf8')
}

export function uniqueEmail(prefix = 'user') {
	return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.example.com`
}

export async function createUser({
	email = uniqueEmail(),
	password = 'secret123',
	fullName = 'Test User' as string | null,
	verified = true,
} = {}) {
	const hash = await bcrypt.hash(password, 4) // test speed; the app hashes at cost 10
	await sql(
		`INSERT INTO users (email, password_hash, full_name, email_verified_at) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, email_verified_at = EXCLUDED.email_verified_at`,
		[email, hash, fullName, verified ? new Date() : null],
	)
	return { email, password, fullName }
}

/**
 * The newest e-mail to `to`, once no e-mail is still queued: mails are sent by the send-email job,
 * and a later one (a new verification link on sign-in) can replace the link of an earlier one.
 */
export async function latestEmail(to: string) {
	let rows: Array<{ subject: string; text_body: string }> = []
	await expect
		.poll(async () => {
			const [{ queued }] = await sql<{ queued: number }>(
				`SELECT count(*)::int AS queued FROM graphile_worker.jobs WHERE task_identifier = 'send-email'`,
			)
			if (queued > 0) return 0
			rows = await sql(
				`SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
				[to],
			)
			return rows.length
		})
		.toBe(1)
	return rows[0]
}

export async function verificationLink(to: string) {
	const { text_body } = await latestEmail(to)
	const link = /https?:\/\/\S+\/auth\/verify\?token=\S+/.exec(text_body)?.[0]
	expect(link, text_body).toBeTruthy()
	return link!
}

export async function signInWithForm(page: Page, email: string, password: string) {
	await page.goto('/auth')
	const form = page.getByRole('form', { name: 'Sign In' })
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Password', { exact: true }).fill(password)
	await form.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in over HTTP and returns the Cookie header value of the new session. */
export async function sessionCookieFor(request: APIRequestContext, email: string, password: string) {
	const response = await request.post('/auth', { form: { intent: 'signin', email, password }, maxRedirects: 0 })
	expect(response.status(), await response.text()).toBe(302)
	const cookies = response
		.headersArray()
		.filter((h) => h.name.toLowerCase() === 'set-cookie')
		.map((h) => h.value)
	const session = cookies.find((c) => c.startsWith('session='))
	expect(session).toBeTruthy()
	return session!.split(';')[0]
}

/** Signs a page in as a new verified user (or the one described) and returns the user. */
export type Login = (user?: Parameters<typeof createUser>[0]) => ReturnType<typeof createUser>

export const test = base.extend<{ clientIp: string; login: Login }>({
	clientIp: async ({}, use) => use(randomIp()),
	/** Signs the test's page in as a new verified user (or the one described), through the app's session code. */
	login: async ({ page }, use) => use((user) => loginAs(page, user)),
	context: async ({ context, clientIp }, use) => {
		await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp })
		await use(context)
	},
	request: async ({ playwright, baseURL, clientIp }, use) => {
		const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } })
		await use(request)
		await request.dispose()
	},
})

export { expect }

/**
 * A signed-in session made by the app's own session code (lib/session.server.ts: the sessions row and
 * its signed cookie), for tests about what a signed-in user sees rather than about signing in; it
 * does not count against sign-in rate limits.
 */
export async function sessionCookieDirect(email: string) {
	process.env.SESSION_SECRET ??= E2E_SESSION_SECRET
	const { createSession } = await import('~/lib/session.server.ts')
	const [user] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])
	const { setCookie } = await createSession(user.id)
	return setCookie.split(';')[0]
}

/** Creates (or refreshes) a verified user and signs `page` in as them; returns the user. */
export async function loginAs(page: Page, user: Parameters<typeof createUser>[0] = {}) {
	const created = await createUser(user)
	await useSessionIn(page.context(), test.info().project.use.baseURL!, await sessionCookieDirect(created.email))
	return created
}

export async function useSessionIn(context: BrowserContext, baseURL: string, cookieHeader: string) {
	const [name, value] = [
		cookieHeader.slice(0, cookieHeader.indexOf('=')),
		cookieHeader.slice(cookieHeader.indexOf('=') + 1),
	]
	await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax', secure: true }])
}

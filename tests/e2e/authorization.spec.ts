import { randomUUID } from 'node:crypto'
import { ADMIN_EMAIL, createUser, expect, sessionCookieFor, signInWithForm, test } from './fixtures.ts'
import { publicPaths } from './helpers.ts'

// These tests share the administrator account, so they run one after another.
test.describe.configure({ mode: 'default' })

type Role = 'anonymous' | 'user' | 'admin'
/** What each role gets for a GET: a status, or a redirect target. */
type Expected = Record<Role, number | `→${string}`>

/** Someone's voice assistant: its Knowledge section and a source's pages are nobody else's (ADR 0054). */
const someoneElsesAgent = randomUUID()
const signInFirst = (path: string) => `→/auth?redirectTo=${encodeURIComponent(path)}` as const

const table: Array<[path: string, expected: Expected]> = [
	...publicPaths.map((p): [string, Expected] => [p, { anonymous: 200, user: 200, admin: 200 }]),
	['/healthz', { anonymous: 200, user: 200, admin: 200 }],
	['/robots.txt', { anonymous: 200, user: 200, admin: 200 }],
	['/sitemap.xml', { anonymous: 200, user: 200, admin: 200 }],
	['/no-such-page', { anonymous: 404, user: 404, admin: 404 }],
	['/auth', { anonymous: 200, user: '→/playground', admin: '→/playground' }],
	['/auth/sign-out', { anonymous: '→/playground', user: '→/playground', admin: '→/playground' }],
	['/playground', { anonymous: '→/auth', user: 200, admin: 200 }],
	['/playground/voicebots', { anonymous: '→/auth?redirectTo=%2Fplayground%2Fvoicebots', user: 200, admin: 200 }],
	['/playground/dashboard', { anonymous: '→/auth?redirectTo=%2Fplayground%2Fdashboard', user: 403, admin: 200 }],
	['/playground/models', { anonymous: '→/auth?redirectTo=%2Fplayground%2Fmodels', user: 403, admin: 200 }],
	...[
		`/playground/voicebots/${someoneElsesAgent}/knowledge`,
		`/playground/voicebots/${someoneElsesAgent}/knowledge/sources/${randomUUID()}`,
		// Someone's chatbot's test set, its suggestions and its CSV (ADR 0057).
		`/playground/chatbots/${someoneElsesAgent}/tests`,
		`/playground/chatbots/${someoneElsesAgent}/tests/suggestions`,
		`/playground/chatbots/${someoneElsesAgent}/tests.csv`,
	].map((path): [string, Expected] => [path, { anonymous: signInFirst(path), user: 404, admin: 404 }]),
]

test('every route answers each role as it should', async ({ playwright, baseURL }) => {
	const user = await createUser()
	const admin = await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	// One client per role, each with its own cookie jar.
	const client = (ip: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
	const anonymous = await client('10.8.0.1')
	const userClient = await client('10.8.0.2')
	const adminClient = await client('10.8.0.3')
	const cookies: Record<Role, string | undefined> = {
		anonymous: undefined,
		user: await sessionCookieFor(userClient, user.email, user.password),
		admin: await sessionCookieFor(adminClient, admin.email, admin.password),
	}
	const clients = { anonymous, user: userClient, admin: adminClient }
	const problems: string[] = []
	for (const [path, expected] of table) {
		for (const role of ['anonymous', 'user', 'admin'] as const) {
			const response = await clients[role].get(path, {
				headers: cookies[role] ? { Cookie: cookies[role]! } : {},
				maxRedirects: 0,
			})
			const got = response.status() === 302 ? `→${response.headers()['location']}` : response.status()
			if (got !== expected[role]) problems.push(`${role} GET ${path}: expected ${expected[role]}, got ${got}`)
		}
	}
	expect(problems).toEqual([])
	for (const c of Object.values(clients)) await c.dispose()
})

/** Every intent of the Models page, with the status the administrator gets for this harmless body. */
const modelsIntents: Array<[body: Record<string, string>, admin: number]> = [
	[{ intent: 'connect', purpose: 'chat', provider: 'groq' }, 400], // no key
	[{ intent: 'update', connectionId: randomUUID(), name: 'x' }, 404],
	[{ intent: 'remove', connectionId: randomUUID() }, 404],
	[{ intent: 'test', connectionId: randomUUID() }, 404],
	[{ intent: 'test', purpose: 'speech' }, 409], // the e2e server sets no ElevenLabs key
	[{ intent: 'no-such-intent' }, 400],
]

test('only the administrator may post to the Models page: every intent, on the page and its .data', async ({
	playwright,
	baseURL,
}) => {
	const user = await createUser()
	const admin = await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const client = (ip: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
	const anonymous = await client('10.8.1.1')
	const userClient = await client('10.8.1.2')
	const adminClient = await client('10.8.1.3')
	const userCookie = await sessionCookieFor(userClient, user.email, user.password)
	const adminCookie = await sessionCookieFor(adminClient, admin.email, admin.password)
	const problems: string[] = []
	const post = (c: typeof anonymous, path: string, form: Record<string, string>, cookie?: string) =>
		c.post(path, {
			headers: { Origin: baseURL!, ...(cookie ? { Cookie: cookie } : {}) },
			form,
			maxRedirects: 0,
		})
	for (const [form, adminStatus] of modelsIntents) {
		for (const path of ['/playground/models', '/playground/models.data']) {
			const what = `${form.intent} ${path}`
			const asAnonymous = await post(anonymous, path, form)
			// A page post is redirected (302); a .data post is told where to go in its body (202).
			const sentTo =
				asAnonymous.status() === 302
					? asAnonymous.headers()['location']
					: asAnonymous.status() === 202
						? /"(\/auth[^"]*)"/.exec(await asAnonymous.text())?.[1]
						: undefined
			if (sentTo !== '/auth?redirectTo=%2Fplayground%2Fmodels')
				problems.push(`anonymous ${what}: ${asAnonymous.status()} → ${sentTo}`)
			const asUser = await post(userClient, path, form, userCookie)
			if (asUser.status() !== 403) problems.push(`user ${what}: expected 403, got ${asUser.status()}`)
			else if ((await asUser.text()).includes('OpenAI-compatible')) problems.push(`user ${what}: leaked the page`)
		}
		const asAdmin = await post(adminClient, '/playground/models', form, adminCookie)
		if (asAdmin.status() !== adminStatus)
			problems.push(`admin ${form.intent}: expected ${adminStatus}, got ${asAdmin.status()}`)
	}
	expect(problems).toEqual([])
	for (const c of [anonymous, userClient, adminClient]) await c.dispose()
})

test('the admin check is on the server: a user cannot fetch dashboard or models data by URL', async ({ request }) => {
	const user = await createUser()
	const cookie = await sessionCookieFor(request, user.email, user.password)
	for (const [path, secret] of [
		['/playground/dashboard', 'Conversation Dashboard'],
		['/playground/dashboard.data', 'Conversation Dashboard'],
		['/playground/dashboard.data?_routes=routes%2Fplayground%2Fdashboard%2Fdashboard', 'Conversation Dashboard'],
		['/playground/models', 'OpenAI-compatible server'],
		['/playground/models.data', 'OpenAI-compatible server'],
		['/playground/models.data?_routes=routes%2Fplayground%2Fmodels', 'OpenAI-compatible server'],
	]) {
		const response = await request.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 })
		expect(response.status(), path).toBe(403)
		expect(await response.text(), path).not.toContain(secret)
	}
})

test('only the administrator sees the Dashboard tab; 3 columns for them, 2 otherwise', async ({ browser }) => {
	const user = await createUser()
	const admin = await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })

	const userPage = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.9.9.1' } })).newPage()
	await signInWithForm(userPage, user.email, user.password)
	await expect(userPage).toHaveURL(/\/playground$/)
	const userTabs = userPage.getByRole('navigation', { name: 'Playground' })
	await expect(userTabs.getByRole('link')).toHaveText(['Chatbot Builder', 'Voicebot Builder'])
	await expect(userTabs.getByRole('list')).toHaveAttribute('data-columns', '2')
	await expect(userTabs.getByRole('link', { name: 'Chatbot Builder' })).toHaveAttribute('aria-current', 'page')
	await userPage.goto('/playground/dashboard')
	await expect(userPage.getByText('The dashboard is only for the administrator of this site.')).toBeVisible()

	const adminPage = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.9.9.2' } })).newPage()
	await signInWithForm(adminPage, admin.email, admin.password)
	await expect(adminPage).toHaveURL(/\/playground$/)
	const adminTabs = adminPage.getByRole('navigation', { name: 'Playground' })
	await expect(adminTabs.getByRole('link')).toHaveText(['Chatbot Builder', 'Voicebot Builder', 'Dashboard'])
	await expect(adminTabs.getByRole('list')).toHaveAttribute('data-columns', '3')
	await adminTabs.getByRole('link', { name: 'Dashboard' }).click()
	await expect(adminPage).toHaveURL(/\/playground\/dashboard$/)
	await expect(adminPage.getByRole('heading', { name: 'Conversation Dashboard' })).toBeVisible()
	// A reload keeps the tab: tabs are URLs.
	await adminPage.reload()
	await expect(adminTabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
})

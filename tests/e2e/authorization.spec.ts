import { ADMIN_EMAIL, createUser, expect, sessionCookieFor, signInWithForm, test } from './fixtures.ts'
import { publicPaths } from './helpers.ts'

// These tests share the administrator account, so they run one after another.
test.describe.configure({ mode: 'default' })

type Role = 'anonymous' | 'user' | 'admin'
/** What each role gets for a GET: a status, or a redirect target. */
type Expected = Record<Role, number | `→${string}`>

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

test('the admin check is on the server: a user cannot fetch dashboard data by URL', async ({ request }) => {
	const user = await createUser()
	const cookie = await sessionCookieFor(request, user.email, user.password)
	for (const path of [
		'/playground/dashboard',
		'/playground/dashboard.data',
		'/playground/dashboard.data?_routes=routes%2Fplayground%2Fdashboard%2Fdashboard',
	]) {
		const response = await request.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 })
		expect(response.status(), path).toBe(403)
		expect(await response.text(), path).not.toContain('Conversation Dashboard')
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

import type { Page } from '@playwright/test'
import { readSse } from '../support/sse.ts'
import { startAppInstance } from './app-instance.ts'
import {
	ADMIN_EMAIL,
	createUser,
	expect,
	sessionCookieDirect,
	sessionCookieFor,
	sql,
	test,
	loginAs,
	type Login,
} from './fixtures.ts'
import { expectCallLatency, expectNoSeriousA11yViolations, LATENCY_TURNS } from './helpers.ts'

// One call_logs table for the whole file: the tests run one after another.
test.describe.configure({ mode: 'default' })

/** Signs `page` in as the administrator (with the `login` fixture, or `loginAs` for a page of its own). */
async function signInAsAdmin(page: Page, login: Login) {
	await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	await page.goto('/playground/dashboard')
	await expect(page.getByRole('heading', { name: 'Conversation Dashboard' })).toBeVisible()
}

const insertCall = async (fields: Record<string, unknown>) => {
	const keys = Object.keys(fields)
	const rows = await sql<{ id: string }>(
		`INSERT INTO call_logs (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
		Object.values(fields),
	)
	return rows[0].id
}

test.beforeEach(async () => {
	await sql('DELETE FROM call_logs')
})

test('a row written between the page load and the live feed subscribing still shows', async ({ page, login }) => {
	await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	// The row lands after the page's data was read and before the event stream subscribes.
	await page.route('**/playground/dashboard/events', async (route) => {
		await insertCall({ customer_name: 'In The Gap', call_status: 'in-progress' })
		await route.continue()
	})
	await page.goto('/playground/dashboard')
	await expect(page.getByTestId('conversation').filter({ hasText: 'In The Gap' })).toBeVisible()
	await expect(page.getByTestId('stat-Active Calls')).toHaveText('1')
})

test('empty state, then live rows with stats, status colours, updates and deletes by SQL', async ({ page, login }) => {
	await signInAsAdmin(page, login)
	await expect(page.getByRole('heading', { name: 'Conversation Dashboard' })).toBeVisible()
	await expect(page.getByText('No Conversations Yet')).toBeVisible()
	await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live')
	await expect(page.getByTestId('stat-Total Conversations')).toHaveText('0')

	const started = Date.now()
	const id = await insertCall({
		customer_name: 'Rahul Mehta',
		customer_phone: '+91 98100 00000',
		customer_email: 'rahul@example.com',
		call_status: 'in-progress',
		call_duration: 125,
		// A live call's duration is the time since it started (issue 32: not its stored 0).
		created_at: new Date(Date.now() - 125_000),
		inquiry_details: 'Wants a voice bot for his clinic',
		transcript: 'Caller: Hello\nRiya: Namaste! How can I help?',
	})
	const row = page.getByTestId('conversation').filter({ hasText: 'Rahul Mehta' })
	await expect(row).toBeVisible({ timeout: 3000 })
	expect(Date.now() - started).toBeLessThan(3000)
	await expect(row).toContainText('+91 98100 00000')
	await expect(row).toContainText('rahul@example.com')
	await expect(row.getByTestId('duration')).toHaveText(/^2m \d+s$/)
	await expect(row).toContainText('Wants a voice bot for his clinic')
	await expect(row.getByLabel('Transcript of the conversation with Rahul Mehta')).toContainText('Namaste!')
	await expect(row.getByTestId('status')).toHaveText('In progress')
	await expect(row.getByTestId('status')).toHaveClass(/bg-sky-50/)
	await expect(page.getByTestId('stat-Total Conversations')).toHaveText('1')
	await expect(page.getByTestId('stat-Active Calls')).toHaveText('1')

	await sql(`UPDATE call_logs SET call_status = 'completed' WHERE id = $1`, [id])
	await expect(row.getByTestId('status')).toHaveText('Completed')
	await expect(row.getByTestId('duration')).toHaveText('2m 5s')
	await expect(row.getByTestId('status')).toHaveClass(/bg-emerald-50/)
	await expect(page.getByTestId('stat-Active Calls')).toHaveText('0')
	await expect(page.getByTestId('stat-Completed Today')).toHaveText('1')

	await insertCall({ call_status: 'failed', call_duration: 3725 })
	const anonymous = page.getByTestId('conversation').filter({ hasText: 'Anonymous' })
	await expect(anonymous.getByTestId('status')).toHaveClass(/bg-rose-50/)
	await expect(anonymous).toContainText('1h 2m 5s')
	await insertCall({ customer_name: 'Odd Status', call_status: 'queued' })
	await expect(page.getByTestId('conversation').filter({ hasText: 'Odd Status' }).getByTestId('status')).toHaveClass(
		/bg-slate-100/,
	)
	// (125 + 3725 + 0) / 3 = 1283 s
	await expect(page.getByTestId('stat-Avg Duration')).toHaveText('21m 23s')
	await expect(page.getByTestId('stat-Total Conversations')).toHaveText('3')

	await sql(`DELETE FROM call_logs WHERE id = $1`, [id])
	await expect(row).toHaveCount(0)
	await expect(page.getByTestId('stat-Total Conversations')).toHaveText('2')
})

test('delete asks first, then says "Conversation Deleted"; Refresh says "Dashboard Updated"', async ({
	page,
	login,
}) => {
	await insertCall({ customer_name: 'To Delete', call_status: 'completed' })
	await signInAsAdmin(page, login)
	const row = page.getByTestId('conversation').filter({ hasText: 'To Delete' })
	// The same inline confirmation as the builders, not the browser's confirm().
	page.on('dialog', () => {
		throw new Error('the browser dialog must not be used')
	})
	await row.getByRole('link', { name: 'Delete conversation with To Delete' }).click()
	const confirm = row.getByRole('alertdialog', { name: /Delete the conversation with To Delete\?/ })
	await confirm.getByRole('link', { name: 'Keep it' }).click()
	await expect(confirm).toHaveCount(0)
	await expect(row).toBeVisible()
	await row.getByRole('link', { name: 'Delete conversation with To Delete' }).click()
	await row.getByRole('button', { name: 'Delete conversation' }).click()
	await expect(page.getByText('Conversation Deleted')).toBeVisible()
	await expect(row).toHaveCount(0)
	expect(await sql(`SELECT id FROM call_logs WHERE customer_name = 'To Delete'`)).toEqual([])

	await page.getByRole('button', { name: 'Refresh' }).click()
	await expect(page.getByText('Dashboard Updated')).toBeVisible()
})

/** A voice assistant of a new user, and its id. */
async function agentNamed(name: string) {
	const owner = await createUser()
	const [agent] = await sql<{ id: string }>(
		`INSERT INTO agents (user_id, name, instructions, first_message)
		 SELECT id, $2, 'Be brief.', 'Hi!' FROM users WHERE email = $1 RETURNING id`,
		[owner.email, name],
	)
	return agent.id
}

// Issue 32: which assistant took each call, a live call's duration ticking (not "0s"), statuses in
// words (not "in-progress"), and the call's notes.
test('each call names its assistant (or a deleted one), ticks while live, reads its status and notes', async ({
	page,
	login,
}) => {
	const frontDesk = await agentNamed('Front Desk')
	const gone = await agentNamed('Night Line')
	await insertCall({
		customer_name: 'Live Caller',
		call_status: 'in-progress',
		agent_id: frontDesk,
		agent_name: 'Front Desk',
		created_at: new Date(Date.now() - 65_000),
	})
	await insertCall({
		customer_name: 'Earlier Caller',
		call_status: 'completed',
		call_duration: 42,
		agent_id: gone,
		agent_name: 'Night Line',
		inquiry_details: 'Summary: Asha asked: “Are you open on Sunday”.\nName: Asha\nPhone: +91 98111 22334',
	})
	await sql(`DELETE FROM agents WHERE id = $1`, [gone])
	await signInAsAdmin(page, login)
	const live = page.getByTestId('conversation').filter({ hasText: 'Live Caller' })
	await expect(live.getByTestId('assistant')).toHaveText('Assistant: Front Desk')
	await expect(live.getByTestId('status')).toHaveText('In progress')
	const duration = live.getByTestId('duration')
	await expect(duration).toHaveText(/^1m \d+s$/)
	const first = await duration.textContent()
	// It ticks in the page, with no new data from the server.
	await expect(duration).not.toHaveText(first!, { timeout: 5000 })

	const earlier = page.getByTestId('conversation').filter({ hasText: 'Earlier Caller' })
	await expect(earlier.getByTestId('assistant')).toHaveText('Assistant: Deleted assistant')
	await expect(earlier.getByTestId('status')).toHaveText('Completed')
	await expect(earlier.getByTestId('duration')).toHaveText('42s')
	const inquiry = earlier.getByTestId('inquiry')
	await expect(inquiry).toContainText('Summary: Asha asked: “Are you open on Sunday”.')
	await expect(inquiry).toContainText('Phone: +91 98111 22334')
})

test('the dashboard without JavaScript: rendered by the server, Refresh and delete are forms', async ({ browser }) => {
	await insertCall({ customer_name: 'No Script', call_status: 'completed', call_duration: 45 })
	await insertCall({
		customer_name: 'Still Talking',
		call_status: 'in-progress',
		created_at: new Date(Date.now() - 100_000),
	})
	const context = await browser.newContext({
		javaScriptEnabled: false,
		extraHTTPHeaders: { 'X-Forwarded-For': '10.66.0.1' },
	})
	const page = await context.newPage()
	await signInAsAdmin(page, (user) => loginAs(page, user))
	const row = page.getByTestId('conversation').filter({ hasText: 'No Script' })
	await expect(row).toContainText('45s')
	// A live call: its time so far, counted by the server; its status in words.
	const live = page.getByTestId('conversation').filter({ hasText: 'Still Talking' })
	await expect(live.getByTestId('duration')).toHaveText(/^1m \d+s$/)
	await expect(live.getByTestId('status')).toHaveText('In progress')
	await sql(`DELETE FROM call_logs WHERE customer_name = 'Still Talking'`)
	// Times name their time zone (DASHBOARD_TIME_ZONE, Asia/Kolkata by default).
	await expect(row.locator('time')).toContainText('IST')
	await page.getByRole('button', { name: 'Refresh' }).click()
	await expect(page.getByText('Dashboard Updated')).toBeVisible()
	await row.getByRole('link', { name: 'Delete conversation with No Script' }).click()
	await row.getByRole('button', { name: 'Delete conversation' }).click()
	await expect(page.getByText('Conversation Deleted')).toBeVisible()
	await expect(page.getByText('No Conversations Yet')).toBeVisible()
	await context.close()
})

test("a call's turns with their latency and the call's medians, without JavaScript and at 320 px", async ({
	browser,
}) => {
	const id = await insertCall({ customer_name: 'Timed Caller', call_status: 'completed', call_duration: 60 })
	for (const [i, [heard, reply, timings]] of LATENCY_TURNS.entries())
		await sql(
			`INSERT INTO voice_messages (conversation_id, client_message_id, heard, reply, timings, created_at)
			 VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 second')`,
			[id, `m${i}`, heard, reply, JSON.stringify(timings), i],
		)
	await insertCall({ customer_name: 'Untimed Caller', call_status: 'completed', call_duration: 5 })
	const context = await browser.newContext({
		javaScriptEnabled: false,
		viewport: { width: 320, height: 800 },
		extraHTTPHeaders: { 'X-Forwarded-For': '10.66.0.2' },
	})
	const page = await context.newPage()
	await signInAsAdmin(page, (user) => loginAs(page, user))
	const row = page.getByTestId('conversation').filter({ hasText: 'Timed Caller' })
	// The row names the median wait for the first audio.
	await expect(row.getByTestId('median-latency')).toHaveText(/First audio\s*1\.2 s/)
	await expectCallLatency(page, row, 320)
	// A call with no measured turns shows neither.
	const untimed = page.getByTestId('conversation').filter({ hasText: 'Untimed Caller' })
	await expect(untimed.getByTestId('median-latency')).toHaveCount(0)
	await expect(untimed.getByTestId('latency')).toHaveCount(0)
	await context.close()
	// axe needs JavaScript: the same table, opened in a page that has it.
	const scripted = await browser.newContext({
		viewport: { width: 320, height: 800 },
		extraHTTPHeaders: { 'X-Forwarded-For': '10.66.0.3' },
	})
	const axePage = await scripted.newPage()
	await signInAsAdmin(axePage, (user) => loginAs(axePage, user))
	await axePage.getByText('Turns and latency (3 turns)').click()
	await expect(axePage.getByTestId('latency-median').filter({ visible: true })).toBeVisible()
	await expectNoSeriousA11yViolations(axePage, '[data-testid="latency"]')
	await scripted.close()
})

test('only the administrator may open the event stream', async ({ request, playwright, baseURL }) => {
	const anonymous = await request.get('/playground/dashboard/events')
	expect(anonymous.status()).toBe(403)
	const user = await createUser()
	const userClient = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { 'X-Forwarded-For': '10.66.0.2' },
	})
	const cookie = await sessionCookieFor(userClient, user.email, user.password)
	const forbidden = await userClient.get('/playground/dashboard/events', { headers: { Cookie: cookie } })
	expect(forbidden.status()).toBe(403)
	await userClient.dispose()
})

/** Opens an SSE stream and collects its events until closed. */
async function openEventStream(url: string, cookie: string) {
	const controller = new AbortController()
	const response = await fetch(url, {
		headers: { Cookie: cookie, Accept: 'text/event-stream' },
		signal: controller.signal,
	})
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toContain('text/event-stream')
	expect(response.headers.get('content-encoding')).toBeNull() // never buffered by compression
	const events: Array<{ event: string; data: string; at: number }> = []
	void (async () => {
		try {
			for await (const message of readSse(response.body!)) events.push({ ...message, at: Date.now() })
		} catch {
			// aborted
		}
	})()
	await expect.poll(() => events.some((e) => e.event === 'status')).toBe(true)
	return { events, close: () => controller.abort() }
}

test('two app processes on one database: a row inserted once reaches the SSE clients of both', async ({ baseURL }) => {
	await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const cookie = await sessionCookieDirect(ADMIN_EMAIL)
	let second: Awaited<ReturnType<typeof startAppInstance>> | undefined
	const streams: Array<Awaited<ReturnType<typeof openEventStream>>> = []
	try {
		second = await startAppInstance({ ADMIN_EMAIL })
		const port = second.port
		streams.push(await openEventStream(`${baseURL}/playground/dashboard/events`, cookie))
		streams.push(await openEventStream(`http://127.0.0.1:${port}/playground/dashboard/events`, cookie))

		const started = Date.now()
		const id = await insertCall({ customer_name: 'Cross Instance', call_status: 'in-progress' })
		for (const stream of streams) {
			await expect
				.poll(() => stream.events.find((e) => e.event === 'change' && e.data.includes(id))?.data, { timeout: 3000 })
				.toBeTruthy()
			const change = stream.events.find((e) => e.event === 'change' && e.data.includes(id))!
			expect(JSON.parse(change.data)).toEqual({ type: 'change', op: 'INSERT', id })
			expect(change.at - started).toBeLessThan(1000)
		}
	} finally {
		for (const stream of streams) stream.close()
		second?.stop()
	}
})

// Knowledge sources on a chatbot's page, in the production build with its job worker: a file, a page
// and a whole site are added and imported in the background; without JavaScript the status shows
// on reload, with it the list follows the import by itself; the preview cites the page it read.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { widgetCode } from '../support/crawl-site.ts'
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectTextIndexed } from './helpers.ts'
import { E2E_CRAWL_SITE_PORT, E2E_WEBSITE_PORT } from './ports.ts'

const SITE = `http://127.0.0.1:${E2E_CRAWL_SITE_PORT}`
const WEBSITE = `http://127.0.0.1:${E2E_WEBSITE_PORT}`

const sourceList = (page: Page) => page.getByRole('list', { name: 'Sources of this chatbot' })
const sourceRow = (page: Page, origin: string) =>
	sourceList(page)
		.getByRole('listitem')
		.filter({ has: page.getByText(origin, { exact: true }) })

async function createChatbot(page: Page, name: string) {
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill('Test Widgets Ltd answers questions about widgets.')
	await page.getByLabel('Chatbot Name').fill(name)
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	await expectTextIndexed(page)
}

async function importWebsite(page: Page, url: string, scope: 'This page' | 'The whole site', settings = {}) {
	const form = page.getByRole('region', { name: 'Knowledge sources' })
	await form.getByLabel('Import website').fill(url)
	await form.getByLabel(scope).check()
	const entries = Object.entries(settings)
	if (entries.length > 0) {
		await form.getByText('Crawl settings').click()
		for (const [label, value] of entries) await form.getByLabel(label).fill(String(value))
	}
	await form.getByRole('button', { name: 'Import', exact: true }).click()
	await expect(page.getByText('Import started')).toBeVisible()
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('add a file, a page and a whole site; reload to watch them become ready; remove one', async ({
		page,
		login,
	}) => {
		test.slow()
		await login({ email: uniqueEmail('sources-nojs') })
		await createChatbot(page, 'Sources Bot')
		// The sources are the chatbot's Knowledge section; each form posts there and comes back there.
		const pagePath = new URL(page.url()).pathname
		expect(pagePath).toMatch(/^\/playground\/chatbots\/[0-9a-f-]{36}\/knowledge$/)

		await page
			.getByRole('region', { name: 'Knowledge sources' })
			.getByLabel('Upload documents')
			.setInputFiles({
				name: 'returns.txt',
				mimeType: 'text/plain',
				buffer: Buffer.from('Returns are accepted within 30 days with the receipt.'),
			})
		await page.getByRole('button', { name: 'Add file' }).click()
		await expect(page.getByText('File uploaded')).toBeVisible()
		expect(new URL(page.url()).pathname).toBe(pagePath)

		await importWebsite(page, `${WEBSITE}/article`, 'This page')
		await importWebsite(page, `${SITE}/section/3`, 'The whole site', {
			'Only these paths': '/section/3/*',
			'Link depth': 1,
		})

		// No script refreshes this page: a reload shows where each import is.
		await expect
			.poll(
				async () => {
					await page.reload()
					return sourceList(page).getByText('Ready', { exact: true }).count()
				},
				{ timeout: 60_000, intervals: [500] },
			)
			.toBe(4)
		await expect(sourceRow(page, 'returns.txt')).toContainText('File')
		await expect(sourceRow(page, `${WEBSITE}/article`)).toContainText('1 page indexed')
		await expect(sourceRow(page, `${SITE}/section/3`)).toContainText('19 pages indexed')

		// Remove asks first (ADR 0048), naming the file.
		await sourceRow(page, 'returns.txt').getByRole('link', { name: 'Remove' }).click()
		await expect(page.getByRole('alertdialog')).toContainText('Remove the file returns.txt?')
		await page.getByRole('alertdialog').getByRole('button', { name: 'Remove source' }).click()
		await expect(page.getByText('Source removed')).toBeVisible()
		await expect(sourceRow(page, 'returns.txt')).toHaveCount(0)
		await expect(sourceList(page).getByText('Ready', { exact: true })).toHaveCount(3)
	})
})

test('the whole site picked in the create form imports by itself, and the preview cites the page it answers from', async ({
	page,
	login,
}) => {
	test.slow()
	await login({ email: uniqueEmail('sources-js') })
	await page.goto('/playground?new')
	await page.getByLabel('Chatbot Name').fill('Catalogue Bot')
	await page.getByLabel('Import website').fill(`${SITE}/section/2`)
	await page.getByLabel('The whole site').check()
	await page.getByRole('button', { name: 'Import', exact: true }).click()
	await expect(page.getByRole('list', { name: 'Whole sites to import when the chatbot is created' })).toContainText(
		`${SITE}/section/2`,
	)
	// No typed text: the site is the knowledge.
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Knowledge' }).click()

	// The list follows the import without a reload.
	const row = sourceRow(page, `${SITE}/section/2`)
	await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 })
	await expect(row).toContainText('pages indexed')
	await expectNoSeriousA11yViolations(page)

	const preview = page.getByRole('region', { name: 'Live preview' })
	await preview.getByLabel('Ask your chatbot a question').fill(`Which widget has the part code ${widgetCode(2, 12)}?`)
	await preview.getByLabel('Ask your chatbot a question').press('Enter')
	const answer = preview.locator('[data-role="assistant"]').last()
	await expect(answer).toContainText(widgetCode(2, 12), { timeout: 10_000 })
	// The answer cites its page: "1" links to it, named by the page's title for screen readers.
	await expect(answer.getByTestId('citation')).toHaveAttribute('href', `${SITE}/section/2/page/12`)
	await expect(answer.getByTestId('citation')).toHaveAccessibleName(/^Source 1: /)
	await answer.getByText(/Sources from the knowledge base \(1\)/).click()
	await expect(answer.getByRole('link', { name: `${SITE}/section/2/page/12` })).toBeVisible()
})

// One source of truth (a first-time user saw "1 importing" on the Overview half a minute after the
// Knowledge section said Failed): the layout reads the sources for every section and reads them
// again while one imports, and each section opened reads them afresh.
test('the Overview and the Knowledge section say the same of a source, and follow it without a reload', async ({
	page,
	login,
}) => {
	const user = await login({ email: uniqueEmail('overview-state') })
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'State Bot', '', '' FROM users WHERE email = $1 RETURNING id`,
		[user.email],
	)
	// A site waiting for its crawl. No job is queued for it: this test moves it on, as a job would.
	const origin = 'https://docs.state-bot.example.com/'
	const [{ id: source }] = await sql<{ id: string }>(
		`INSERT INTO knowledge_sources (chatbot_id, kind, origin, status) VALUES ($1, 'website', $2, 'queued') RETURNING id`,
		[id, origin],
	)
	const setStatus = (status: string, error: string | null = null) =>
		sql(`UPDATE knowledge_sources SET status = $2, error = $3 WHERE id = $1`, [source, status, error])
	await page.goto(`/playground/chatbots/${id}`)
	const knowledge = page.getByTestId('overview-cards').getByRole('listitem').first()
	await expect(knowledge).toContainText('1 importing')

	await setStatus('failed', 'No page could be read: the host could not be found.')
	await expect(knowledge).toContainText('1 failed')
	await expect(knowledge).not.toContainText('importing')
	const tabs = page.getByRole('navigation', { name: 'Chatbot sections' })
	await tabs.getByRole('link', { name: 'Knowledge' }).click()
	await expect(sourceRow(page, origin)).toContainText('Failed')

	// Nothing imports now, so nothing is re-read on a timer: a section opened still reads it afresh.
	await setStatus('running')
	await tabs.getByRole('link', { name: 'Overview' }).click()
	await expect(knowledge).toContainText('1 importing')
	await setStatus('ready')
	await expect(knowledge).toContainText('1 ready')
	await tabs.getByRole('link', { name: 'Knowledge' }).click()
	await expect(sourceRow(page, origin).getByText('Ready', { exact: true })).toBeVisible()
})

// A site whose crawl is sure to be refused (a private address not on the allowlist) is refused when
// it is added to the create form, or when the form is sent, in the words its crawl would fail with
// (the Knowledge section's "No page could be read: …"), not listed and then failed on the chatbot's page.
for (const javaScriptEnabled of [true, false]) {
	test.describe(`${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })
		test('the create form refuses a site on a private address, saying why', async ({ page, login }) => {
			const user = await login({ email: uniqueEmail('private-site') })
			const refused = '127.0.0.1 points to a private or local address (127.0.0.1), which cannot be imported.'
			await page.goto('/playground?new')
			await page.getByLabel('Import website').fill('http://127.0.0.1:9/docs/')
			await page.getByLabel('The whole site').check()
			await page.getByRole('button', { name: 'Import', exact: true }).click()
			const address = page.getByLabel('Import website')
			const toast = (title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title })
			await expect(toast('Import failed')).toContainText(refused)
			// Under the address too, in the crawl's words.
			await expect(address).toHaveAccessibleDescription(refused)
			await expect(page.getByRole('list', { name: 'Whole sites to import when the chatbot is created' })).toHaveCount(0)

			// Sent with the address still typed: no chatbot, the same reason.
			await address.fill('http://127.0.0.1:9/docs/')
			await page.getByLabel('The whole site').check()
			await page.getByLabel('Chatbot Name').fill('Private Bot')
			await page.getByLabel('Knowledge Base Content').fill('We open at 9.')
			await page.getByRole('button', { name: 'Create Chatbot' }).click()
			await expect(toast('Creation failed')).toContainText(refused)
			await expect(address).toHaveAccessibleDescription(refused)
			const [{ count }] = await sql<{ count: number }>(
				`SELECT count(*)::int AS count FROM chatbots c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
				[user.email],
			)
			expect(count).toBe(0)

			// A site the crawl may read is listed as before.
			await address.fill(`${SITE}/section/1`)
			await page.getByLabel('The whole site').check()
			await page.getByRole('button', { name: 'Import', exact: true }).click()
			await expect(page.getByRole('list', { name: 'Whole sites to import when the chatbot is created' })).toContainText(
				`${SITE}/section/1`,
			)
			await expect(address).not.toHaveAccessibleDescription(refused)
		})
	})
}

test('hostile source posts get a redirect with a reason, never a 5xx, and never touch another user’s source', async ({
	request,
}) => {
	const owner = await createUser()
	const stranger = await createUser()
	const cookie = await sessionCookieDirect(owner.email)
	const [[chatbot], [theirs]] = await Promise.all([
		sql<{ id: string }>(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
			 SELECT id, 'Hostile', 'Some text.', '' FROM users WHERE email = $1 RETURNING id`,
			[owner.email],
		),
		sql<{ id: string }>(
			`WITH bot AS (INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
			   SELECT id, 'Theirs', 'Their text.', '' FROM users WHERE email = $1 RETURNING id)
			 INSERT INTO knowledge_sources (chatbot_id, kind, origin, status) SELECT id, 'website', 'https://theirs.example/', 'ready' FROM bot RETURNING id`,
			[stranger.email],
		),
	])
	const posts: Array<Record<string, string>> = [
		{ intent: 'remove-source', sourceId: theirs.id },
		{ intent: 'resync-source', sourceId: theirs.id },
		{ intent: 'cancel-source', sourceId: theirs.id },
		{ intent: 'schedule-source', sourceId: theirs.id, schedule: 'daily' },
		{ intent: 'remove-source', sourceId: 'x'.repeat(3000) },
		{ intent: 'schedule-source', sourceId: randomUUID(), schedule: 'hourly' },
		{ intent: 'add-website', url: 'javascript:alert(1)', scope: 'site' },
		{ intent: 'add-website', url: `${SITE}/`, scope: 'site', maxPages: '1000000', maxDepth: '-1' },
		{ intent: 'add-website', url: `${SITE}/`, scope: 'site', include: 'no-slash\n'.repeat(30) },
		{ intent: 'add-website', url: 'x'.repeat(5000), scope: 'everything', schedule: 'hourly' },
		{ intent: 'add-files' },
	]
	for (const form of posts) {
		const response = await request.post(`/playground/chatbots/${chatbot.id}`, {
			form,
			headers: { Cookie: cookie, Origin: test.info().project.use.baseURL! },
			maxRedirects: 0,
		})
		expect(response.status(), JSON.stringify(form).slice(0, 120)).toBeLessThan(500)
		expect([302, 303, 400, 404, 413], JSON.stringify(form).slice(0, 120)).toContain(response.status())
	}
	expect(await sql(`SELECT status, sync_schedule FROM knowledge_sources WHERE id = $1`, [theirs.id])).toEqual([
		{ status: 'ready', sync_schedule: 'off' },
	])
	// None of the refused sites was added.
	expect(
		await sql(`SELECT origin FROM knowledge_sources WHERE chatbot_id = $1 AND kind <> 'text'`, [chatbot.id]),
	).toEqual([])
})

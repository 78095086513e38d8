// Second chances (ADR 0048): removing a source (a 68-page crawl included), deleting all
// conversations and deleting a lead each ask first, naming what goes, on a URL of their own that
// works without JavaScript; "Keep it" keeps it, and only the confirm button removes. Also: a crawl's
// pages not indexed are all reachable from the chatbot's page, and a docs site's links to files read
// as skipped, not failed.
import type { Page } from '@playwright/test'
import { expect, sql, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

const DOCS = 'https://docs.example.com/'

/** A chatbot with a finished 68-page crawl, a file, three conversations and two leads, made in the database. */
async function seed(email: string) {
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'Docs Pal', '', '' FROM users WHERE email = $1 RETURNING id`,
		[email],
	)
	const [site] = await sql<{ id: string }>(
		`INSERT INTO knowledge_sources (chatbot_id, kind, origin, status, pages_found, pages_done, pages_fetched,
			pages_indexed, pages_skipped, pages_failed, chars, chunk_count, synced_at)
		 VALUES ($1, 'website', $2, 'ready', 100, 100, 100, 68, 31, 1, 90000, 120, now()) RETURNING id`,
		[id, DOCS],
	)
	// The crawl's pages not indexed: 31 links to files (skipped), one broken page (failed).
	await sql(
		`INSERT INTO knowledge_pages (source_id, run, url, status, error, fetched_at)
		 SELECT $1, 1, $2 || 'files/' || lpad(n::text, 2, '0') || '.md', 'skipped', 'The address is not a web page (text/markdown).',
			now() - n * interval '1 second'
		 FROM generate_series(1, 31) n`,
		[site.id, DOCS],
	)
	await sql(
		`INSERT INTO knowledge_pages (source_id, run, url, status, error, fetched_at)
		 VALUES ($1, 1, $2 || 'old-guide', 'failed', 'The page answered with HTTP 404.', now() - interval '1 hour')`,
		[site.id, DOCS],
	)
	await sql(
		`INSERT INTO knowledge_sources (chatbot_id, kind, origin, title, status, chars, chunk_count, synced_at)
		 VALUES ($1, 'file', 'returns.txt', 'returns.txt', 'ready', 60, 1, now())`,
		[id],
	)
	await sql(
		`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, message_count)
		 SELECT $1, 'conv-second-' || n, 'visitor-second-' || n, 2 FROM generate_series(1, 3) n`,
		[id],
	)
	await sql(
		`INSERT INTO chatbot_leads (chatbot_id, name, email, phone, created_at) VALUES
		 ($1, 'Asha Rao', 'asha@example.com', '+91 98450 12345', now() - interval '1 hour'),
		 ($1, 'Ravi Kumar', 'ravi@example.com', NULL, now())`,
		[id],
	)
	return { id, siteId: site.id }
}

const sourceRow = (page: Page, origin: string) =>
	page
		.getByRole('list', { name: 'Sources of this chatbot' })
		.getByRole('listitem')
		.filter({ has: page.getByText(origin, { exact: true }) })

const count = async (query: string, id: string) => (await sql<{ n: number }>(query, [id]))[0].n

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a source, all conversations and a lead are removed only after a confirmation that names them', async ({
		page,
		login,
	}) => {
		const user = await login()
		const { id, siteId } = await seed(user.email)
		const base = `/playground/chatbots/${id}`

		// The crawl reads as it was: 68 indexed, 31 skipped, 1 failed, and every page not indexed is reachable.
		await page.goto(`${base}/knowledge`)
		const site = sourceRow(page, DOCS)
		await expect(site).toContainText('68 pages indexed · 31 skipped · 1 failed')
		await site.getByText('Why 32 pages were not indexed').click()
		await site.getByRole('link', { name: 'See all 32 pages not indexed' }).click()
		await expect(page).toHaveURL(`${base}/knowledge/sources/${siteId}`)
		const problems = page.getByTestId('source-problems')
		await expect(problems.getByRole('listitem')).toHaveCount(32)
		await expect(problems.getByRole('listitem').first()).toContainText(`${DOCS}old-guide`)
		await expect(problems.getByRole('listitem').first()).toContainText('Failed: The page answered with HTTP 404.')
		await page.getByRole('link', { name: 'Skipped (31)' }).click()
		await expect(problems.getByRole('listitem')).toHaveCount(31)
		await expect(problems).toContainText('Skipped: The address is not a web page (text/markdown).')
		await page.getByRole('link', { name: 'Back to the chatbot' }).click()

		// Remove asks first, naming the site and its pages; "Keep it" keeps it.
		await sourceRow(page, DOCS).getByRole('link', { name: 'Remove' }).click()
		await expect(page).toHaveURL(new RegExp(`\\?remove-source=${siteId}#source-${siteId}$`))
		const confirm = page.getByRole('alertdialog')
		await expect(confirm).toHaveText(
			/Remove the website https:\/\/docs\.example\.com\/ and the 68 pages imported from it\? The chatbot stops answering from them\./,
		)
		expect(await count(`SELECT count(*)::int AS n FROM knowledge_sources WHERE chatbot_id = $1`, id)).toBe(2)
		await confirm.getByRole('link', { name: 'Keep it' }).click()
		await expect(page.getByRole('alertdialog')).toHaveCount(0)
		await expect(sourceRow(page, DOCS)).toHaveCount(1)
		// Asked again, and confirmed: gone, with its pages.
		await sourceRow(page, DOCS).getByRole('link', { name: 'Remove' }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Remove source' }).click()
		await expect(page.getByText('Source removed')).toBeVisible()
		await expect(sourceRow(page, DOCS)).toHaveCount(0)
		await expect(sourceRow(page, 'returns.txt')).toHaveCount(1)
		expect(await count(`SELECT count(*)::int AS n FROM knowledge_pages WHERE source_id = $1`, siteId)).toBe(0)

		// Deleting all conversations says how many go.
		await page.goto(`${base}/conversations`)
		await page.getByRole('link', { name: 'Delete all conversations' }).click()
		await expect(page.getByRole('alertdialog')).toContainText('Delete all 3 conversations of this chatbot')
		await page.getByRole('alertdialog').getByRole('link', { name: 'Keep it' }).click()
		expect(await count(`SELECT count(*)::int AS n FROM chatbot_conversations WHERE chatbot_id = $1`, id)).toBe(3)

		// A lead: its Delete names it, and only the confirmation deletes it.
		await page.goto(`${base}/leads`)
		const table = page.getByTestId('leads-table')
		await table.getByRole('link', { name: 'Delete the lead Asha Rao (asha@example.com)' }).click()
		await expect(page.getByRole('alertdialog')).toContainText(
			'Delete the lead Asha Rao (asha@example.com)? It leaves this list and the CSV',
		)
		await page.getByRole('alertdialog').getByRole('link', { name: 'Keep it' }).click()
		await expect(table).toContainText('asha@example.com')
		expect(await count(`SELECT count(*)::int AS n FROM chatbot_leads WHERE chatbot_id = $1`, id)).toBe(2)
		await table.getByRole('link', { name: 'Delete the lead Asha Rao (asha@example.com)' }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Delete lead' }).click()
		await expect(page.getByText('Lead deleted')).toBeVisible()
		await expect(table).not.toContainText('asha@example.com')
		await expect(table).toContainText('ravi@example.com')
		expect(await count(`SELECT count(*)::int AS n FROM chatbot_leads WHERE chatbot_id = $1`, id)).toBe(1)
	})
})

test('with JavaScript the same confirmation opens in place, focused, and confirms', async ({ page, login }) => {
	const user = await login()
	const { id } = await seed(user.email)
	await page.goto(`/playground/chatbots/${id}/knowledge`)
	await sourceRow(page, DOCS).getByRole('link', { name: 'Remove' }).click()
	const confirm = page.getByRole('alertdialog')
	await expect(confirm).toContainText('and the 68 pages imported from it?')
	await expect(confirm.getByRole('button', { name: 'Remove source' })).toBeFocused()
	await expectNoSeriousA11yViolations(page)
	await confirm.getByRole('button', { name: 'Remove source' }).click()
	await expect(page.getByText('Source removed')).toBeVisible()
	await expect(sourceRow(page, DOCS)).toHaveCount(0)

	await page.goto(`/playground/chatbots/${id}/leads`)
	await page.getByRole('link', { name: 'Delete the lead Ravi Kumar (ravi@example.com)' }).click()
	await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Delete lead' })).toBeFocused()
	await expectNoSeriousA11yViolations(page)
	await page.getByRole('alertdialog').getByRole('button', { name: 'Delete lead' }).click()
	await expect(page.getByText('Lead deleted')).toBeVisible()
	await expect(page.getByTestId('leads-table')).not.toContainText('ravi@example.com')
})

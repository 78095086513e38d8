// Test sets (ADR 0057), in the production build with its job worker and the offline model: a chatbot
// built from the local test website gets five tests (one must decline, one must cite a page), a run
// shows each one's result, the website changes a page, the re-sync runs the set by itself, and the
// test that depended on that page is a regression, shown first and e-mailed to the owner. Without
// JavaScript: the forms, a CSV import that refuses a hostile file and round-trips a good one, a run
// followed by reloads, and "Add as test" on the Unanswered page. (axe needs the page's JavaScript, as
// in the other specs: it runs on the Tests page with JavaScript, failing tests and trend shown.)
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail } from './fixtures.ts'
import { createShopChatbot, expectNoSeriousA11yViolations } from './helpers.ts'
import { E2E_WEBSITE_PORT } from './ports.ts'
import { addTest, expectRegressionFirst, expectScore, regressionMail, testRow } from './test-set-steps.ts'

const WEBSITE = `http://127.0.0.1:${E2E_WEBSITE_PORT}`

const sections = (page: Page) => page.getByRole('navigation', { name: 'Chatbot sections' })

test('five tests on a site-built chatbot; the site changes a page, the re-sync runs them, the regression shows first and is e-mailed', async ({
	page,
	login,
	request,
}) => {
	// A whole journey with two crawls and two runs in jobs: about 35 s alone, much more on a busy machine.
	test.setTimeout(180_000)
	const { email } = await login({ email: uniqueEmail('test-sets') })
	const shop = `${WEBSITE}/shop/${randomUUID().slice(0, 8)}`
	await page.goto('/playground?new')
	await page.getByLabel('Chatbot Name').fill('Acme help')
	await page.getByLabel('Import website').fill(`${shop}/`)
	await page.getByLabel('The whole site').check()
	await page.getByRole('button', { name: 'Import', exact: true }).click()
	// As a person would: create once the site shows in the list (clicked at once, the form was checked
	// before the site was in it, on a loaded CI machine).
	await expect(page.getByRole('list', { name: 'Whole sites to import when the chatbot is created' })).toContainText(
		`${shop}/`,
	)
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	const chatbotId = page.url().split('/').pop()!
	await sections(page).getByRole('link', { name: 'Knowledge' }).click()
	const site = page
		.getByRole('list', { name: 'Sources of this chatbot' })
		.getByRole('listitem')
		.filter({ hasText: `${shop}/` })
	await expect(site.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 })
	await expect(site).toContainText('4 pages indexed')

	await sections(page).getByRole('link', { name: 'Tests', exact: true }).click()
	await expect(page).toHaveURL(`/playground/chatbots/${chatbotId}/tests`)
	await expect(page.getByText('No tests yet.')).toBeVisible()
	await addTest(page, { question: 'How long is the warranty?', expected: 'seven year | 7 years' })
	await addTest(page, {
		question: 'Within how many hours are widgets repaired?',
		expected: '48 hours',
		cite: '/repairs',
	})
	await addTest(page, { question: 'How long does delivery take?', expected: 'three to five' })
	await addTest(page, { question: 'Where is the workshop?', expected: 'Pune' })
	await addTest(page, { question: 'Who won the football world cup in 1986?', decline: true })
	await expect(page.getByText('5 of 200 tests')).toBeVisible()
	await expect(testRow(page, 'Within how many hours are widgets repaired?')).toContainText('Must cite: /repairs')
	await expect(testRow(page, 'Who won the football world cup in 1986?')).toContainText('Must decline')

	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByText('Tests queued')).toBeVisible()
	// The page follows the run by itself.
	await expect(page.getByTestId('test-score')).toHaveText('5 of 5 passed', { timeout: 30_000 })
	for (const question of [
		'How long is the warranty?',
		'Within how many hours are widgets repaired?',
		'Who won the football world cup in 1986?',
	])
		await expect(testRow(page, question)).toContainText('Pass')

	// The site's repairs page changes; the owner re-syncs it; the tests run by themselves after it.
	expect((await request.post(`${shop}/change?page=repairs`)).ok()).toBe(true)
	await sections(page).getByRole('link', { name: 'Knowledge' }).click()
	await site.getByRole('button', { name: 'Re-sync now' }).click()
	await expect(page.getByText('Re-sync started')).toBeVisible()
	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	await expectScore(page, '4 of 5 passed')
	await expect(page.getByTestId('test-score')).toContainText('1 regression')
	await expect(page.getByTestId('test-run')).toContainText('Knowledge change')

	// Regressions first, with the reply, the passage it cited (the changed page) and a fix.
	const failing = await expectRegressionFirst(page, {
		question: 'Within how many hours are widgets repaired?',
		reason: 'Does not contain “48 hours”.',
		reply: 'within a week',
	})
	await expect(failing).toContainText(`${shop}/repairs`)
	await expect(testRow(page, 'How long is the warranty?')).toContainText('Pass')
	// The trend: two runs, drawn by uPlot from the kept chart library.
	await expect(page.getByTestId('test-trend').locator('canvas')).toBeVisible()
	await expectNoSeriousA11yViolations(page)

	// The owner's e-mail, through the outbox.
	const mail = await regressionMail(email, '1 test of “Acme help” now fails')
	expect(mail).toContain('- Within how many hours are widgets repaired?')
	expect(mail).toContain(`/playground/chatbots/${chatbotId}/tests`)
	// Runs are no visitors: nothing in the conversation log.
	const [{ n }] = await sql<{ n: number }>(
		`SELECT count(*)::int AS n FROM chatbot_conversations WHERE chatbot_id = $1`,
		[chatbotId],
	)
	expect(n).toBe(0)
})

test('with JavaScript, a test added empties the form and puts the focus back on the question; a refused one keeps what was typed', async ({
	page,
	login,
}) => {
	await login({ email: uniqueEmail('test-sets-add-js') })
	const chatbotId = await createShopChatbot(page, 'Shop add')
	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	// The page's scripts are running: the post goes through the router, the page stays.
	await page.waitForLoadState('networkidle')
	const form = page.getByRole('region', { name: 'Add a test' })
	await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five', cite: '/delivery' })
	await expect(testRow(page, 'How long do deliveries take?')).toBeVisible()
	await expect(form.getByLabel('Question')).toHaveValue('')
	await expect(form.getByLabel('Question')).toBeFocused()
	await expect(form.getByLabel('A right answer contains')).toHaveValue('')
	await expect(form.getByLabel('Must cite (optional)')).toHaveValue('')

	// The same question again is refused: the form keeps it, with the reason.
	await form.getByLabel('Question').fill('How long do deliveries take?')
	await form.getByLabel('A right answer contains').fill('3-5 days')
	await form.getByRole('button', { name: 'Add test' }).click()
	await expect(form.getByText('The test set already has a test with that question.')).toBeVisible()
	await expect(form.getByLabel('Question')).toHaveValue('How long do deliveries take?')
	await expect(form.getByLabel('A right answer contains')).toHaveValue('3-5 days')
	// Fixed and added: empty again.
	await form.getByLabel('Question').fill('Can items come back?')
	await form.getByRole('button', { name: 'Add test' }).click()
	await expect(testRow(page, 'Can items come back?')).toBeVisible()
	await expect(form.getByLabel('Question')).toHaveValue('')
	await expect(form.getByLabel('A right answer contains')).toHaveValue('')
	await expect(form.getByLabel('Question')).toBeFocused()
	await expect(page.getByText('2 of 200 tests')).toBeVisible()
})

/** A shop's knowledge with a passage per Markdown heading: a suggestion from each. */
const SUGGESTIBLE = [
	'# Warranty\n\nEvery Acme widget carries a seven-year warranty covering the flux capacitor.',
	'# Repairs\n\nOur workshop in Pune repairs widgets within 48 hours.',
	'# Delivery\n\nWe deliver across India in three to five working days. Orders above 999 rupees ship free.',
	'# Returns\n\nItems can come back within 30 days of delivery, unused and in their box.',
].join('\n\n')

/**
 * On the suggestions page: unticks all but the first suggestion and edits that one, emptying its
 * question first (refused with the reason, every row as typed), then adds it: only it, as edited.
 */
async function pickAndEditSuggestions(page: Page, chatbotId: string) {
	await page.goto(`/playground/chatbots/${chatbotId}/tests/suggestions`)
	const rows = page.getByTestId('suggestion-row')
	await expect(rows.first()).toBeVisible()
	const count = await rows.count()
	expect(count).toBeGreaterThan(1)
	const unticked: string[] = []
	for (let i = 1; i < count; i++) {
		unticked.push(await rows.nth(i).getByLabel('Question').inputValue())
		await rows.nth(i).getByRole('checkbox').uncheck()
	}
	const first = rows.first()
	await expect(first.getByRole('checkbox')).toBeChecked()
	// Emptied by mistake: refused, next to that row's question, nothing added.
	await first.getByLabel('Question').fill('')
	await first.getByLabel('A right answer contains').fill('five working days | 5 days')
	await page.getByRole('button', { name: 'Add selected tests' }).click()
	await expect(first.getByText('Enter the question.')).toBeVisible()
	await expect(page).toHaveURL(`/playground/chatbots/${chatbotId}/tests/suggestions`)
	await expect(first.getByLabel('A right answer contains')).toHaveValue('five working days | 5 days')
	for (let i = 1; i < count; i++) await expect(rows.nth(i).getByRole('checkbox')).not.toBeChecked()
	await first.getByLabel('Question').fill('How many working days does delivery take?')
	await first.getByLabel('Must cite (optional)').fill('')
	await page.getByRole('button', { name: 'Add selected tests' }).click()
	await expect(page).toHaveURL(`/playground/chatbots/${chatbotId}/tests`)
	await expect(page.getByText('1 test added')).toBeVisible()
	await expect(page.getByText('1 of 200 tests')).toBeVisible()
	await expect(testRow(page, 'How many working days does delivery take?')).toContainText(
		'A right answer contains: five working days | 5 days',
	)
	for (const question of unticked) await expect(testRow(page, question)).toHaveCount(0)
}

test('with JavaScript, suggestions are unticked and edited before they are added; the browser refuses an emptied question', async ({
	page,
	login,
}) => {
	await login({ email: uniqueEmail('test-sets-suggest-js') })
	const chatbotId = await createShopChatbot(page, 'Shop suggest', SUGGESTIBLE)
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	await page.goto(`/playground/chatbots/${chatbotId}/tests/suggestions`)
	await page.waitForLoadState('networkidle')
	const first = page.getByTestId('suggestion-row').first()
	await first.getByLabel('Question').fill('')
	await page.getByRole('button', { name: 'Add selected tests' }).click()
	// Checked in the browser with the server's schema: not sent, the field takes the focus.
	await expect(first.getByText('Enter the question.')).toBeVisible()
	await expect(first.getByLabel('Question')).toBeFocused()
	expect(posts).toEqual([])
	await pickAndEditSuggestions(page, chatbotId)
})

/** A run under way, as the job worker leaves it between two tests. */
const runUnderWay = async (chatbotId: string) =>
	(
		await sql<{ id: string }>(
			`INSERT INTO chatbot_test_runs (chatbot_id, trigger, status, total, done, started_at)
			 VALUES ($1, 'manual', 'running', 2, 1, now()) RETURNING id`,
			[chatbotId],
		)
	)[0].id

/**
 * The Tests page of a new chatbot with two tests and a run under way (1 of 2 done), reloaded: its
 * "Run tests" waits, disabled and busy. The run's id, the page's address and its run panel.
 */
async function pageWithRunUnderWay(page: Page) {
	const chatbotId = await createShopChatbot(page, 'Shop busy')
	const path = `/playground/chatbots/${chatbotId}/tests`
	await page.goto(path)
	await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five' })
	await addTest(page, { question: 'Can items come back?' })
	const runId = await runUnderWay(chatbotId)
	await page.reload()
	const panel = page.getByTestId('test-run')
	const button = panel.getByRole('button', { name: 'Running tests…' })
	await expect(button).toBeDisabled()
	await expect(button).toHaveAttribute('aria-busy', 'true')
	return { chatbotId, path, runId, panel }
}

/** A failing test's item in the latest run's failing tests. */
const failingItem = (page: Page, question: string) =>
	page.getByTestId('failing-tests').getByRole('listitem').filter({ hasText: question })

/**
 * A finished run (as the job leaves it) in which a must-decline test answered and a test missed its
 * words: the must-decline one is offered the chatbot's brief, not "Add answer"; the other, once
 * edited, says so instead of its old reason until the next run (first-time user's trial).
 */
async function failingTestsAndTheirFixes(page: Page) {
	const chatbotId = await createShopChatbot(page, 'Shop fixes')
	const path = `/playground/chatbots/${chatbotId}/tests`
	await page.goto(path)
	await addTest(page, { question: 'Who is the CEO of Google?', decline: true })
	await addTest(page, { question: 'How long do deliveries take?', expected: 'two weeks' })
	const [run] = await sql<{ id: string }>(
		`INSERT INTO chatbot_test_runs (chatbot_id, trigger, status, total, done, passed, failed, started_at, finished_at)
		 VALUES ($1, 'manual', 'done', 2, 2, 0, 2, now(), now()) RETURNING id`,
		[chatbotId],
	)
	await sql(
		`INSERT INTO chatbot_test_results (run_id, test_id, passed, reason, reply, answered)
		 SELECT $1, t.id, false,
			CASE WHEN t.must_decline THEN 'Answered, but it should have declined.' ELSE 'Does not contain “two weeks”.' END,
			'We deliver in three to five working days.', true
		 FROM chatbot_tests t WHERE t.chatbot_id = $2`,
		[run.id, chatbotId],
	)
	await page.reload()
	const decline = failingItem(page, 'Who is the CEO of Google?')
	await expect(decline).toContainText('Answered, but it should have declined.')
	await expect(decline).toContainText('say what it may answer in its System Prompt')
	await expect(decline.getByRole('button', { name: 'Add answer' })).toHaveCount(0)
	await expect(decline.getByRole('link', { name: 'Edit the System Prompt' })).toHaveAttribute(
		'href',
		`/playground/chatbots/${chatbotId}/knowledge`,
	)
	await expect(decline.getByRole('link', { name: /^Edit test/ })).toBeVisible()
	const missing = failingItem(page, 'How long do deliveries take?')
	await expect(missing.getByRole('button', { name: 'Add answer' })).toBeVisible()

	// Edited: the old reason no longer shows, the result says it changed since the run.
	const row = testRow(page, 'How long do deliveries take?')
	await expect(row).toContainText('Fail')
	await row.getByText('Edit test').click()
	await row.getByLabel('A right answer contains').fill('three to five')
	await row.getByRole('button', { name: 'Save test' }).click()
	await expect(page.getByText('Test saved')).toBeVisible()
	await expect(missing).toContainText('Edited since the last run: run the tests to check it.')
	await expect(missing).not.toContainText('Does not contain “two weeks”.')
	await expect(row).toContainText('Edited since the last run')
	// The test not edited keeps its reason.
	await expect(decline).toContainText('Answered, but it should have declined.')
}

test('with JavaScript, a failing must-decline test is offered the System Prompt, not "Add answer"; an edited test says it changed since the run', async ({
	page,
	login,
}) => {
	await login({ email: uniqueEmail('test-sets-fixes-js') })
	await failingTestsAndTheirFixes(page)
})

test('with JavaScript, "Run tests" waits while a run is under way, showing its progress, and comes back when it ends', async ({
	page,
	login,
}) => {
	await login({ email: uniqueEmail('test-sets-busy-js') })
	const { runId, panel } = await pageWithRunUnderWay(page)
	const button = panel.getByRole('button', { name: 'Running tests…' })
	await expect(page.getByRole('status').filter({ hasText: 'Running: 1 of 2 tests' })).toBeVisible()
	await expect(button).toHaveAccessibleDescription('Running: 1 of 2 tests')
	// With its scripts the page follows the run (no Refresh link): its count as results are stored,
	// then the run's end, the button back.
	await expect(panel.getByRole('link', { name: 'Refresh' })).toHaveCount(0)
	await sql(`UPDATE chatbot_test_runs SET done = 2 WHERE id = $1`, [runId])
	await expect(page.getByRole('status').filter({ hasText: 'Running: 2 of 2 tests' })).toBeVisible()
	await sql(`UPDATE chatbot_test_runs SET status = 'done', done = 2, passed = 2, finished_at = now() WHERE id = $1`, [
		runId,
	])
	await expect(page.getByTestId('test-score')).toHaveText('2 of 2 passed')
	await expect(panel.getByRole('button', { name: 'Run tests' })).toBeEnabled()
	await expect(panel.getByRole('button', { name: 'Run tests' })).not.toHaveAttribute('aria-busy')
})

test('with JavaScript, an open Tests page shows a run started elsewhere without a reload', async ({ page, login }) => {
	await login({ email: uniqueEmail('test-sets-elsewhere') })
	const chatbotId = await createShopChatbot(page, 'Shop elsewhere')
	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five' })
	await addTest(page, { question: 'Can items come back?' })
	await expect(page.getByRole('button', { name: 'Run tests' })).toBeEnabled()
	// A run the page did not start (an answer added, a re-sync): the page learns of it by itself
	// (first-time user's trial: the old score for 30 s and more, until a reload).
	await runUnderWay(chatbotId)
	await expect(page.getByRole('status').filter({ hasText: 'Running: 1 of 2 tests' })).toBeVisible({
		timeout: 15_000,
	})
	await expect(page.getByRole('button', { name: 'Running tests…' })).toBeDisabled()
})

test('with JavaScript, "Tests queued" goes when the result shows, and "Tests not run" does not follow to the suggestions', async ({
	page,
	login,
}) => {
	await login({ email: uniqueEmail('test-sets-toasts') })
	const chatbotId = await createShopChatbot(page, 'Shop toasts')
	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	await page.waitForLoadState('networkidle')
	// No tests yet: the run is refused, and its toast stays on this page (first-time user's trial).
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByText('Tests not run')).toBeVisible()
	await page.getByRole('link', { name: 'Suggest tests from the sources' }).click()
	await expect(page).toHaveURL(`/playground/chatbots/${chatbotId}/tests/suggestions`)
	// A toast lasts 5 s: gone within one means it left with its page.
	await expect(page.getByText('Tests not run')).toBeHidden({ timeout: 1_000 })

	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five' })
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByTestId('test-score')).toHaveText('1 of 1 passed', { timeout: 30_000 })
	// The result is there: "Tests queued" says nothing any more (it lasted 4 s beside the score).
	await expect(page.getByText('Tests queued')).toBeHidden({ timeout: 1_000 })
})

test('with JavaScript, the trend places runs one after another and its axis labels never overlap at 1440 pixels', async ({
	page,
	login,
}) => {
	await page.setViewportSize({ width: 1440, height: 900 })
	await login({ email: uniqueEmail('test-sets-trend') })
	const chatbotId = await createShopChatbot(page, 'Shop trend')
	// Twenty runs seconds apart, as a busy afternoon of changes leaves them (first-time user's trial:
	// "11:16:50 am11:17:00 am…", and two runs drawn as a flat band).
	await sql(
		`INSERT INTO chatbot_test_runs (chatbot_id, trigger, status, total, done, passed, failed, started_at, finished_at, created_at)
		 SELECT $1, 'manual', 'done', 4, 4, n % 5, 4 - n % 5, now() - (30 - n) * interval '5 seconds',
			now() - (30 - n) * interval '5 seconds', now() - (30 - n) * interval '5 seconds'
		 FROM generate_series(1, 20) AS n`,
		[chatbotId],
	)
	await page.goto(`/playground/chatbots/${chatbotId}/tests`)
	const chart = page.getByTestId('test-trend')
	await expect(chart.locator('canvas')).toBeVisible()
	await expect(chart).toHaveAttribute('data-x-labels', /Run/)
	const boxes = JSON.parse((await chart.getAttribute('data-x-labels')) ?? '[]') as Array<{
		left: number
		right: number
		label: string
	}>
	expect(boxes.length).toBeGreaterThanOrEqual(2)
	expect(boxes.length).toBeLessThanOrEqual(6)
	expect(boxes[0].label).toMatch(/^Run \d+$/)
	for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right)
	// Equally apart, by run rather than by clock time.
	const centres = boxes.map((box) => (box.left + box.right) / 2)
	await page.screenshot({ path: test.info().outputPath('trend-1440.png') })
	expect(centres.at(-1)! - centres[0]).toBeGreaterThan(600)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('add a test, refuse a hostile CSV with the reason, round-trip a good one; strangers get 404', async ({
		page,
		login,
		request,
	}) => {
		test.slow()
		await login({ email: uniqueEmail('test-sets-nojs') })
		const chatbotId = await createShopChatbot(page, 'Shop tests')
		const path = `/playground/chatbots/${chatbotId}/tests`
		await page.goto(path)

		// A test that must decline cannot also expect words: the form comes back with the reason.
		const form = page.getByRole('region', { name: 'Add a test' })
		await form.getByLabel('Question').fill('What is the capital of France?')
		await form.getByLabel('A right answer contains').fill('Paris')
		await form.getByLabel(/^Must decline/).check()
		await form.getByRole('button', { name: 'Add test' }).click()
		await expect(form.getByText('A test that must decline cannot also expect words or a citation.')).toBeVisible()
		await expect(form.getByLabel('Question')).toHaveValue('What is the capital of France?')
		await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five' })

		const csv = page.getByRole('region', { name: 'Import and export' })
		const importCsv = async (name: string, text: string) => {
			await csv.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
			await csv.getByRole('button', { name: 'Import CSV' }).click()
		}
		await importCsv('evil.csv', 'question,expected,cite,must_decline\n=HYPERLINK("http://evil.test"),x,,no\n')
		await expect(
			csv.getByText('Line 2: the question cell starts like a spreadsheet formula (=, +, -, @).'),
		).toBeVisible()
		await importCsv('wrong.csv', 'q,a\nHi?,yes\n')
		await expect(
			csv.getByText('The first line must be the columns: question, expected, cite, must_decline.'),
		).toBeVisible()
		await importCsv('huge.csv', `question,expected,cite,must_decline\n${'What?,yes,,no\n'.repeat(30_000)}`)
		await expect(csv.getByText('The file is larger than 256 KB.')).toBeVisible()
		// Nothing of a refused file was kept.
		await expect(page.getByText('1 of 200 tests')).toBeVisible()

		const good =
			'question,expected,cite,must_decline\n"Can items come back, and when?",30 days | thirty days,,no\nWho is the CEO of Google?,,,yes\n'
		await importCsv('good.csv', good)
		await expect(page.getByText('2 tests added, 0 updated')).toBeVisible()
		const exported = await page.request.get(`/playground/chatbots/${chatbotId}/tests.csv`)
		expect(exported.headers()['content-type']).toContain('text/csv')
		expect(await exported.text()).toBe(
			'question,expected,cite,must_decline\nHow long do deliveries take?,three to five,,no\n"Can items come back, and when?",30 days | thirty days,,no\nWho is the CEO of Google?,,,yes\n',
		)

		// Another user's posts and download find no such chatbot, and change nothing.
		const stranger = await createUser()
		const cookie = await sessionCookieDirect(stranger.email)
		for (const form of <Array<Record<string, string>>>[
			{ intent: 'add', question: 'Sneaky?', expected: '', cite: '' },
			{ intent: 'run' },
			{ intent: 'from-question', question: 'Sneaky?' },
		]) {
			const response = await request.post(path, { form, headers: { Cookie: cookie }, maxRedirects: 0 })
			expect(response.status()).toBe(404)
		}
		const suggested = await request.post(`${path}/suggestions`, {
			form: { pick: '0', 'question-0': 'Sneaky?', 'expected-0': '', 'cite-0': '' },
			headers: { Cookie: cookie },
			maxRedirects: 0,
		})
		expect(suggested.status()).toBe(404)
		expect((await request.get(`${path}.csv`, { headers: { Cookie: cookie } })).status()).toBe(404)
		await page.reload()
		await expect(page.getByText('3 of 200 tests')).toBeVisible()
	})

	test('while a run is under way the page shows its progress and a waiting "Run tests"; the server refuses a second run', async ({
		page,
		login,
	}) => {
		await login({ email: uniqueEmail('test-sets-busy-nojs') })
		const { path, runId, panel, chatbotId } = await pageWithRunUnderWay(page)
		await expect(panel.getByRole('status')).toContainText('Running: 1 of 2 tests')
		await expect(panel.getByRole('link', { name: 'Refresh' })).toBeVisible()

		// A post all the same (an old tab, a second window) is refused with the reason; no run is queued.
		const response = await page.request.post(path, { form: { intent: 'run' } })
		expect(response.ok()).toBe(true)
		expect(await response.text()).toContain(
			'The tests are running already. Their results show here when the run finishes.',
		)
		const runs = await sql<{ id: string }>(`SELECT id FROM chatbot_test_runs WHERE chatbot_id = $1`, [chatbotId])
		expect(runs.map((run) => run.id)).toEqual([runId])

		// The run ends: a reload shows its score and "Run tests" back.
		await sql(`UPDATE chatbot_test_runs SET status = 'done', done = 2, passed = 2, finished_at = now() WHERE id = $1`, [
			runId,
		])
		await panel.getByRole('link', { name: 'Refresh' }).click()
		await expect(page.getByTestId('test-score')).toHaveText('2 of 2 passed')
		await expect(panel.getByRole('button', { name: 'Run tests' })).toBeEnabled()
	})

	test('a failing must-decline test is offered the System Prompt, not "Add answer"; an edited test says it changed since the run', async ({
		page,
		login,
	}) => {
		await login({ email: uniqueEmail('test-sets-fixes-nojs') })
		await failingTestsAndTheirFixes(page)
	})

	test('suggestions are unticked and edited before they are added; an emptied question comes back with every row as typed', async ({
		page,
		login,
	}) => {
		await login({ email: uniqueEmail('test-sets-suggest-nojs') })
		const chatbotId = await createShopChatbot(page, 'Shop suggest', SUGGESTIBLE)
		await pickAndEditSuggestions(page, chatbotId)
	})

	test('edit a test, run the set and follow it by reloads, and add an unanswered question as a test', async ({
		page,
		login,
	}) => {
		test.slow()
		await login({ email: uniqueEmail('test-sets-run-nojs') })
		const chatbotId = await createShopChatbot(page, 'Shop runs')
		const path = `/playground/chatbots/${chatbotId}/tests`
		await page.goto(path)
		await addTest(page, { question: 'How long do deliveries take?', expected: 'three to five' })
		await addTest(page, { question: 'Can items come back, and when?', expected: '30 days' })
		await addTest(page, { question: 'Who is the CEO of Google?', decline: true })

		// Edit a test in place (a <details> form), then run: without JavaScript, reloads show the run.
		const row = testRow(page, 'How long do deliveries take?')
		await row.getByText('Edit test').click()
		await row.getByLabel('A right answer contains').fill('three to five | 3-5')
		await row.getByRole('button', { name: 'Save test' }).click()
		await expect(page.getByText('Test saved')).toBeVisible()
		await page.getByRole('button', { name: 'Run tests' }).click()
		await expect(page.getByText('Tests queued')).toBeVisible()
		await expectScore(page, '3 of 3 passed', 30_000)
		await page.getByRole('button', { name: 'Run tests' }).click()
		await expect(page.getByText(/Tests ran moments ago\. Run them again in \d+ seconds\./)).toBeVisible()

		// A question a visitor asked that the chatbot did not know becomes a test with one click on the
		// Unanswered page.
		const [conversation] = await sql<{ id: string }>(
			`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, message_count, unanswered_count)
			 VALUES ($1, 'tests-conv-01', 'tests-visitor-01', 2, 1) RETURNING id`,
			[chatbotId],
		)
		await sql(
			`INSERT INTO chatbot_messages (conversation_id, chatbot_id, role, text, answered) VALUES
			 ($1, $2, 'user', 'Do you sell gift cards?', NULL), ($1, $2, 'assistant', 'I don''t know.', false)`,
			[conversation.id, chatbotId],
		)
		await page.goto(`/playground/chatbots/${chatbotId}/unanswered`)
		await page.getByRole('button', { name: /^Add as test/ }).click()
		await expect(page.getByText('It passes once the chatbot answers it.')).toBeVisible()
		await page.goto(path)
		await expect(testRow(page, 'Do you sell gift cards?')).toContainText('any answer')
	})
})

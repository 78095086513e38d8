// The steps a test-set spec takes on a Tests section, a chatbot's (test-sets.spec.ts) or a voice
// assistant's (voice-test-sets.spec.ts): the same section, so the same steps (ADR 0057, 0062).
import type { Page } from '@playwright/test'
import { expect, sql } from './fixtures.ts'

/** Adds a test with the section's form and waits for its toast. */
export async function addTest(
	page: Page,
	{
		question,
		expected = '',
		cite = '',
		decline = false,
	}: { question: string; expected?: string; cite?: string; decline?: boolean },
) {
	const form = page.getByRole('region', { name: 'Add a test' })
	await form.getByLabel('Question').fill(question)
	await form.getByLabel('A right answer contains').fill(expected)
	await form.getByLabel('Must cite (optional)').fill(cite)
	await form.getByLabel(/^Must decline/).setChecked(decline)
	await form.getByRole('button', { name: 'Add test' }).click()
	await expect(page.getByText('Test added')).toBeVisible()
	// The toast may be the test before's: the new one's row says this one is in.
	await expect(testRow(page, question)).toBeVisible()
}

/** A test's row in the test set. */
export const testRow = (page: Page, question: string) =>
	page.getByRole('list', { name: 'Test set' }).getByRole('listitem').filter({ hasText: question })

/** Reloads (as an owner without a live page would) until the latest run's score reads `score`. */
export async function expectScore(page: Page, score: string, timeout = 90_000) {
	await expect
		.poll(
			async () => {
				// The server's page holds the score: no need to wait for its scripts and pictures.
				await page.reload({ waitUntil: 'domcontentloaded' })
				// The run's panel is always there (the score only once a run has finished).
				return page.getByTestId('test-run').textContent({ timeout: 5_000 })
			},
			{ timeout, intervals: [500] },
		)
		.toContain(score)
}

/**
 * The latest run's first failing test is `question`, a regression, with why it failed, its reply
 * holding `reply`, the way to add an answer, and its row in the set marked Fail.
 */
export async function expectRegressionFirst(
	page: Page,
	{ question, reason, reply }: { question: string; reason: string; reply: string },
) {
	const failing = page.getByTestId('failing-tests').getByRole('listitem').first()
	await expect(failing).toContainText(question)
	await expect(failing).toContainText('Regression')
	await expect(failing).toContainText(reason)
	await expect(failing).toContainText(reply)
	await expect(failing.getByLabel(`Answer to “${question}”`)).toBeVisible()
	await expect(testRow(page, question)).toContainText('Fail')
	return failing
}

/** The owner's e-mails in the outbox are the one about the run's regressions: its subject; its text. */
export async function regressionMail(email: string, subject: string) {
	await expect
		.poll(
			async () => (await sql(`SELECT subject FROM email_outbox WHERE to_address = $1`, [email])).map((r) => r.subject),
			{ timeout: 15_000 },
		)
		.toEqual([subject])
	const [mail] = await sql<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = $1`, [email])
	return mail.text_body
}

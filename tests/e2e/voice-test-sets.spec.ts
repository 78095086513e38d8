// A voice assistant's test set (ADR 0062), in the production build with its job worker and the
// offline model, with and without JavaScript: an assistant built from typed knowledge gets tests (one
// must decline), a run asks each as a typed turn through its own answer path and shows the result per
// test, and none of it is a call; the owner changes the knowledge, the tests run by themselves, and
// the test that depended on the changed sentence is a regression, shown first and e-mailed. (axe
// needs the page's JavaScript, as in the other specs: it runs on the Tests page with failing tests.)
import type { Page } from '@playwright/test'
import { SHOWROOM_KNOWLEDGE, SHOWROOM_KNOWLEDGE_CHANGED } from '../support/showroom-knowledge.ts'
import { expect, sql, test, uniqueEmail } from './fixtures.ts'
import { createShopChatbot, createVoiceAssistant, expectNoSeriousA11yViolations } from './helpers.ts'
import { addTest, expectRegressionFirst, expectScore, regressionMail, testRow } from './test-set-steps.ts'

const sections = (page: Page) => page.getByRole('navigation', { name: 'Assistant sections' })

/** Saves the assistant's typed knowledge and waits (reloading, as an owner without a live page would) until it is indexed. */
async function saveKnowledge(page: Page, text: string) {
	await sections(page).getByRole('link', { name: 'Knowledge', exact: true }).click()
	await page.getByLabel('Knowledge text').fill(text)
	await page.getByRole('button', { name: 'Save text' }).click()
	await expect(page.getByText('Knowledge text saved')).toBeVisible()
	const row = page
		.getByRole('list', { name: 'Sources of this assistant' })
		.getByRole('listitem')
		.filter({ hasText: 'Knowledge Base Content' })
	await expect(async () => {
		await page.reload({ waitUntil: 'domcontentloaded' })
		await expect(row).toContainText('Ready', { timeout: 2_000 })
	}).toPass({ timeout: 30_000 })
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
		test.use({ javaScriptEnabled })

		test("an assistant's tests run as typed turns, never calls; a knowledge change runs them by itself and the regression is shown first and e-mailed", async ({
			page,
			login,
		}) => {
			// A whole journey with two indexings and two runs in jobs.
			test.setTimeout(180_000)
			const { email } = await login({ email: uniqueEmail(`voice-tests-${javaScriptEnabled ? 'js' : 'nojs'}`) })
			const agentId = await createVoiceAssistant(page, 'Showroom Line')
			await saveKnowledge(page, SHOWROOM_KNOWLEDGE)

			await sections(page).getByRole('link', { name: 'Tests', exact: true }).click()
			await expect(page).toHaveURL(`/playground/voicebots/${agentId}/tests`)
			await expect(page.getByText('No tests yet.')).toBeVisible()
			await expect(page.getByText('Test runs are no calls')).toBeVisible()
			await addTest(page, { question: 'When is the showroom open?', expected: '10 am' })
			await addTest(page, { question: 'How fast are repairs?', expected: '48 hours' })
			await addTest(page, { question: 'Who won the football world cup in 1986?', decline: true })
			await expect(page.getByText('3 of 200 tests')).toBeVisible()
			await expect(
				page
					.getByRole('region', { name: 'Add a test' })
					.getByLabel('Must decline: the voice assistant should say it does not know'),
			).toBeVisible()
			await expect(testRow(page, 'Who won the football world cup in 1986?')).toContainText('Must decline')

			await page.getByRole('button', { name: 'Run tests' }).click()
			await expect(page.getByText('Tests queued')).toBeVisible()
			// With JavaScript the page follows the run by itself; without, reloads show it.
			if (javaScriptEnabled)
				await expect(page.getByTestId('test-score')).toHaveText('3 of 3 passed', { timeout: 30_000 })
			else await expectScore(page, '3 of 3 passed')
			for (const question of [
				'When is the showroom open?',
				'How fast are repairs?',
				'Who won the football world cup in 1986?',
			])
				await expect(testRow(page, question)).toContainText('Pass')

			// The repairs sentence changes: its indexing runs the tests by themselves.
			await saveKnowledge(page, SHOWROOM_KNOWLEDGE_CHANGED)
			await page.goto(`/playground/voicebots/${agentId}/tests`)
			await expectScore(page, '2 of 3 passed')
			await expect(page.getByTestId('test-score')).toContainText('1 regression')
			await expect(page.getByTestId('test-run')).toContainText('Knowledge change')
			await expectRegressionFirst(page, {
				question: 'How fast are repairs?',
				reason: 'Does not contain “48 hours”.',
				reply: 'within a week',
			})
			if (javaScriptEnabled) {
				await expect(page.getByTestId('test-trend').locator('canvas')).toBeVisible()
				await expectNoSeriousA11yViolations(page)
			} else await expect(page.getByRole('table')).toContainText('Knowledge change')

			const mail = await regressionMail(email, '1 test of “Showroom Line” now fails')
			expect(mail).toContain('your voice assistant “Showroom Line”')
			expect(mail).toContain(`/playground/voicebots/${agentId}/tests`)
			// Test runs are no calls: nothing on the dashboard or in the assistant's Calls.
			const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM call_logs WHERE agent_id = $1`, [
				agentId,
			])
			expect(n).toBe(0)
			await sections(page).getByRole('link', { name: 'Calls', exact: true }).click()
			await expect(page.getByText('No calls yet.')).toBeVisible()

			// Suggestions from its knowledge, made offline (its model is the offline one), picked and added.
			await page.goto(`/playground/voicebots/${agentId}/tests/suggestions`)
			await expect(page.getByTestId('suggestions-made-by')).toHaveText(
				'Suggested offline, from the headings and sentences of the sources.',
			)
			await page.getByRole('button', { name: 'Add selected tests' }).click()
			await expect(page).toHaveURL(`/playground/voicebots/${agentId}/tests`)
			await expect(page.getByText(/^\d+ tests? added$/)).toBeVisible()
		})

		test('on an assistant that answers from a chatbot\'s knowledge, "Add answer" names that chatbot, in its hint and its toast', async ({
			page,
			login,
		}) => {
			await login({ email: uniqueEmail(`voice-tests-shared-${javaScriptEnabled ? 'js' : 'nojs'}`) })
			const chatbotId = await createShopChatbot(page, 'libffi Helper')
			const agentId = await createVoiceAssistant(page, 'Shared Line')
			await sql(`UPDATE agents SET knowledge_chatbot_id = $1 WHERE id = $2`, [chatbotId, agentId])
			await page.goto(`/playground/voicebots/${agentId}/tests`)
			await addTest(page, { question: 'How long do deliveries take?', expected: 'two weeks' })
			// A finished run, as the job leaves it, in which the test failed.
			const [run] = await sql<{ id: string }>(
				`INSERT INTO chatbot_test_runs (agent_id, trigger, status, total, done, passed, failed, started_at, finished_at)
				 VALUES ($1, 'manual', 'done', 1, 1, 0, 1, now(), now()) RETURNING id`,
				[agentId],
			)
			await sql(
				`INSERT INTO chatbot_test_results (run_id, test_id, passed, reason, reply, answered)
				 SELECT $1, t.id, false, 'Does not contain “two weeks”.', 'Three to five working days.', true
				 FROM chatbot_tests t WHERE t.agent_id = $2`,
				[run.id, agentId],
			)
			await page.goto(`/playground/voicebots/${agentId}/tests`)
			const failing = page
				.getByTestId('failing-tests')
				.getByRole('listitem')
				.filter({ hasText: 'How long do deliveries take?' })
			// The answer reaches the chatbot's site visitors too: the hint says so, naming it (first-time
			// user's trial: "Joins the typed knowledge it answers from", and it went to the chatbot).
			await expect(failing).toContainText(
				'Joins the knowledge of chatbot “libffi Helper”, which its site visitors also get',
			)
			await failing.getByLabel('Answer to “How long do deliveries take?”').fill('Deliveries take two weeks.')
			await failing.getByRole('button', { name: 'Add answer' }).click()
			await expect(page.getByText('Answer added')).toBeVisible()
			await expect(
				page.getByText('Added to the knowledge of chatbot “libffi Helper”, which its site visitors also get.'),
			).toBeVisible()
			const [chatbot] = await sql<{ knowledge_base: string }>(`SELECT knowledge_base FROM chatbots WHERE id = $1`, [
				chatbotId,
			])
			expect(chatbot.knowledge_base).toContain('Deliveries take two weeks.')
		})
	})
}

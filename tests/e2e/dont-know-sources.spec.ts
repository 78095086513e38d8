// An "I don't know" shows no sources; an answer shows the source it cites (issue 28: an "I don't
// know" about AWS Lambda listed four unrelated pages as its sources). In the chatbot preview with
// JavaScript (the dialog, streamed) and without it (the preview page). docs/decisions/0033.
import type { Locator, Page } from '@playwright/test'
import { expect, test, uniqueEmail } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectTextIndexed } from './helpers.ts'

const KNOWLEDGE = `Domains
To connect a domain you own, change its nameservers to ns1.nimbuscloud.in and ns2.nimbuscloud.in, then add it under Websites > Domains.

Payment methods
We accept UPI, credit and debit cards (Visa, Mastercard and RuPay) and net banking.

Refunds
Hosting plans can be cancelled for a full refund within 30 days of purchase.

Support hours
Our support team is available Monday to Saturday, 9 AM to 9 PM IST.`

async function ask(page: Page, javaScript: boolean, question: string) {
	const scope = javaScript ? page.getByRole('dialog', { name: 'Preview: Nimbus Help' }) : page
	const input = scope.getByLabel('Ask your chatbot a question')
	await input.fill(question)
	if (javaScript) await input.press('Enter')
	else await scope.getByRole('button', { name: 'Send' }).click()
	await expect(scope.locator('[data-role="user"]').last()).toContainText(question)
	// The reply is complete: the box takes questions again.
	await expect(input).toBeEnabled({ timeout: 15_000 })
	// Held by its place (the greeting is the first): a later reply does not move it.
	const replies = scope.locator('[data-role="assistant"]')
	return replies.nth((await replies.count()) - 1)
}

async function expectNoSources(reply: Locator) {
	await expect(reply).toContainText("I don't know")
	await expect(reply.getByTestId('citation')).toHaveCount(0)
	await expect(reply.getByTestId('sources')).toHaveCount(0)
	await expect(reply.getByTestId('closest-pages')).toHaveCount(0)
	await expect(reply).not.toContainText('Sources from the knowledge base')
}

for (const javaScript of [true, false]) {
	test.describe(`the preview ${javaScript ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled: javaScript })

		test('an unanswerable question shows no citation and no sources; an answered one its cited source', async ({
			page,
			login,
		}) => {
			await login({ email: uniqueEmail(`dont-know-${javaScript ? 'js' : 'nojs'}`) })
			await page.goto('/playground?new')
			await page.getByLabel('Knowledge Base Content').fill(KNOWLEDGE)
			await page.getByLabel('Chatbot Name').fill('Nimbus Help')
			await page.getByRole('button', { name: 'Create Chatbot' }).click()
			await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
			await expectTextIndexed(page)
			await page.goto('/playground')
			await page.getByRole('link', { name: 'Preview Nimbus Help' }).click()

			const unknown = await ask(page, javaScript, 'Do you support AWS Lambda?')
			await expectNoSources(unknown)

			const answered = await ask(page, javaScript, 'What payment methods do you accept?')
			await expect(answered).toContainText('We accept UPI')
			await expect(answered.getByTestId('citation')).toHaveCount(1)
			await expect(answered.getByTestId('citation')).toHaveAccessibleName(/^Source 1: /)
			const sources = answered.getByTestId('sources')
			await expect(sources).toContainText('Sources from the knowledge base (1)')
			await sources.getByText('Sources from the knowledge base (1)').click()
			await expect(sources).toContainText('We accept UPI')
			await expect(answered.getByTestId('closest-pages')).toHaveCount(0)
			// The earlier "I don't know" still lists nothing.
			await expectNoSources(unknown)
			if (javaScript) await expectNoSeriousA11yViolations(page, '[role="dialog"]')
		})
	})
}

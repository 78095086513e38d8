// Structure survives ingestion and shows in replies (issue 28): a chatbot built from a crawled docs
// site with code blocks and a PDF with a title page answers a code question with the code as code,
// in the live preview and on the preview page at 320 px, with no page title, file name or docs
// metadata ("Added in:", "History") in the reply. docs/decisions/0030 and 0031.
import type { Locator, Page } from '@playwright/test'
import { READ_LINES_CODE } from '../support/docs-site.ts'
import { makeLaidOutPdf } from '../support/documents.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'
import { E2E_WEBSITE_PORT } from './ports.ts'

const DOCS = `http://127.0.0.1:${E2E_WEBSITE_PORT}/docs/`
const PDF_TITLE = 'Nimbus Cloud Hosting'

const handbook = () =>
	makeLaidOutPdf(
		[
			[
				{ text: PDF_TITLE, size: 28, font: 'bold', space: 200 },
				{ text: 'Support Handbook', size: 16 },
				{ text: 'March 2026', space: 20 },
			],
			[
				{ text: 'Refund policy', size: 18, font: 'bold' },
				{ text: 'Refunds are paid to the card you paid with, within seven working days.', space: 6 },
				{ text: 'Support hours', size: 18, font: 'bold', space: 12 },
				{ text: 'Support is open Monday to Saturday, 9 AM to 6 PM IST.', space: 6 },
			],
		],
		{ runningHeader: `${PDF_TITLE} · Support Handbook` },
	)

/** What must never be part of a reply: page titles, file names, docs metadata, the PDF's title. */
async function expectNoNoise(reply: Locator) {
	const text = (await reply.innerText()).replace(/\s+/g, ' ')
	for (const noise of [
		'Added in',
		'History',
		'v11.14.0',
		'| Acme Docs',
		'handbook.pdf',
		PDF_TITLE,
		'Support Handbook',
		'Edit this page',
		'Table of contents',
		'Skip to content',
	])
		expect(text, `the reply holds "${noise}"`).not.toContain(noise)
}

async function expectCodeBlock(reply: Locator) {
	const code = reply.locator('pre code')
	await expect(code).toHaveCount(1)
	// The code as written: its lines, indentation and blank lines, not flattened into prose. Polled:
	// the reply streams word by word, and the block is whole only once it has arrived.
	await expect.poll(() => code.textContent(), { timeout: 10_000 }).toBe(READ_LINES_CODE)
}

const noPageOverflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test('a reply from crawled docs and a PDF renders code as code, without titles or metadata', async ({
	page,
	login,
}) => {
	test.slow()
	await login({ email: uniqueEmail('structured') })
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill('Acme Docs answers questions about the Acme runtime.')
	await page.getByLabel('Chatbot Name').fill('Docs Bot')
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	const chatbotPath = new URL(page.url()).pathname

	await page.goto(`${chatbotPath}/knowledge`)
	const sources = page.getByRole('region', { name: 'Knowledge sources' })
	await sources.getByLabel('Upload documents').setInputFiles({
		name: 'handbook.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(await handbook()),
	})
	await page.getByRole('button', { name: 'Add file' }).click()
	await expect(page.getByText('File uploaded')).toBeVisible()
	await sources.getByLabel('Import website').fill(DOCS)
	await sources.getByLabel('The whole site').check()
	await sources.getByText('Crawl settings').click()
	await sources.getByLabel('Only these paths').fill('/docs/*')
	await sources.getByRole('button', { name: 'Import', exact: true }).click()
	await expect(page.getByText('Import started')).toBeVisible()
	const list = page.getByRole('list', { name: 'Sources of this chatbot' })
	await expect(list.getByText('Ready', { exact: true })).toHaveCount(3, { timeout: 60_000 })

	// The live preview: the answer is the code block, rendered as code.
	const preview = page.getByRole('region', { name: 'Live preview' })
	const input = preview.getByLabel('Ask your chatbot a question')
	await input.fill('How do I read a file line by line?')
	await input.press('Enter')
	const reply = preview.locator('[data-role="assistant"]').last()
	await expect(reply.locator('pre code')).toBeVisible({ timeout: 10_000 })
	await expectCodeBlock(reply)
	await expectNoNoise(reply)
	// A PDF answer carries no title glued to its front.
	await input.fill('What is the refund policy?')
	await input.press('Enter')
	const refund = preview.locator('[data-role="assistant"]').last()
	await expect(refund).toContainText('seven working days', { timeout: 10_000 })
	await expectNoNoise(refund)
	await expectNoSeriousA11yViolations(page)

	// The preview page (which works without JavaScript) renders the same way; at 320 px the code
	// scrolls inside its bubble and the page itself never scrolls sideways.
	await page.setViewportSize({ width: 320, height: 700 })
	await page.goto(`${chatbotPath}/preview`)
	await page.getByLabel('Ask your chatbot a question').fill('How do I read a file line by line?')
	await page.getByRole('button', { name: 'Send', exact: true }).click()
	const pageReply = page.locator('[data-role="assistant"]').last()
	await expect(pageReply.locator('pre code')).toBeVisible({ timeout: 10_000 })
	await expectCodeBlock(pageReply)
	await expectNoNoise(pageReply)
	const pre = pageReply.locator('pre')
	expect(await pre.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
	expect(await noPageOverflow(page)).toBe(true)
})

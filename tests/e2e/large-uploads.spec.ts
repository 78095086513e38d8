// Real-sized uploads, the way owners send them: a 9 MB PDF (pages of text and a large photograph)
// added on the create form, with and without JavaScript, and with "Add file" on a chatbot's own
// page, becomes a source that a job reads and that answers cite by its file name; a widget picture
// just under its 1 MB cap is saved on the chatbot's page. Each post is under its route's body cap
// (server/body-limit.ts reads it from the route's handle; ADR 0039).
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import { makeHeavyPdf } from '../support/documents.ts'
import { expect, sql, test, uniqueEmail } from './fixtures.ts'
import { expectTextIndexed } from './helpers.ts'

const NINE_MB = 9 * 1024 * 1024

/** A 9 MB service handbook whose text says where and when the depot opens. */
async function handbook(name: string) {
	const buffer = Buffer.from(
		await makeHeavyPdf(
			[
				['Service handbook', 'The spare parts depot in Bhiwadi opens at 6:45 every morning.'],
				['Engineers carry a blue toolkit with a torque wrench and a multimeter.'],
			],
			NINE_MB,
		),
	)
	// About 9 MB, and under the 10 MB a file may have.
	expect(buffer.byteLength).toBeGreaterThan(9_000_000)
	expect(buffer.byteLength).toBeLessThan(MAX_UPLOAD_BYTES)
	return { name, mimeType: 'application/pdf', buffer }
}

const QUESTION = 'When does the spare parts depot open?'
const sourceRow = (page: Page, name: string) =>
	page.getByRole('list', { name: 'Sources of this chatbot' }).getByRole('listitem').filter({ hasText: name })

/** Asks the live preview (JavaScript) and expects the answer from the PDF, citing it by its file name. */
async function expectPreviewCites(page: Page, fileName: string) {
	const preview = page.getByRole('region', { name: 'Live preview' })
	await preview.getByLabel('Ask your chatbot a question').fill(QUESTION)
	await preview.getByLabel('Ask your chatbot a question').press('Enter')
	const answer = preview.locator('[data-role="assistant"]').last()
	await expect(answer).toContainText('6:45', { timeout: 15_000 })
	await expect(answer.getByTestId('citation').first()).toHaveAccessibleName(`Source 1: ${fileName}`)
}

test('a 9 MB PDF chosen on the create form becomes a ready source that answers cite by name', async ({
	page,
	login,
}) => {
	test.slow()
	await login({ email: uniqueEmail('large-create') })
	await page.goto('/playground?new')
	await page.getByLabel('Upload documents').setInputFiles(await handbook('service-handbook.pdf'))
	await expect(page.getByRole('list', { name: 'Files to read when the chatbot is created' })).toContainText(
		'service-handbook.pdf',
	)
	// The file is the knowledge: no typed text is needed.
	await page.getByLabel('Chatbot Name').fill('Handbook Bot')
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/, { timeout: 30_000 })
	await expect(page.getByRole('status').filter({ hasText: 'Chatbot created!' })).toBeVisible()
	const chatbotId = new URL(page.url()).pathname.split('/').pop()
	// Its Knowledge section follows the file's job by itself.
	await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Knowledge' }).click()
	await expect(sourceRow(page, 'service-handbook.pdf')).toContainText('Ready', { timeout: 60_000 })
	const [file] = await sql<{ title: string; file_data: Buffer | null }>(
		`SELECT title, file_data FROM knowledge_sources WHERE chatbot_id = $1 AND kind = 'file'`,
		[chatbotId],
	)
	expect(file).toEqual({ title: 'service-handbook.pdf', file_data: null })
	await expectPreviewCites(page, 'service-handbook.pdf')
})

test('a 9 MB PDF added with "Add file" on a chatbot’s page becomes a ready source; a picture just under 1 MB is saved', async ({
	page,
	login,
}) => {
	test.slow()
	await login({ email: uniqueEmail('large-page') })
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill('Acme Service answers questions about its engineers.')
	await page.getByLabel('Chatbot Name').fill('Depot Bot')
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	const chatbotId = new URL(page.url()).pathname.split('/').pop()
	await expectTextIndexed(page)
	const pagePath = new URL(page.url()).pathname

	const sources = page.getByRole('region', { name: 'Knowledge sources' })
	await sources.getByLabel('Upload documents').setInputFiles(await handbook('depot-handbook.pdf'))
	await sources.getByRole('button', { name: 'Add file' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'File uploaded' })).toBeVisible({ timeout: 30_000 })
	expect(new URL(page.url()).pathname).toBe(pagePath)
	await expect(sourceRow(page, 'depot-handbook.pdf')).toContainText('Ready', { timeout: 60_000 })
	await expectPreviewCites(page, 'depot-handbook.pdf')

	// A photograph of noise (which PNG cannot compress) of about 1,000 KB: under the picture's 1 MB cap.
	const side = 576
	const picture = await sharp(randomBytes(side * side * 3), {
		raw: { width: side, height: side, channels: 3 },
	})
		.png({ compressionLevel: 9 })
		.toBuffer()
	expect(picture.byteLength).toBeGreaterThan(950_000)
	expect(picture.byteLength).toBeLessThan(1024 * 1024)
	await page.goto(`/playground/chatbots/${chatbotId}/widget`)
	const widget = page.getByRole('region', { name: 'Widget on your site' })
	await widget.getByLabel('Picture').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: picture })
	await widget.getByRole('button', { name: 'Upload picture' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Picture saved' })).toBeVisible({ timeout: 15_000 })
	const [row] = await sql<{ has: boolean }>(`SELECT avatar IS NOT NULL AS has FROM chatbots WHERE id = $1`, [chatbotId])
	expect(row.has).toBe(true)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a 9 MB PDF sent with "Create Chatbot" becomes a ready source; the preview page cites it by name', async ({
		page,
		login,
	}) => {
		test.slow()
		await login({ email: uniqueEmail('large-nojs') })
		await page.goto('/playground?new')
		await page.getByLabel('Upload documents').setInputFiles(await handbook('plain-handbook.pdf'))
		await page.getByLabel('Chatbot Name').fill('Plain Handbook')
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/, { timeout: 30_000 })
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot created!' })).toBeVisible()
		const pagePath = new URL(page.url()).pathname
		// No script refreshes its Knowledge section: a reload shows where the file is.
		await page.goto(`${pagePath}/knowledge`)
		await expect
			.poll(
				async () => {
					await page.reload()
					return (await sourceRow(page, 'plain-handbook.pdf').textContent()) ?? ''
				},
				{ timeout: 60_000, intervals: [500] },
			)
			.toContain('Ready')

		await page.goto(`${pagePath}/preview`)
		await page.getByLabel('Ask your chatbot a question').fill(QUESTION)
		await page.getByRole('button', { name: 'Send', exact: true }).click()
		const answer = page.locator('[data-role="assistant"]').last()
		await expect(answer).toContainText('6:45')
		await expect(answer.getByTestId('citation').first()).toHaveAccessibleName('Source 1: plain-handbook.pdf')
		await expect(page.getByTestId('sources').last()).toContainText('plain-handbook.pdf')
	})
})

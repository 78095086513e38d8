import type { Page } from '@playwright/test'
import { makeDocx, makePdf } from '../support/documents.ts'
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail, type Login } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectTextIndexed, openChatbotSection } from './helpers.ts'
import { E2E_EMBED_HOST_PORT, E2E_WEBSITE_PORT } from './ports.ts'

const WEBSITE = `http://127.0.0.1:${E2E_WEBSITE_PORT}`

/** Signs the test's page in as a new user through the `login` fixture; returns the e-mail. */
async function signIn(login: Login, prefix = 'builder') {
	return (await login({ email: uniqueEmail(prefix), fullName: 'Bot Builder' })).email
}

/** A chatbot straight in the database, through the app's own create path (form post). */
async function createChatbotViaForm(page: Page, name: string, knowledge: string) {
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill(knowledge)
	await page.getByLabel('Chatbot Name').fill(name)
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	// Creating lands on the chatbot's own page, where its text shows when it is indexed.
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	await expectTextIndexed(page)
	const [row] = await sql<{ id: string }>(`SELECT id FROM chatbots WHERE name = $1 ORDER BY created_at DESC LIMIT 1`, [
		name,
	])
	expect(page.url()).toContain(row.id)
	await page.goto('/playground')
	await expect(page.getByRole('heading', { name: 'Your Chatbots' })).toBeVisible()
	return row.id
}

const card = (page: Page, name: string) => page.getByTestId('chatbot-card').filter({ hasText: name })

const files = async () => ({
	txt: {
		name: 'faq.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from('The office parrot is named Captain Kiwi.\n\nHe speaks three languages.'),
	},
	pdf: {
		name: 'policy.pdf',
		mimeType: 'application/pdf',
		buffer: Buffer.from(
			await makePdf([['Returns are accepted within 17 days of purchase.'], ['The warehouse is in Faridabad.']]),
		),
	},
	docx: {
		name: 'team.docx',
		mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
		buffer: Buffer.from(
			await makeDocx(['Our lead engineer collects vintage typewriters.', 'She owns forty-two of them.']),
		),
	},
})

test.describe('with JavaScript', () => {
	test('empty state, create from pasted text, preview answers from the knowledge, switch off, delete', async ({
		page,
		login,
	}) => {
		test.slow() // a whole user journey: many steps, each slower under CI's two workers
		const email = await signIn(login)
		await page.goto('/playground')
		await expect(page.getByRole('heading', { name: 'Create Your First Chatbot' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await page.getByRole('link', { name: 'Start Building' }).click()

		await expect(page.getByLabel('System Prompt')).toHaveValue(
			'You are a helpful AI assistant. Use the provided knowledge base to answer questions accurately and helpfully.',
		)
		await expectNoSeriousA11yViolations(page)
		// Spec: Cancel returns to the list (here the empty state).
		await page.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByRole('heading', { name: 'Create Your First Chatbot' })).toBeVisible()
		await page.getByRole('link', { name: 'Start Building' }).click()

		await page
			.getByLabel('Knowledge Base Content')
			.fill('Opening hours: our Jaipur studio opens at 7:45 am on weekdays.\n\nParking is behind the building.')
		await page.getByLabel('Chatbot Name').fill('Studio Guide')
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot created!' })).toBeVisible()
		// The page shows when the text's indexing job has run; the preview below answers from it.
		await expectTextIndexed(page)
		await expect(page.getByRole('heading', { name: 'Studio Guide' })).toBeVisible()
		await page.getByRole('link', { name: 'Your Chatbots' }).click()
		await expect(page.getByRole('heading', { name: 'Your Chatbots' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Create New' })).toBeVisible()

		const studio = card(page, 'Studio Guide')
		await expect(studio).toContainText(/Created \d{1,2} \w{3} \d{4}/)
		await expect(studio.getByTestId('status')).toHaveText('Active')
		const [row] = await sql<{ id: string; embed_code: string; user_email: string }>(
			`SELECT c.id, c.embed_code, u.email AS user_email FROM chatbots c JOIN users u ON u.id = c.user_id WHERE c.name = 'Studio Guide' AND u.email = $1`,
			[email],
		)
		expect(row.embed_code).toBe(
			`<script src="${test.info().project.use.baseURL}/embed.js" data-chatbot-id="${row.id}" async></script>`,
		)

		// Embed copies the code.
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
		await studio.getByRole('link', { name: 'Embed Studio Guide' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Copied!' })).toBeVisible()
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(row.embed_code)
		await expect(studio.getByRole('textbox')).toHaveValue(row.embed_code)

		// Preview: greeting, a grounded streamed answer, the passages it drew on.
		await studio.getByRole('link', { name: 'Preview Studio Guide' }).click()
		const dialog = page.getByRole('dialog', { name: 'Preview: Studio Guide' })
		await expect(dialog).toBeVisible()
		expect((await dialog.boundingBox())!.height).toBe(500)
		await expect(dialog.getByRole('log')).toContainText("Hello! I'm Studio Guide. How can I help you today?")
		const input = dialog.getByLabel('Ask your chatbot a question')
		await expect(input).toBeFocused()
		await expect(dialog.getByRole('button', { name: 'Send message' })).toBeDisabled()
		await input.fill('When does the Jaipur studio open?')
		await input.press('Shift+Enter')
		await expect(dialog.locator('[data-role="user"]')).toHaveCount(0)
		await input.press('Enter')
		await expect(dialog.locator('[data-role="user"]')).toHaveText(/When does the Jaipur studio open\?/)
		await expect(dialog.locator('[data-role="assistant"]').last()).toContainText('7:45 am', { timeout: 10_000 })
		await expect(input).toBeEnabled()
		const sources = dialog.getByTestId('sources')
		await sources.getByText(/Sources from the knowledge base/).click()
		await expect(sources).toContainText('Passage 1')
		await expect(sources).toContainText('Jaipur studio opens at 7:45 am')
		await expectNoSeriousA11yViolations(page, '[role="dialog"]')
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()

		// Switch it off: the badge, the database and the public embed all agree.
		await studio.getByRole('switch', { name: 'Active: Studio Guide' }).click()
		await expect(studio.getByTestId('status')).toHaveText('Inactive')
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot deactivated' })).toBeVisible()
		await expect
			.poll(async () => (await sql(`SELECT is_active FROM chatbots WHERE id = $1`, [row.id]))[0].is_active)
			.toBe(false)

		// Delete asks first; keeping it changes nothing.
		await studio.getByRole('link', { name: 'Delete Studio Guide' }).click()
		const confirm = studio.getByRole('alertdialog')
		await expect(confirm).toContainText('Delete the chatbot "Studio Guide"?')
		await confirm.getByRole('link', { name: 'Keep it' }).click()
		await expect(confirm).toBeHidden()
		await studio.getByRole('link', { name: 'Delete Studio Guide' }).click()
		await studio.getByRole('button', { name: 'Delete chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot deleted' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Create Your First Chatbot' })).toBeVisible()
		expect(await sql(`SELECT 1 FROM chatbots WHERE id = $1`, [row.id])).toHaveLength(0)
		expect(await sql(`SELECT 1 FROM knowledge_chunks WHERE chatbot_id = $1`, [row.id])).toHaveLength(0)
	})

	test('files (TXT, PDF, DOCX) become sources of the new chatbot and a website fills the knowledge base; preview cites the PDF', async ({
		page,
		login,
	}) => {
		test.slow() // a whole user journey: many steps, each slower under CI's two workers
		await signIn(login)
		await page.goto('/playground?new')
		const knowledge = page.getByLabel('Knowledge Base Content')
		await knowledge.fill('Typed first.')
		const { txt, pdf, docx } = await files()

		// Chosen files are listed as sources to read when the chatbot is created; the text stays as typed.
		const pending = page.getByRole('list', { name: 'Files to read when the chatbot is created' })
		await page.getByLabel('Upload documents').setInputFiles(txt)
		await expect(
			page.getByRole('status').filter({ hasText: 'The file will be read when you create the chatbot.' }),
		).toBeVisible()
		await expect(pending.getByRole('listitem')).toHaveText([/faq\.txt/])
		// A second choice adds to the list; one can be taken off again.
		await page.getByLabel('Upload documents').setInputFiles([pdf, docx, { ...txt, name: 'spare.txt' }])
		await expect(pending.getByRole('listitem')).toHaveText([/faq\.txt/, /policy\.pdf/, /team\.docx/, /spare\.txt/])
		await page.getByRole('button', { name: 'Do not add spare.txt' }).click()
		await expect(pending.getByRole('listitem')).toHaveText([/faq\.txt/, /policy\.pdf/, /team\.docx/])
		await expect(knowledge).toHaveValue('Typed first.')

		const url = page.getByLabel('Import website')
		await url.fill(`${WEBSITE}/article`)
		await page.getByRole('button', { name: 'Import', exact: true }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Website imported' })).toBeVisible()
		await expect(knowledge).toHaveValue(
			new RegExp(`^Typed first\\.\\n\\nWebsite content from: ${WEBSITE}/article\\n\\n# Acme Widgets warranty`),
		)
		await expect(knowledge).toHaveValue(/seven-year warranty covering the flux capacitor/)
		expect(await knowledge.inputValue()).not.toContain('do not import')
		expect(await knowledge.inputValue()).not.toContain('navigation link')
		await expect(url).toHaveValue('')

		// Empty URL: nothing happens.
		const before = await knowledge.inputValue()
		await page.getByRole('button', { name: 'Import', exact: true }).click()
		await expect(knowledge).toHaveValue(before)

		await page.getByLabel('Chatbot Name').fill('Everything Bot')
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot created!' })).toBeVisible()
		await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
		const chatbotId = new URL(page.url()).pathname.split('/').pop()
		// Its Knowledge section follows each source's job: the typed text and the three files, by name.
		await openChatbotSection(page, 'knowledge')
		const sources = page.getByRole('list', { name: 'Sources of this chatbot' })
		for (const name of ['faq.txt', 'policy.pdf', 'team.docx']) {
			await expect(sources.getByRole('listitem').filter({ hasText: name })).toContainText('Ready', { timeout: 30_000 })
		}
		await expectTextIndexed(page)
		const [bot] = await sql<{ knowledge_base: string }>(`SELECT knowledge_base FROM chatbots WHERE id = $1`, [
			chatbotId,
		])
		expect(bot.knowledge_base).not.toContain('Captain Kiwi')

		const preview = page.getByRole('region', { name: 'Live preview' })
		await preview.getByLabel('Ask your chatbot a question').fill('How many days do I have for returns?')
		await preview.getByLabel('Ask your chatbot a question').press('Enter')
		const returns = preview.locator('[data-role="assistant"]').last()
		await expect(returns).toContainText('17 days', { timeout: 10_000 })
		await expect(returns.getByTestId('citation').first()).toHaveAccessibleName('Source 1: policy.pdf')
		await page.getByRole('link', { name: 'Your Chatbots' }).click()
		await card(page, 'Everything Bot').getByRole('link', { name: 'Preview Everything Bot' }).click()
		const dialog = page.getByRole('dialog')
		await dialog.getByLabel('Ask your chatbot a question').fill('What does the warranty cover?')
		await dialog.getByLabel('Ask your chatbot a question').press('Enter')
		await expect(dialog.locator('[data-role="assistant"]').last()).toContainText('flux capacitor', { timeout: 10_000 })
	})

	test('every validation message: missing fields, bad files, refused websites', async ({ page, login }) => {
		test.slow() // a whole user journey: many steps, each slower under CI's two workers
		await signIn(login)
		await page.goto('/playground?new')
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Missing information' })).toContainText(
			'Please provide a name and knowledge base',
		)
		await expect(page.getByLabel('Chatbot Name')).toHaveAttribute('aria-invalid', 'true')

		await page.getByLabel('Chatbot Name').fill('Half done')
		await page.getByLabel('Knowledge Base Content').fill('   ')
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Missing information' })).toBeVisible()
		expect(await sql(`SELECT 1 FROM chatbots WHERE name = 'Half done'`)).toHaveLength(0)

		const knowledge = page.getByLabel('Knowledge Base Content')
		await knowledge.fill('Keep me.')
		await page
			.getByLabel('Upload documents')
			.setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) })
		await expect(
			page.getByRole('status').filter({ hasText: 'Upload failed' }).filter({ hasText: 'empty.pdf' }),
		).toContainText('Failed to process the file. empty.pdf: The file is empty.')
		await page
			.getByLabel('Upload documents')
			.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
		await expect(
			page.getByRole('status').filter({ hasText: 'Upload failed' }).filter({ hasText: 'virus.exe' }),
		).toContainText('Choose a .txt, .pdf, .doc, .docx file.')
		// A refused file joins nothing: no list, and the text is kept.
		await expect(page.getByRole('list', { name: 'Files to read when the chatbot is created' })).toHaveCount(0)
		await expect(knowledge).toHaveValue('Keep me.')

		for (const target of [
			'http://127.0.0.1:9/',
			'http://localhost:3999/',
			'http://169.254.169.254/latest/meta-data/',
			`${WEBSITE}/missing`,
		]) {
			await page.getByLabel('Import website').fill(target)
			await page.getByRole('button', { name: 'Import', exact: true }).click()
			await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeEnabled()
			await expect(page.getByRole('status').filter({ hasText: 'Import failed' })).toContainText(
				'Failed to import website content. Check the URL or API limits.',
			)
			await expect(knowledge).toHaveValue('Keep me.')
		}
	})

	test('preview failures: a broken reply and an empty one', async ({ page, login }) => {
		await signIn(login)
		const id = await createChatbotViaForm(page, 'Fragile Bot', 'Some knowledge.')
		await page.route(`**/api/chatbots/${id}/chat`, (route) =>
			route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
		)
		await card(page, 'Fragile Bot').getByRole('link', { name: 'Preview Fragile Bot' }).click()
		const dialog = page.getByRole('dialog')
		await dialog.getByLabel('Ask your chatbot a question').fill('Hello?')
		await dialog.getByLabel('Ask your chatbot a question').press('Enter')
		await expect(page.getByRole('status').filter({ hasText: 'Failed to get response from chatbot' })).toBeVisible()
		await expect(dialog.locator('[data-role="assistant"]').last()).toHaveText(
			/I apologize, but I encountered an error\. Please try again\./,
		)

		// A reply that finishes with no text at all.
		await page.unroute(`**/api/chatbots/${id}/chat`)
		await page.route(`**/api/chatbots/${id}/chat`, (route) =>
			route.fulfill({
				status: 200,
				headers: { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
				body: 'data: {"type":"start"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n',
			}),
		)
		await dialog.getByLabel('Ask your chatbot a question').fill('Anything?')
		await dialog.getByLabel('Ask your chatbot a question').press('Enter')
		await expect(dialog.locator('[data-role="assistant"]').last()).toHaveText(
			/I apologize, but I encountered an error processing your request\./,
		)
	})

	test('editing the knowledge re-indexes it', async ({ page, login }) => {
		await signIn(login)
		const id = await createChatbotViaForm(page, 'Mover', 'Our office is in Lucknow.')
		await card(page, 'Mover').getByRole('link', { name: 'Edit Mover' }).click()
		await expect(page).toHaveURL(`/playground/chatbots/${id}`)
		// The form is in the Knowledge section, a tab of the chatbot's page with its own address.
		await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Knowledge' }).click()
		await expect(page).toHaveURL(`/playground/chatbots/${id}/knowledge`)
		await expect(page.getByRole('heading', { name: 'Knowledge and settings' })).toBeVisible()
		await expect(page.getByLabel('Knowledge Base Content')).toHaveValue('Our office is in Lucknow.')
		await page.getByLabel('Knowledge Base Content').fill('Our office moved to Chandigarh in March.')
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot updated' })).toContainText(
			'Its knowledge is being indexed',
		)
		// The save queued the text's job; the page shows when it has run, and then the chunks are the new text's.
		await expectTextIndexed(page)
		const chunks = await sql<{ content: string }>(`SELECT content FROM knowledge_chunks WHERE chatbot_id = $1`, [id])
		expect(chunks.map((c) => c.content)).toEqual(['Our office moved to Chandigarh in March.'])
	})
})

test.describe('the embed on another origin', () => {
	test('a partner page with only the snippet gets a working chatbot; switched off, it is unavailable', async ({
		page: builder,
		context,
		login,
	}) => {
		test.slow() // a whole user journey: many steps, each slower under CI's two workers
		await signIn(login)
		const id = await createChatbotViaForm(builder, 'Partner Helper', 'Delivery to Shimla takes four working days.')

		// A tab of its own, so the request log holds only what the partner page loads.
		const page = await context.newPage()
		const requests: string[] = []
		page.on('request', (request) => requests.push(request.url()))
		await page.goto(`http://127.0.0.1:${E2E_EMBED_HOST_PORT}/?id=${id}`)
		const launcher = page.getByRole('button', { name: 'Open chat' })
		await expect(launcher).toBeVisible()
		// The host page's "button { background: red }" does not reach our launcher.
		expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(79, 70, 229)')
		// Nothing but the loader and its config has come from our origin before the first click.
		const ours = () => requests.filter((url) => url.startsWith(test.info().project.use.baseURL!))
		expect(ours()).toEqual([
			`${test.info().project.use.baseURL}/embed.js`,
			`${test.info().project.use.baseURL}/embed/${id}/config`,
		])

		await launcher.click()
		await expect(page.getByRole('button', { name: 'Close chat' })).toHaveAttribute('aria-expanded', 'true')
		const chat = page.frameLocator('iframe[title="Chat"]')
		await expect(chat.getByRole('heading', { name: 'Partner Helper' })).toBeVisible()
		const input = chat.getByLabel('Ask Partner Helper a question')
		await input.fill('How long does delivery to Shimla take?')
		await input.press('Enter')
		await expect(chat.locator('[data-role="assistant"]').last()).toContainText('four working days', { timeout: 10_000 })

		// Escape inside the chat closes it through postMessage and gives focus back to the launcher.
		await input.press('Escape')
		await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused()

		await sql(`UPDATE chatbots SET is_active = false WHERE id = $1`, [id])
		await page.getByRole('button', { name: 'Open chat' }).click()
		await input.fill('Still there?')
		await input.press('Enter')
		await expect(chat.locator('[data-role="assistant"]').last()).toHaveText(/not available right now/)
		// On the next page load there is no launcher at all.
		const config = page.waitForResponse((response) => response.url().endsWith(`/embed/${id}/config`))
		await page.reload()
		expect((await config).status()).toBe(404)
		await expect(page.locator('[data-zenvora-chat]')).toHaveCount(0)
	})

	test('the chat page may be framed anywhere; the rest of the site may not', async ({ request }) => {
		const embed = await request.get('/embed/00000000-0000-4000-8000-000000000000')
		expect(embed.status()).toBe(404)
		expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *')
		expect(embed.headers()['x-frame-options']).toBeUndefined()
		const home = await request.get('/')
		expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
		const loader = await request.get('/embed.js')
		expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin')
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('create from text and files, import a website, preview, switch and delete, all by form posts', async ({
		page,
		login,
	}) => {
		test.slow() // a whole user journey: many steps, each slower under CI's two workers
		await signIn(login, 'nojs-builder')
		await page.goto('/playground')
		await page.getByRole('link', { name: 'Start Building' }).click()
		await expect(page).toHaveURL(/\?new/)

		// Missing fields: the spec's message, nothing saved.
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Missing information' })).toContainText(
			'Please provide a name and knowledge base',
		)

		const knowledge = page.getByLabel('Knowledge Base Content')
		await knowledge.fill('Typed without scripts.')
		await page.getByLabel('Chatbot Name').fill('Plain Bot')
		const { txt, pdf, docx } = await files()

		await page.getByLabel('Import website').fill(`${WEBSITE}/article`)
		await page.getByRole('button', { name: 'Import', exact: true }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Website imported' })).toBeVisible()
		await expect(knowledge).toHaveValue(
			/^Typed without scripts\.\n\nWebsite content from: .*\/article\n\n# Acme Widgets warranty/,
		)
		await expect(page.getByLabel('Import website')).toHaveValue('')
		await expect(page.getByLabel('Chatbot Name')).toHaveValue('Plain Bot')

		// A page that comes back cannot keep chosen files: it names them to choose again.
		await page.getByLabel('Upload documents').setInputFiles(txt)
		await page.getByLabel('Import website').fill('http://10.0.0.5/')
		await page.getByRole('button', { name: 'Import', exact: true }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Import failed' })).toContainText(
			'Failed to import website content. Check the URL or API limits.',
		)
		await expect(page.getByRole('alert').filter({ hasText: 'Choose this file again' })).toContainText('faq.txt')

		// The files go with "Create Chatbot", a broken one among them: each becomes a source. (The refused
		// address goes first: still typed, it would be refused again when the form is sent.)
		await page.getByLabel('Import website').fill('')
		const broken = { name: 'broken.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('nope') }
		await page.getByLabel('Upload documents').setInputFiles([txt, pdf, docx, broken])
		await page.getByRole('button', { name: 'Create Chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot created!' })).toBeVisible()
		await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
		// No script refreshes its Knowledge section: a reload shows where each source is.
		await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Knowledge' }).click()
		await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}\/knowledge$/)
		const sources = page.getByRole('list', { name: 'Sources of this chatbot' })
		await expect
			.poll(
				async () => {
					await page.reload()
					return sources.getByText('Ready', { exact: true }).count()
				},
				{ timeout: 60_000, intervals: [500] },
			)
			.toBe(4)
		for (const name of ['faq.txt', 'policy.pdf', 'team.docx']) {
			await expect(sources.getByRole('listitem').filter({ hasText: name })).toContainText('Ready')
		}
		await expect(sources.getByRole('listitem').filter({ hasText: 'broken.docx' })).toContainText(
			'This file is not a valid Word (.docx) document.',
		)
		await expect(sources.getByRole('listitem').filter({ hasText: 'broken.docx' })).toContainText('Failed')
		await page.getByRole('link', { name: 'Your Chatbots' }).click()
		const plain = card(page, 'Plain Bot')
		await expect(plain.getByTestId('status')).toHaveText('Active')

		// Preview as a page.
		await plain.getByRole('link', { name: 'Preview Plain Bot' }).click()
		await expect(page.getByRole('heading', { name: 'Preview: Plain Bot' })).toBeVisible()
		await expect(page.getByText("Hello! I'm Plain Bot. How can I help you today?")).toBeVisible()
		await page.getByLabel('Ask your chatbot a question').fill('What is the parrot called?')
		await page.getByRole('button', { name: 'Send' }).click()
		await expect(page.locator('[data-role="assistant"]').last()).toContainText('Captain Kiwi')
		await expect(page.getByTestId('sources').last()).toContainText('Sources from the knowledge base')
		await page.getByRole('link', { name: 'Your Chatbots' }).click()

		// Embed shows the code.
		await plain.getByRole('link', { name: 'Embed Plain Bot' }).click()
		await expect(plain.getByRole('textbox')).toHaveValue(
			/<script src=".*\/embed\.js" data-chatbot-id="[0-9a-f-]{36}" async><\/script>/,
		)

		await plain.getByRole('switch', { name: 'Active: Plain Bot' }).click()
		await expect(plain.getByTestId('status')).toHaveText('Inactive')
		await plain.getByRole('link', { name: 'Delete Plain Bot' }).click()
		await plain.getByRole('button', { name: 'Delete chatbot' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Chatbot deleted' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Create Your First Chatbot' })).toBeVisible()
	})
})

test.describe('who may do what', () => {
	const ask = (text: string) => ({ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }] })

	test('another user cannot read, preview, embed-chat through, switch, edit or delete your chatbot by its id', async ({
		page,
		playwright,
		baseURL,
		login,
	}) => {
		await signIn(login, 'owner')
		const id = await createChatbotViaForm(page, 'Owner Only', 'The vault combination is 31-41-59.')
		await sql(`UPDATE chatbots SET is_active = false WHERE id = $1`, [id])

		const { email } = await createUser({ email: uniqueEmail('intruder') })
		const intruder = await playwright.request.newContext({
			baseURL,
			extraHTTPHeaders: { 'X-Forwarded-For': '10.77.0.9', Cookie: await sessionCookieDirect(email) },
		})
		const origin = { Origin: baseURL! }

		const edit = await intruder.get(`/playground?edit=${id}`, { maxRedirects: 0 })
		expect([edit.status(), edit.headers().location]).toEqual([302, '/playground'])
		const previewPage = await intruder.get(`/playground/chatbots/${id}/preview`)
		expect(previewPage.status()).toBe(404)
		expect(await previewPage.text()).not.toContain('31-41-59')
		const previewPost = await intruder.post(`/playground/chatbots/${id}/preview`, {
			form: { message: 'vault combination?', history: '[]' },
			headers: origin,
		})
		expect(previewPost.status()).toBe(404)
		const previewApi = await intruder.post(`/api/chatbots/${id}/chat`, {
			data: ask('What is the vault combination?'),
			headers: origin,
		})
		expect(previewApi.status()).toBe(404)
		// Inactive: the public embed does not answer either, for anyone.
		const embedChat = await intruder.post(`/api/embed/${id}/chat`, {
			data: ask('What is the vault combination?'),
			headers: origin,
		})
		expect(embedChat.status()).toBe(404)
		expect(await embedChat.text()).not.toContain('31-41-59')

		const forms: Array<Record<string, string>> = [
			{ intent: 'toggle', id, active: 'true' },
			{ intent: 'delete', id },
			{ intent: 'update', id, name: 'Hijacked', knowledgeBase: 'Hijacked', systemPrompt: '' },
		]
		for (const form of forms) {
			const response = await intruder.post('/playground?index', { multipart: form, headers: origin, maxRedirects: 0 })
			expect(response.status()).toBe(302)
		}
		const [row] = await sql<{ name: string; is_active: boolean; knowledge_base: string }>(
			`SELECT name, is_active, knowledge_base FROM chatbots WHERE id = $1`,
			[id],
		)
		expect(row).toEqual({ name: 'Owner Only', is_active: false, knowledge_base: 'The vault combination is 31-41-59.' })

		// Signed out: the builder's APIs say so.
		const anonymous = await playwright.request.newContext({ baseURL })
		expect((await anonymous.get(`/api/scrape?url=${encodeURIComponent(`${WEBSITE}/article`)}`)).status()).toBe(401)
		expect((await anonymous.post(`/api/chatbots/${id}/chat`, { data: ask('hi'), headers: origin })).status()).toBe(401)
		await Promise.all([intruder.dispose(), anonymous.dispose()])
	})

	test('the embed chat API: streams for an active chatbot, caps sizes, limits each visitor', async ({
		page,
		request,
		baseURL,
		login,
	}) => {
		await signIn(login, 'embed-api')
		const id = await createChatbotViaForm(page, 'Limited Bot', 'Our helpline number is 1800-555-0199.')
		// The token the embed page gives its frame (any site: no allowed sites are set).
		const embedPage = await (await request.get(`/embed/${id}`)).text()
		const token = new RegExp(`${id}\\.[A-Za-z0-9_-]*\\.\\d+\\.[A-Za-z0-9_-]+`).exec(embedPage)![0]
		const headers = { Origin: baseURL!, 'x-embed-token': token }
		const ok = await request.post(`/api/embed/${id}/chat`, { data: ask('What is the helpline number?'), headers })
		expect(ok.status()).toBe(200)
		expect(await ok.text()).toContain('1800-555-0199')
		// No sources on the public embed: the passages are for the owner's preview.
		expect(await ok.text()).not.toContain('data-sources')

		expect((await request.post(`/api/embed/${id}/chat`, { data: ask('x'.repeat(2001)), headers })).status()).toBe(400)
		const long = {
			messages: Array.from({ length: 31 }, (_, i) => ({
				id: `m${i}`,
				role: i % 2 ? 'assistant' : 'user',
				parts: [{ type: 'text', text: 'hi' }],
			})),
		}
		expect((await request.post(`/api/embed/${id}/chat`, { data: long, headers })).status()).toBe(400)
		expect(
			(
				await request.post(`/api/embed/${id}/chat`, {
					data: 'not json',
					headers: { ...headers, 'Content-Type': 'application/json' },
				})
			).status(),
		).toBe(400)
		expect((await request.post(`/api/embed/not-a-uuid/chat`, { data: ask('hi'), headers })).status()).toBe(404)
		// A page on another site cannot call it directly: only our iframe (same origin) can.
		expect(
			(
				await request.post(`/api/embed/${id}/chat`, {
					data: ask('hi'),
					headers: { Origin: 'https://evil.example', 'x-embed-token': token },
				})
			).status(),
		).toBe(403)

		// 20 a minute per visitor (5 used above), then 429 with Retry-After.
		const statuses: number[] = []
		for (let i = 0; i < 16; i++)
			statuses.push((await request.post(`/api/embed/${id}/chat`, { data: ask('helpline?'), headers })).status())
		expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true)
		const limited = await request.post(`/api/embed/${id}/chat`, { data: ask('helpline?'), headers })
		expect(limited.status()).toBe(429)
		expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0)
		expect((await limited.json()).error).toBe('Too many messages at once. Please wait a moment and try again.')
	})

	test('the embed page passes an accessibility check', async ({ page, login }) => {
		await signIn(login, 'embed-a11y')
		const id = await createChatbotViaForm(page, 'Accessible Bot', 'Ramps at every entrance.')
		await page.goto(`/embed/${id}`)
		await expect(page.getByRole('heading', { name: 'Accessible Bot' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})
})

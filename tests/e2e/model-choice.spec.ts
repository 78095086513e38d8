// Issue 31's journey: the administrator connects the local fake OpenAI-compatible server through the
// Models page and tests it; a chatbot is switched to it in its Model section; the preview and the
// embed on another site answer from it. Then the provider refuses the key: the visitor gets the
// apology and the owner sees why, on the chatbot's page and in its conversation log; with the
// offline fallback chosen, the offline model answers instead. The key is in no HTML, no JSON the
// browser got and no server log line.
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'
import { ADMIN_EMAIL, expect, serverLog, test } from './fixtures.ts'
import { createShopChatbot, expectNoSeriousA11yViolations } from './helpers.ts'
import { E2E_EMBED_HOST_PORT } from './ports.ts'

// The administrator's account and the Models page are shared: one test after another.
test.describe.configure({ mode: 'default' })

const KEY = `sk-e2e-choice-${randomBytes(12).toString('hex')}-distinctive`
const WRONG_KEY = `sk-e2e-choice-wrong-${randomBytes(12).toString('hex')}`
const PROVIDER_ANSWER = 'Hello from the fake provider.'
const APOLOGY = 'I apologize, but I encountered an error. Please try again.'
let fake: FakeOpenAi

test.beforeAll(async () => {
	fake = await startFakeOpenAi({ apiKey: KEY, models: ['fake-model', 'fake-large'] })
})
test.afterAll(async () => {
	await fake.close()
})

/** Every answer the browser received from this server (pages, .data, the chat streams), to search for the key. */
function recordBodies(page: Page, origin: string) {
	const bodies: string[] = []
	page.on('response', async (response) => {
		if (!response.url().startsWith(origin) || (response.status() >= 300 && response.status() < 400)) return
		try {
			bodies.push(await response.text())
		} catch {}
	})
	return bodies
}

/** The Model card in the chatbot's Settings section (ADR 0051), loaded afresh. */
async function modelSection(page: Page, chatbotId: string) {
	await page.goto(`/playground/chatbots/${chatbotId}/settings`)
	return page.getByRole('region', { name: 'Model' })
}

/** Asks the chatbot's live preview and returns its last answer. */
async function askPreview(page: Page, question: string) {
	const preview = page.getByRole('region', { name: 'Live preview' })
	await preview.getByLabel('Ask your chatbot a question').fill(question)
	await preview.getByLabel('Ask your chatbot a question').press('Enter')
	return preview.locator('[data-role="assistant"]').last()
}

test('a provider connected on the Models page answers a chatbot in its preview and its embed; a failure is named to the owner', async ({
	page,
	login,
	baseURL,
}) => {
	test.slow() // the whole journey: two pages of settings, the preview, an embed on another site, a failure
	const bodies = recordBodies(page, baseURL!)
	await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const chatbotId = await createShopChatbot(page, 'Shop on a connected model')

	// The administrator connects the fake server for written answers and tests it.
	await page.goto('/playground/models')
	const chat = page.getByTestId('provider-chat')
	await chat.locator('summary', { hasText: 'Connect a provider' }).click()
	const form = chat.getByRole('form', { name: 'Connect a provider for written answers' })
	await form.getByLabel('Provider').selectOption({ label: 'OpenAI-compatible server' })
	await form.getByLabel('Server address (base URL)').fill(fake.baseURL)
	await form.getByLabel('Name (optional)').fill('Local LLM')
	await form.getByLabel('API key').fill(KEY)
	await form.getByLabel('Model (optional)').fill('fake-model')
	await form.getByRole('button', { name: 'Connect and test' }).click()
	const card = chat.getByTestId('connection').filter({ hasText: 'Local LLM' })
	await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'reached')
	await expect(card.getByTestId('test-result')).toContainText(/Reached OpenAI-compatible server in \d+ ms/)

	// The chatbot chooses one of its models, at its own temperature.
	let section = await modelSection(page, chatbotId)
	await expect(section.getByTestId('model-answering')).toHaveText('Answering now: Offline model')
	await section.getByLabel('Model', { exact: true }).selectOption({ label: 'Local LLM · fake-large' })
	await section.getByLabel('Temperature').fill('0.3')
	await section.getByRole('button', { name: 'Save model' }).click()
	await expect(page.getByText('Model saved')).toBeVisible()
	section = page.getByRole('region', { name: 'Model' })
	await expect(section.getByTestId('model-answering')).toHaveText('Answering now: Local LLM fake-large')
	await expectNoSeriousA11yViolations(page, '#model')

	// The preview says which model answers, and it answers.
	await expect(page.getByTestId('model-notice').first()).toContainText('Answers are written by Local LLM fake-large')
	const sent = fake.requests.length
	await expect(await askPreview(page, 'How long does delivery take?')).toContainText(PROVIDER_ANSWER)
	expect(fake.requests.slice(sent).map(({ model, temperature }) => ({ model, temperature }))).toContainEqual({
		model: 'fake-large',
		temperature: 0.3,
	})

	// The embed on another site answers from it too.
	const visitor = await page.context().browser()!.newPage()
	await visitor.goto(`http://127.0.0.1:${E2E_EMBED_HOST_PORT}/?id=${chatbotId}`)
	await visitor.getByRole('button', { name: /chat/i }).first().click()
	const widget = visitor.frameLocator('iframe[title="Chat"]')
	await widget.getByRole('textbox').first().fill('Do you deliver?')
	await widget.getByRole('textbox').first().press('Enter')
	await expect(widget.locator('[data-role="assistant"]').last()).toContainText(PROVIDER_ANSWER)

	// The provider now refuses the key (the administrator changed it to a wrong one).
	await page.goto('/playground/models')
	const stored = page.getByTestId('provider-chat').getByTestId('connection').filter({ hasText: 'Local LLM' })
	await stored.locator('summary', { hasText: 'Change' }).click()
	await stored.getByLabel('New API key').fill(WRONG_KEY)
	await stored.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Connection saved').first()).toBeVisible()

	// The visitor gets the apology; the owner sees the failure and its reason.
	await widget.getByRole('textbox').first().fill('Can I return an item?')
	await widget.getByRole('textbox').first().press('Enter')
	await expect(widget.locator('[data-role="assistant"]').last()).toContainText(APOLOGY)
	// The answer is recorded as its stream ends: the page shows it from then on.
	await expect(async () => {
		const failure = (await modelSection(page, chatbotId)).getByTestId('model-failure')
		await expect(failure).toContainText('The provider refused the key (HTTP 401).', { timeout: 1000 })
		await expect(failure).toContainText('The apology was given instead of an answer.', { timeout: 1000 })
	}).toPass()
	await page.goto(`/playground/chatbots/${chatbotId}/conversations`)
	await page
		.getByRole('link', { name: /Do you deliver\?|Can I return an item\?/ })
		.first()
		.click()
	await expect(page.getByTestId('answer-model').first()).toContainText('Answered by Local LLM fake-large')
	// The failed turn was not answered by it: it was tried.
	await expect(page.getByTestId('answer-model').nth(1)).toHaveText('Tried Local LLM fake-large')
	await expect(page.getByTestId('answer-model-error')).toContainText(
		'The chosen model failed: The provider refused the key (HTTP 401).',
	)

	// With the offline fallback, the offline model answers while the provider refuses.
	section = await modelSection(page, chatbotId)
	await section.getByLabel('When the model fails, let the offline model answer instead of the apology').check()
	await section.getByRole('button', { name: 'Save model' }).click()
	await expect(page.getByText('Model saved')).toBeVisible()
	await widget.getByRole('textbox').first().fill('How many days do I have for returns?')
	await widget.getByRole('textbox').first().press('Enter')
	await expect(widget.locator('[data-role="assistant"]').last()).toContainText('30 days')
	await expect(async () => {
		const failure = (await modelSection(page, chatbotId)).getByTestId('model-failure')
		await expect(failure).toContainText('The offline model answered instead.', { timeout: 1000 })
	}).toPass()

	// The key is in no page, no .data, no chat stream the browser got, and no server log line.
	await page.goto('/playground/models')
	expect(bodies.length).toBeGreaterThan(5)
	for (const body of bodies) {
		expect(body).not.toContain(KEY)
		expect(body).not.toContain(WRONG_KEY)
	}
	const log = serverLog()
	expect(log).toContain('Local LLM')
	expect(log).not.toContain(KEY)
	expect(log).not.toContain(WRONG_KEY)
	await visitor.close()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the Model form saves by a plain post; a wrong value comes back with the reason', async ({ page, login }) => {
		await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
		const chatbotId = await createShopChatbot(page, 'Shop without scripts')
		let section = await modelSection(page, chatbotId)
		await section.getByLabel('Temperature').fill('7')
		await section.getByRole('button', { name: 'Save model' }).click()
		section = page.getByRole('region', { name: 'Model' })
		await expect(section).toContainText('Enter a temperature from 0 to 2.')
		await expect(section.getByLabel('Temperature')).toHaveAttribute('aria-invalid', 'true')
		await section.getByLabel('Model', { exact: true }).selectOption({ label: 'Local LLM · fake-model' })
		await section.getByLabel('Temperature').fill('0.5')
		await section.getByLabel('When the model fails, let the offline model answer instead of the apology').check()
		await section.getByRole('button', { name: 'Save model' }).click()
		await expect(page.getByText('Model saved')).toBeVisible()
		section = page.getByRole('region', { name: 'Model' })
		await expect(section.getByTestId('model-answering')).toHaveText('Answering now: Local LLM fake-model')
		await expect(section.getByLabel('Temperature')).toHaveValue('0.5')
		await expect(
			section.getByLabel('When the model fails, let the offline model answer instead of the apology'),
		).toBeChecked()
	})
})

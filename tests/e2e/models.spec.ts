// The administrator's Models page: the providers set in the server's environment (the e2e server's
// speech-to-text is the local fake OpenAI-compatible server; chat stays on the offline model), and
// providers connected through the page (the fake again, with a key of its own), each tested in one
// click with the result in words, with and without JavaScript. The key never reaches a browser
// (no HTML, no .data) nor a server log line. Anyone else gets 403 (tests/e2e/authorization.spec.ts
// has the table; tests/e2e/hostile-requests.spec.ts the hostile bodies).
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'
import { ADMIN_EMAIL, createUser, expect, serverLog, sessionCookieFor, sql, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

// The administrator's account is shared: one test after another.
test.describe.configure({ mode: 'default' })

/** TRANSCRIBE_API_KEY of the e2e server (playwright.config.ts). */
const TRANSCRIBE_KEY = 'e2e-key'

let fake: FakeOpenAi
/** The key the fake provider takes: distinctive, so a search for it finds nothing else. */
const KEY = `sk-e2e-models-${randomBytes(12).toString('hex')}-distinctive`
const WRONG_KEY = `sk-e2e-wrong-${randomBytes(12).toString('hex')}-distinctive`
const REJECTED_KEY = `sk-e2e-rejected-${randomBytes(12).toString('hex')}-distinctive`

test.beforeAll(async () => {
	fake = await startFakeOpenAi({ apiKey: KEY, models: ['fake-model', 'fake-model-large'] })
})
test.afterAll(async () => {
	await fake.close()
})

/** A toast, as react-hot-toast shows it with JavaScript or the server renders it without. */
const toast = (page: Page, text: string | RegExp) =>
	page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first()

/** Every page and .data answer of the Models page the browser received, to search for keys. */
function recordResponses(page: Page) {
	const bodies: Array<{ url: string; body: string }> = []
	page.on('response', async (response) => {
		const url = response.url()
		// Redirects have no body to read; every other answer, refusals included, is searched.
		if (!url.includes('/playground/models') || (response.status() >= 300 && response.status() < 400)) return
		try {
			bodies.push({ url, body: await response.text() })
		} catch {}
	})
	return bodies
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`Models page ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test("the administrator sees the environment's providers and tests one", async ({ page, login }) => {
			await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
			await page.goto('/playground/dashboard')
			await page.getByRole('link', { name: 'Models' }).click()
			await expect(page).toHaveURL(/\/playground\/models$/)
			await expect(page.getByRole('heading', { name: 'Models', level: 2 })).toBeVisible()
			// A page of its own (no welcome header, no tabs: ADR 0051), with the way back to the Dashboard.
			await expect(page.getByRole('navigation', { name: 'Playground' })).toHaveCount(0)
			await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
				'href',
				'/playground/dashboard',
			)

			const chat = page.getByTestId('provider-chat')
			await expect(chat).toContainText(
				'Nothing set in the environment: the server’s default is the built-in offline model',
			)
			await expect(chat.getByTestId('environment-chat')).toHaveCount(0)

			const speechToText = page.getByTestId('environment-transcription')
			await expect(speechToText).toContainText('OpenAI-compatible server')
			await expect(speechToText).toContainText('whisper-large-v3-turbo')
			await expect(speechToText).toContainText("From the server's environment (read-only)")
			await speechToText.getByRole('button', { name: 'Test Speech-to-text' }).click()
			const result = speechToText.getByTestId('test-result')
			await expect(result).toHaveAttribute('data-outcome', 'reached')
			await expect(result).toContainText(
				/Reached OpenAI-compatible server in \d+ ms: whisper-large-v3-turbo transcribed a test sound\./,
			)
			await expect(result).toContainText('2 models offered')
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
			// The key is in no HTML the browser got.
			expect(await page.content()).not.toContain(TRANSCRIBE_KEY)
		})

		test('the administrator connects a provider, tests it, changes its key and removes it; the key reaches no browser and no log', async ({
			page,
			login,
		}) => {
			// The whole round: connect, test, change, test, remove, each a post and a page.
			test.slow()
			const bodies = recordResponses(page)
			const admin = await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
			const name = `Local fake ${javaScriptEnabled ? 'js' : 'html'}`
			await page.goto('/playground/models')
			const chat = page.getByTestId('provider-chat')

			// A wrong address first: the form says why and does not send the key back.
			await chat.locator('summary', { hasText: 'Connect a provider' }).click()
			const form = chat.getByRole('form', { name: 'Connect a provider for written answers' })
			await form.getByLabel('Provider').selectOption({ label: 'OpenAI-compatible server' })
			await expect(form.getByLabel('Server address (base URL)')).toBeVisible()
			await expect(form).toContainText('Ollama: http://localhost:11434/v1')
			await form.getByLabel('Server address (base URL)').fill('javascript:alert(1)')
			await form.getByLabel('Name (optional)').fill(name)
			await form.getByLabel('API key').fill(REJECTED_KEY)
			await expect(form.getByLabel('API key')).toHaveAttribute('type', 'password')
			await expect(form.getByLabel('API key')).toHaveAttribute('autocomplete', 'off')
			await form.getByRole('button', { name: 'Connect and test' }).click()
			const baseUrl = form.getByLabel('Server address (base URL)')
			await expect(baseUrl).toHaveAttribute('aria-invalid', 'true')
			await expect(form).toContainText('Enter the address as http:// or https:// followed by the host')
			await expect(toast(page, 'Provider not connected')).toBeVisible()
			// What was typed comes back, the key does not.
			await expect(form.getByLabel('Name (optional)')).toHaveValue(name)
			if (!javaScriptEnabled) await expect(form.getByLabel('API key')).toHaveValue('')

			// Now right: stored, tested at once, its models listed.
			await baseUrl.fill(fake.baseURL)
			await form.getByLabel('API key').fill(KEY)
			await form.getByLabel('Model (optional)').fill('fake-model')
			await form.getByRole('button', { name: 'Connect and test' }).click()
			await expect(toast(page, 'Provider connected')).toBeVisible()
			const card = chat.getByTestId('connection').filter({ hasText: name })
			await expect(card).toBeVisible()
			await expect(card).toContainText('OpenAI-compatible server')
			await expect(card).toContainText(fake.baseURL)
			await expect(card.getByTestId('key-hint')).toHaveText(`${KEY.slice(0, 4)}…${KEY.slice(-4)}`)
			const result = card.getByTestId('test-result')
			await expect(result).toHaveAttribute('data-outcome', 'reached')
			await expect(result).toContainText(/Reached OpenAI-compatible server in \d+ ms: fake-model answered\./)
			await expect(result).toContainText('Tested just now')
			await expect(card.getByTestId('offered-models')).toContainText('2 models offered')
			// The connect form starts afresh: the key typed is gone from it.
			await expect(chat.getByLabel('API key', { exact: true })).toHaveValue('')
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
			// A phone of 320 px: the cards, their addresses and the open form fit without sideways scrolling.
			await page.setViewportSize({ width: 320, height: 800 })
			await chat.locator('summary', { hasText: 'Connect a provider' }).click()
			expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
			await page.setViewportSize({ width: 1280, height: 720 })

			// Test again by its button.
			await card.getByRole('button', { name: `Test ${name}` }).click()
			await expect(toast(page, 'Test passed')).toBeVisible()
			await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'reached')

			// A wrong key: saved (the model is chosen from the offered ones), then refused in words.
			await card.locator('summary', { hasText: 'Change' }).click()
			const model = card.getByLabel('Model', { exact: true })
			await expect(model).toHaveValue('fake-model')
			await model.selectOption('fake-model-large')
			await card.getByLabel('New API key').fill(WRONG_KEY)
			await card.getByRole('button', { name: 'Save changes' }).click()
			await expect(toast(page, 'Connection saved')).toBeVisible()
			await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'none')
			await expect(card.getByTestId('key-hint')).toHaveText(`${WRONG_KEY.slice(0, 4)}…${WRONG_KEY.slice(-4)}`)
			await card.getByRole('button', { name: `Test ${name}` }).click()
			await expect(card.getByTestId('test-result')).toHaveAttribute('data-outcome', 'refused-key')
			await expect(card.getByTestId('test-result')).toContainText('The provider refused the key (HTTP 401).')
			await expect(toast(page, 'Test failed')).toBeVisible()

			// Remove asks first, and says who goes back to the server's default.
			const [{ id: connectionId }] = await sql<{ id: string }>(`SELECT id FROM model_connections WHERE name = $1`, [
				name,
			])
			const [{ id: chatbotId }] = await sql<{ id: string }>(
				`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, answer_model, model_connection_id, model_name)
				 SELECT id, 'Uses the fake', '', '', 'connection', $2, 'fake-model' FROM users WHERE email = $1 RETURNING id`,
				[admin.email, connectionId],
			)
			await page.reload()
			await card.getByRole('link', { name: `Remove ${name}` }).click()
			await expect(page).toHaveURL(new RegExp(`\\?remove=${connectionId}#connection-${connectionId}$`))
			const confirmation = card.getByRole('alertdialog')
			await expect(confirmation.locator('p')).toHaveText(
				`Remove “${name}”? 1 chatbot uses it and will go back to the server’s default. This cannot be undone.`,
			)
			// Focused when it opens in place (a page without JavaScript gets no autofocus from React's HTML).
			if (javaScriptEnabled) await expect(confirmation.getByRole('button', { name: 'Remove' })).toBeFocused()
			// "Keep it" keeps it; asked again, Remove removes it.
			await confirmation.getByRole('link', { name: 'Keep it' }).click()
			await expect(confirmation).toHaveCount(0)
			await expect(card).toHaveCount(1)
			await card.getByRole('link', { name: `Remove ${name}` }).click()
			await confirmation.getByRole('button', { name: 'Remove' }).click()
			await expect(toast(page, 'Connection removed')).toBeVisible()
			await expect(card).toHaveCount(0)
			const [chatbot] = await sql<{ answer_model: string; model_connection_id: string | null }>(
				`SELECT answer_model, model_connection_id FROM chatbots WHERE id = $1`,
				[chatbotId],
			)
			expect(chatbot).toEqual({ answer_model: 'default', model_connection_id: null })
			await sql(`DELETE FROM chatbots WHERE id = $1`, [chatbotId])

			// No key in any page or .data the browser got, nor in any server log line; the log does
			// carry the changes (so it was searched), with the key's ends only.
			expect(bodies.length).toBeGreaterThan(javaScriptEnabled ? 5 : 3)
			expect(bodies.some((b) => b.url.includes('.data'))).toBe(javaScriptEnabled)
			for (const secret of [KEY, WRONG_KEY, REJECTED_KEY]) {
				for (const { url, body } of bodies) expect(body, url).not.toContain(secret)
				expect(await page.content()).not.toContain(secret)
			}
			const log = serverLog()
			expect(log).toContain(`Models: ${ADMIN_EMAIL} connected chat provider “${name}”`)
			expect(log).toContain(`Models: ${ADMIN_EMAIL} removed chat provider “${name}”`)
			// One assertion over every line: an expect per line (the log holds every spec's requests, tens of
			// thousands of lines in CI) took minutes.
			const secrets = [KEY, WRONG_KEY, REJECTED_KEY]
			expect(log.split('\n').filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([])
		})
	})
}

test("the page's data never carries a key, stored or from the environment", async ({ request }) => {
	const admin = await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const cookie = await sessionCookieFor(request, admin.email, admin.password)
	const origin = { Cookie: cookie, Origin: test.info().project.use.baseURL! }
	const name = `Data check ${randomBytes(4).toString('hex')}`
	const connected = await request.post('/playground/models', {
		headers: origin,
		form: {
			intent: 'connect',
			purpose: 'chat',
			provider: 'openai-compatible',
			baseUrl: fake.baseURL,
			apiKey: KEY,
			name,
		},
		maxRedirects: 0,
	})
	expect(connected.status()).toBe(302)
	const response = await request.get('/playground/models.data', { headers: { Cookie: cookie } })
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toBe('private, no-store')
	const body = await response.text()
	expect(body).toContain('OpenAI-compatible server')
	expect(body).toContain(name)
	expect(body).not.toContain(TRANSCRIBE_KEY)
	expect(body).not.toContain(KEY)
	// At rest, the key is sealed: the row holds neither it nor any part longer than its ends.
	const [row] = await sql<{ id: string; sealed_key: string; key_hint: string }>(
		`SELECT id, sealed_key, key_hint FROM model_connections WHERE name = $1`,
		[name],
	)
	expect(row.sealed_key).not.toContain(KEY.slice(4, -4))
	expect(row.key_hint).toBe(`${KEY.slice(0, 4)}…${KEY.slice(-4)}`)
	const removed = await request.post('/playground/models', {
		headers: origin,
		form: { intent: 'remove', connectionId: row.id },
		maxRedirects: 0,
	})
	expect(removed.status()).toBe(302)
})

// The administrator's Models page: the providers set in the server's environment (the e2e server's
// speech-to-text is the local fake OpenAI-compatible server; chat stays on the offline model), each
// tested in one click with the result in words, with and without JavaScript. The key never reaches
// the browser. Anyone else gets 403 (tests/e2e/authorization.spec.ts has the table).
import { ADMIN_EMAIL, createUser, expect, sessionCookieFor, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

// The administrator's account is shared: one test after another.
test.describe.configure({ mode: 'default' })

/** TRANSCRIBE_API_KEY of the e2e server (playwright.config.ts). */
const TRANSCRIBE_KEY = 'e2e-key'

for (const javaScriptEnabled of [true, false]) {
	test.describe(`Models page ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('the administrator sees each provider and tests one', async ({ page, login }) => {
			await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
			await page.goto('/playground/dashboard')
			await page.getByRole('link', { name: 'Models' }).click()
			await expect(page).toHaveURL(/\/playground\/models$/)
			await expect(page.getByRole('heading', { name: 'Models', level: 2 })).toBeVisible()
			// The Dashboard tab stays current: the page is the administrator's.
			await expect(
				page.getByRole('navigation', { name: 'Playground' }).getByRole('link', { name: 'Dashboard' }),
			).toHaveAttribute('aria-current', 'page')

			const chat = page.getByTestId('provider-chat')
			await expect(chat).toContainText('Not connected: the built-in offline model answers by quoting your sources.')
			await expect(chat.getByRole('button')).toHaveCount(0)

			const speechToText = page.getByTestId('provider-transcription')
			await expect(speechToText).toContainText('OpenAI-compatible server')
			await expect(speechToText).toContainText('whisper-large-v3-turbo')
			await expect(speechToText).toContainText("From the server's environment (read-only)")
			await speechToText.getByRole('button', { name: 'Test Speech-to-text' }).click()
			const result = speechToText.getByTestId('test-result')
			await expect(result).toHaveAttribute('data-outcome', 'reached')
			await expect(result).toContainText(
				/Reached OpenAI-compatible server in \d+ ms: whisper-large-v3-turbo is offered\./,
			)
			await expect(result).toContainText('2 models offered')
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
			// The key is in no HTML the browser got.
			expect(await page.content()).not.toContain(TRANSCRIBE_KEY)
		})
	})
}

test('a user who is not the administrator gets 403 for the page, its data and its test', async ({ request }) => {
	const user = await createUser()
	const cookie = await sessionCookieFor(request, user.email, user.password)
	for (const path of ['/playground/models', '/playground/models.data']) {
		const response = await request.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 })
		expect(response.status(), path).toBe(403)
		expect(await response.text(), path).not.toContain('OpenAI-compatible server')
	}
	const posted = await request.post('/playground/models', {
		headers: { Cookie: cookie, Origin: test.info().project.use.baseURL! },
		form: { intent: 'test', purpose: 'transcription' },
		maxRedirects: 0,
	})
	expect(posted.status()).toBe(403)
})

test("the page's data never carries the key", async ({ request }) => {
	const admin = await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const cookie = await sessionCookieFor(request, admin.email, admin.password)
	const response = await request.get('/playground/models.data', { headers: { Cookie: cookie } })
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toBe('private, no-store')
	const body = await response.text()
	expect(body).toContain('OpenAI-compatible server')
	expect(body).not.toContain(TRANSCRIBE_KEY)
})

import { expect, test } from './fixtures.ts'
import { openLauncher } from './helpers.ts'

const APOLOGY = "I'm sorry, I'm experiencing technical difficulties. Please try again later."

test.describe('chat widget', () => {
	test('greeting, send with Enter, typing dots, progressive reply, input locked while streaming', async ({ page }) => {
		// Hold the answer back so the waiting state can be seen (600 ms was too short on the busy CI machine).
		await page.route('**/api/chat', async (route) => {
			await new Promise((r) => setTimeout(r, 2000)) // long enough to see on a busy machine
			await route.continue()
		})
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await expect(dialog).toBeVisible()
		await expect(dialog.getByText("Hi! I'm Riya")).toBeVisible()
		await expect(dialog.getByText('Offline assistant')).toBeVisible()

		const input = dialog.getByRole('textbox', { name: 'Type your message' })
		const send = dialog.getByRole('button', { name: 'Send message' })
		await expect(send).toBeDisabled() // empty
		await input.fill('   ')
		await expect(send).toBeDisabled() // whitespace only

		// Record every length the reply passes through, to prove it streams in rather than arriving whole.
		await page.evaluate(() => {
			const lengths: number[] = []
			;(window as unknown as { __replyLengths: number[] }).__replyLengths = lengths
			const log = document.querySelector('[role="log"]')!
			new MutationObserver(() => {
				const replies = log.querySelectorAll('[data-role="assistant"]')
				const length = replies[replies.length - 1]?.textContent?.length ?? 0
				if (replies.length > 1 && length !== lengths.at(-1)) lengths.push(length)
			}).observe(log, { subtree: true, childList: true, characterData: true })
		})
		await input.fill('When is the workshop?')
		await input.press('Enter')
		await expect(dialog.locator('[data-role="user"]')).toHaveText(/When is the workshop\?/)
		await expect(dialog.getByTestId('typing-indicator')).toBeVisible()
		await expect(input).toBeDisabled()
		await expect(send).toBeDisabled()

		const reply = dialog.locator('[data-role="assistant"]').last()
		await expect(reply).toContainText('Workshop')
		await expect(dialog.getByTestId('typing-indicator')).toBeHidden()
		await expect(reply).toContainText('Saturday, 7-8 PM IST')
		await expect(input).toBeEnabled()
		const lengths = await page.evaluate(() => (window as unknown as { __replyLengths: number[] }).__replyLengths)
		expect(lengths.length).toBeGreaterThan(3) // many partial states on the way
		expect([...lengths].sort((a, b) => a - b)).toEqual(lengths) // only ever growing
		await expect(input).toBeFocused()
	})

	test('a question the site does not answer: an honest reply with the consultation link', async ({ page }) => {
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('Who is your CEO?')
		await dialog.getByRole('textbox', { name: 'Type your message' }).press('Enter')
		const reply = dialog.locator('[data-role="assistant"]').last()
		await expect(reply).toContainText("I don't have that information on our website.")
		const link = reply.getByRole('link', { name: 'https://cal.com/zenvora-ai/free-consultation' })
		await expect(link).toHaveAttribute('href', 'https://cal.com/zenvora-ai/free-consultation')
		await expect(link).toHaveAttribute('target', '_blank')
	})

	test('Shift+Enter makes a new line instead of sending', async ({ page }) => {
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		const input = dialog.getByRole('textbox', { name: 'Type your message' })
		await input.fill('First line')
		await input.press('Shift+Enter')
		await input.pressSequentially('second line')
		await expect(input).toHaveValue('First line\nsecond line')
		await expect(dialog.locator('[data-role="user"]')).toHaveCount(0)
	})

	test('any provider failure turns the reply into the apology', async ({ page }) => {
		await page.route('**/api/chat', (route) =>
			route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
		)
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('Hello?')
		await dialog.getByRole('button', { name: 'Send message' }).click()
		await expect(dialog.locator('[data-role="assistant"]').last()).toHaveText(
			new RegExp(APOLOGY.replace(/[.?]/g, '\\$&')),
		)
		await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeEnabled()
	})

	test('a failure in the middle of the stream also ends in the apology', async ({ page }) => {
		await page.route('**/api/chat', (route) =>
			route.fulfill({
				status: 200,
				contentType: 'text/event-stream',
				headers: { 'x-vercel-ai-ui-message-stream': 'v1' },
				body: [
					'data: {"type":"start"}',
					'data: {"type":"text-start","id":"a"}',
					'data: {"type":"text-delta","id":"a","delta":"Half an ans"}',
					`data: {"type":"error","errorText":${JSON.stringify(APOLOGY)}}`,
					'',
				].join('\n\n'),
			}),
		)
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('Tell me more')
		await dialog.getByRole('textbox', { name: 'Type your message' }).press('Enter')
		const last = dialog.locator('[data-role="assistant"]').last()
		await expect(last).toContainText(APOLOGY)
		await expect(last).not.toContainText('Half an ans')
	})

	test('the conversation survives a reload in the same tab', async ({ page }) => {
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('What services do you offer?')
		await dialog.getByRole('textbox', { name: 'Type your message' }).press('Enter')
		await expect(dialog.locator('[data-role="assistant"]').last()).toContainText('AI Chatbots')
		await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeEnabled()
		// The dialog stores the conversation once the reply is done (an effect after the render): a
		// reload before that, on a busy machine, found nothing to restore.
		await expect
			.poll(() =>
				page.evaluate(() =>
					Object.values(sessionStorage).some((value) => value.includes('What services do you offer?')),
				),
			)
			.toBe(true)
		await page.reload()
		// The tap lands before the launcher's island is live (islands hydrate on demand): it waits for
		// the island, then the dialog's code loads and restores the conversation. On a loaded CI machine
		// that chain took longer than the default 7 s.
		await openLauncher(page)
		await expect(page.getByRole('dialog').locator('[data-role="user"]')).toHaveText(/What services do you offer\?/, {
			timeout: 20_000,
		})
	})

	test('the hero AI Chat card opens the same chat', async ({ page }) => {
		await page.goto('/')
		await page.getByRole('button', { name: /AI Chat/ }).click()
		await expect(page.getByRole('dialog', { name: 'Chat with Riya' }).getByText("Hi! I'm Riya")).toBeVisible()
	})

	test('the endpoint refuses bad input with clear messages', async ({ request }) => {
		const post = (body: unknown) => request.post('/api/chat', { data: body })
		expect((await post({ messages: [] })).status()).toBe(400)
		const long = await post({
			messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(2001) }] }],
		})
		expect(long.status()).toBe(400)
		expect((await long.json()).error).toBe('Messages are limited to 2000 characters.')
		// The same text split into parts is the same message: refused, not stored 50,000 characters long.
		const split = await post({
			messages: [
				{ id: '1', role: 'user', parts: Array.from({ length: 25 }, () => ({ type: 'text', text: 'x'.repeat(2000) })) },
			],
		})
		expect(split.status()).toBe(400)
		expect((await split.json()).error).toBe('Messages are limited to 2000 characters.')
		const many = Array.from({ length: 31 }, (_, i) => ({
			id: String(i),
			role: i % 2 ? 'assistant' : 'user',
			parts: [{ type: 'text', text: 'hi' }],
		}))
		expect((await (await post({ messages: many })).json()).error).toMatch(/limited to 30 messages/)
		const huge = await request.post('/api/chat', {
			data: 'x'.repeat(70_000),
			headers: { 'content-type': 'application/json' },
		})
		expect(huge.status()).toBe(413)
		expect(
			(await request.post('/api/chat', { data: 'not json', headers: { 'content-type': 'application/json' } })).status(),
		).toBe(400)
	})

	test('public chat is rate limited per client', async ({ request }) => {
		const body = { messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }
		const statuses: number[] = []
		for (let i = 0; i < 31; i++) statuses.push((await request.post('/api/chat', { data: body })).status())
		expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
		expect(statuses[30]).toBe(429)
	})
})

test.describe('chat without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the launcher leads to a page where a form gets an answer', async ({ page }) => {
		await page.goto('/career')
		await page.getByRole('link', { name: 'Chat with us' }).click()
		await expect(page).toHaveURL(/\/chat$/)
		await expect(page.getByText("Hi! I'm Riya")).toBeVisible()
		await page.getByLabel('Type your message').fill('When is the workshop?')
		await page.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('list', { name: 'Conversation' }).getByText('When is the workshop?')).toBeVisible()
		await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Saturday, 7-8 PM IST')
		// The conversation continues on the next question.
		await page.getByLabel('Type your message').fill('What services do you offer?')
		await page.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('list', { name: 'Conversation' }).getByText('When is the workshop?')).toBeVisible()
		await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('AI Chatbots')
	})
})

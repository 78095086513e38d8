// The Playground as an app: a workspace per chatbot (knowledge and settings beside a live preview),
// and no page or state that overflows a phone or loses a control, with long names and many items.
import type { Page } from '@playwright/test'
import { createUser, expect, loginAs, sql, test, uniqueEmail } from './fixtures.ts'
import { expectNoSeriousA11yViolations, expectTextIndexed } from './helpers.ts'

for (const javaScriptEnabled of [true, false]) {
	test.describe(`chatbot workspace ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('create a chatbot, land on its page, edit it while the preview answers, return to the list', async ({
			page,
			login,
		}) => {
			test.slow() // a whole user journey
			await login({ email: uniqueEmail('workspace') })
			await page.goto('/playground?new')
			await page.getByLabel('Knowledge Base Content').fill('Our Pune office opens at 8:15 am on weekdays.')
			await page.getByLabel('Chatbot Name').fill('Desk Bot')
			await page.getByRole('button', { name: 'Create Chatbot' }).click()
			await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
			await expect(page.getByText('Chatbot created!')).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Desk Bot', level: 2 })).toBeVisible()
			const pageUrl = page.url()
			// The text is indexed by a job within moments; the page shows when it is Ready.
			await expectTextIndexed(page)

			await askPreview(page, javaScriptEnabled, 'When does the Pune office open?', '8:15 am')

			await page.getByLabel('Knowledge Base Content').fill('Our Pune office opens at 9:30 am on weekdays now.')
			await page.getByLabel('Chatbot Name').fill('Desk Bot Two')
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(page.getByText('Chatbot updated')).toBeVisible()
			expect(page.url()).toBe(pageUrl)
			await expect(page.getByRole('heading', { name: 'Desk Bot Two', level: 2 })).toBeVisible()
			await expectTextIndexed(page)
			await askPreview(page, javaScriptEnabled, 'When does the Pune office open?', '9:30 am')

			await page.getByRole('link', { name: 'Your Chatbots' }).click()
			await expect(page).toHaveURL(/\/playground$/)
			await expect(page.getByTestId('chatbot-card').filter({ hasText: 'Desk Bot Two' })).toBeVisible()
		})
	})
}

/** Asks the live preview beside the settings (or, without JavaScript, its page) and waits for the answer. */
async function askPreview(page: Page, javaScriptEnabled: boolean, question: string, answer: string) {
	if (javaScriptEnabled) {
		const preview = page.getByRole('region', { name: 'Live preview' })
		await preview.getByLabel('Ask your chatbot a question').fill(question)
		await preview.getByLabel('Ask your chatbot a question').press('Enter')
		await expect(preview.locator('[data-role="assistant"]').last()).toContainText(answer, { timeout: 10_000 })
		return
	}
	const back = page.url()
	await page.getByRole('link', { name: 'Open the preview' }).click()
	await page.getByLabel('Ask your chatbot a question').fill(question)
	await page.getByRole('button', { name: 'Send', exact: true }).click()
	await expect(page.getByRole('list', { name: 'Conversation' })).toContainText(answer)
	await page.goto(back)
}

test('Cancel with knowledge that is not saved asks before discarding it', async ({ page, login }) => {
	await login()
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill('Half-written notes')
	await page.getByRole('link', { name: 'Cancel' }).click()
	const question = page.getByRole('alertdialog', { name: 'Discard the knowledge you added? It has not been saved.' })
	await expect(question).toBeVisible()
	await question.getByRole('button', { name: 'Keep editing' }).click()
	await expect(page.getByLabel('Knowledge Base Content')).toHaveValue('Half-written notes')
	await page.getByRole('link', { name: 'Cancel' }).click()
	await page.getByRole('link', { name: 'Discard' }).click()
	await expect(page).toHaveURL(/\/playground$/)
})

// One test per width (run in order, each with its own time budget): a dozen pages at four widths,
// with axe on each at 360 px, no longer fits one test's budget on a busy 2-core CI machine.
test.describe('every Playground page fits from 320 px up, with long names and many items, and passes axe', () => {
	test.describe.configure({ mode: 'serial' })
	const long = 'Customer Support Assistant for the Jaipur, Pune and Chennai Studios'
	const admin = { email: 'admin@e2e.example.com', fullName: `Administrator with a long name ${'x'.repeat(30)}` }
	let paths: string[] = []

	test.beforeAll(async () => {
		await createUser(admin)
		const [user] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [admin.email])
		await sql(`DELETE FROM chatbots WHERE user_id = $1`, [user.id])
		await sql(`DELETE FROM agents WHERE user_id = $1`, [user.id])
		const bots = await sql<{ id: string }>(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, embed_code)
			 SELECT $1, $2 || ' ' || i, 'Hours: 9 to 5.', 'Be brief.', '<script src="http://localhost/embed.js" data-chatbot-id="x" async></script>'
			 FROM generate_series(1, 7) AS i RETURNING id`,
			[user.id, long],
		)
		const agents = await sql<{ id: string }>(
			`INSERT INTO agents (user_id, name, description, instructions, first_message)
			 SELECT $1, $2 || ' line ' || i, 'Answers calls for all our clinics, with a description that is long too.', 'Be brief.', 'Hi!'
			 FROM generate_series(1, 5) AS i RETURNING id`,
			[user.id, long],
		)
		await sql(
			`INSERT INTO call_logs (customer_name, customer_email, call_status, agent_id, inquiry_details)
			 VALUES ($1, $2, 'completed', $3, $4)`,
			[long, `${'very.long.address'.repeat(4)}@example-with-a-long-domain.com`, agents[0].id, long.repeat(3)],
		)
		paths = [
			'/playground',
			`/playground?delete=${bots[0].id}`,
			`/playground?embed=${bots[0].id}`,
			'/playground?new',
			`/playground/chatbots/${bots[0].id}?delete`,
			'/playground/voicebots',
			'/playground/voicebots?new',
			`/playground/voicebots?delete=${agents[0].id}`,
			`/playground/voicebots?api=${agents[0].id}`,
			`/playground/voicebots/${agents[0].id}`,
			'/playground/account',
			'/playground/dashboard',
		]
	})

	for (const width of [320, 360, 768, 1440]) {
		test(`at ${width} px`, async ({ page }) => {
			// At 360 px a dozen pages also get an axe scan: it took 1.6 min once on the busy CI machine.
			test.setTimeout(width === 360 ? 180_000 : 90_000)
			await loginAs(page, admin)
			await page.setViewportSize({ width, height: 900 })
			for (const path of paths) {
				await page.goto(path)
				const sizes = await page.evaluate(() => ({
					scrollWidth: document.documentElement.scrollWidth,
					innerWidth: window.innerWidth,
				}))
				expect(sizes.scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth)
				if (width === 360) await expectNoSeriousA11yViolations(page)
			}
		})
	}
})

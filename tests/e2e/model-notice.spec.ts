// Issue 28: the owner always knows what is answering. With no model key the offline model answers,
// and the chatbot page's preview, the preview page, the voice test and the fields that shape the
// answers say so, with and without JavaScript; the conversation log names the model of each reply.
import { expect, sql, test, uniqueEmail } from './fixtures.ts'
import { createShopChatbot, expectNoSeriousA11yViolations } from './helpers.ts'

const OFFLINE = 'Offline model — quotes your sources; connect a model for written answers'

for (const javaScriptEnabled of [true, false]) {
	test.describe(`the model notice ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('the chatbot page, its preview and the voice test say the offline model answers, and how to connect one', async ({
			page,
			login,
		}) => {
			test.slow() // a chatbot and a voice assistant, each with its page
			await login({ email: uniqueEmail('model-notice') })
			const id = await createShopChatbot(page, 'Notice Shop')

			const preview = page.getByRole('region', { name: 'Live preview' })
			const notice = preview.getByRole('note')
			await expect(notice).toContainText(OFFLINE)
			// How to connect one, in a disclosure that opens without scripts.
			await notice.getByText('How to connect a model').click()
			await expect(notice).toContainText('set GROQ_API_KEY')
			await expect(page.getByText('A connected model follows these.')).toBeVisible()
			// axe runs in the page: with JavaScript only (the markup is the same without).
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)

			// The preview as a page (the no-JavaScript preview).
			await page.goto(`/playground/chatbots/${id}/preview`)
			await expect(page.getByRole('note')).toContainText(OFFLINE)
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)

			await page.goto('/playground/voicebots?new')
			await expect(page.getByText('A connected model follows these.')).toBeVisible()
			await page.getByLabel('Assistant Name').fill('Notice Desk')
			await page.getByLabel('Description').fill('We are open from 9 am to 6 pm on weekdays.')
			await page.getByLabel('Instructions').fill('Be brief.')
			await page.getByRole('button', { name: 'Create Assistant' }).click()
			await expect(page).toHaveURL(/\/playground\/voicebots\/[0-9a-f-]{36}$/)
			const voiceTest = page.getByRole('region', { name: 'Voice test' })
			await expect(voiceTest.getByTestId('model-notice')).toContainText(OFFLINE)
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
		})
	})
}

test('the conversation log names the model that wrote each reply', async ({ page, login }) => {
	test.slow() // a chatbot, two preview questions, then its conversation
	await login({ email: uniqueEmail('model-log') })
	const id = await createShopChatbot(page, 'Logged Shop')
	const preview = page.getByRole('region', { name: 'Live preview' })
	const input = preview.getByLabel('Ask your chatbot a question')
	for (const question of ['How long does delivery take?', 'Do you gift wrap orders?']) {
		await input.fill(question)
		await input.press('Enter')
		await expect(preview.locator('[data-role="user"]').last()).toContainText(question)
		await expect(preview.getByRole('textbox')).toBeEnabled({ timeout: 10_000 })
	}
	await expect
		.poll(
			async () =>
				(
					await sql(
						`SELECT count(*)::int AS n FROM chatbot_messages WHERE chatbot_id = $1 AND role = 'assistant' AND model IS NOT NULL`,
						[id],
					)
				)[0].n,
		)
		.toBe(2)
	// As if a model key had been set between the two questions: each reply keeps its own model.
	await sql(
		`UPDATE chatbot_messages SET model = 'Groq llama-3.1-8b-instant'
		 WHERE id = (SELECT id FROM chatbot_messages WHERE chatbot_id = $1 AND role = 'assistant' ORDER BY created_at DESC LIMIT 1)`,
		[id],
	)
	const [{ conversation_id: conversationId }] = await sql<{ conversation_id: string }>(
		`SELECT conversation_id FROM chatbot_messages WHERE chatbot_id = $1 LIMIT 1`,
		[id],
	)
	await page.goto(`/playground/chatbots/${id}/conversations/${conversationId}`)
	await expect(page.getByTestId('answer-model')).toHaveText([
		'Answered by Offline model',
		'Answered by Groq llama-3.1-8b-instant',
	])
	await expectNoSeriousA11yViolations(page)
})

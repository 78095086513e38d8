// A voice assistant's workspace: create it, land on its page, change its settings while the voice
// test answers, see its calls, return to the list; with and without JavaScript.
import { expect, sql, test, uniqueEmail } from './fixtures.ts'

for (const javaScriptEnabled of [true, false]) {
	test.describe(`voice workspace ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('create an assistant, land on its page, edit it while the test answers, return to the list', async ({
			page,
			login,
		}) => {
			test.slow() // a whole user journey
			await login({ email: uniqueEmail('voice-workspace') })
			await page.goto('/playground/voicebots?new')
			await page.getByLabel('Assistant Name').fill('Desk Line')
			await page.getByLabel('Description').fill('We are open from 9 am to 6 pm on weekdays.')
			await page.getByLabel('Instructions').fill('Be brief.')
			await page.getByRole('button', { name: 'Create Assistant' }).click()
			await expect(page).toHaveURL(/\/playground\/voicebots\/[0-9a-f-]{36}$/)
			await expect(page.getByText('Voice assistant created!')).toBeVisible()
			await expect(page.getByRole('heading', { name: 'Desk Line', level: 2 })).toBeVisible()
			const pageUrl = page.url()
			const panel = page.getByRole('region', { name: 'Voice test' })

			if (javaScriptEnabled) {
				await panel.getByRole('button', { name: 'Start conversation' }).click()
				await panel.getByLabel('Or type your message').fill('When are you open?')
				await panel.getByLabel('Or type your message').press('Enter')
				await expect(panel.locator('[data-role="assistant"]').last()).toContainText('9 am to 6 pm')
			} else {
				await expect(panel).toContainText('needs JavaScript')
			}

			await page.getByLabel('Description').fill('We are open from 10 am to 7 pm on weekdays now.')
			await page.getByLabel('Assistant Name').fill('Desk Line Two')
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(page.getByText('Voice assistant updated')).toBeVisible()
			expect(page.url()).toBe(pageUrl)
			await expect(page.getByRole('heading', { name: 'Desk Line Two', level: 2 })).toBeVisible()

			if (javaScriptEnabled) {
				await panel.getByRole('button', { name: 'Start conversation' }).click()
				await panel.getByLabel('Or type your message').fill('When are you open?')
				await panel.getByLabel('Or type your message').press('Enter')
				await expect(panel.locator('[data-role="assistant"]').last()).toContainText('10 am to 7 pm')
				await panel.getByRole('button', { name: 'End conversation' }).click()
				// Its calls are listed in its Calls section, a tab with its own address.
				await page.getByRole('navigation', { name: 'Assistant sections' }).getByRole('link', { name: 'Calls' }).click()
				await expect(page).toHaveURL(`${pageUrl}/calls`)
				await expect(page.getByTestId('agent-calls').getByRole('listitem')).toHaveCount(2)
				// Each call names the model that answered it (issue 28).
				await expect(page.getByTestId('call-model')).toHaveText([
					'Answered by Offline model',
					'Answered by Offline model',
				])
			} else {
				const id = pageUrl.split('/').at(-1)!
				expect(await sql(`SELECT name FROM agents WHERE id = $1`, [id])).toEqual([{ name: 'Desk Line Two' }])
			}

			await page.getByRole('link', { name: 'Your Voice Assistants' }).click()
			await expect(page).toHaveURL(/\/playground\/voicebots$/)
			await expect(page.getByTestId('agent-card').filter({ hasText: 'Desk Line Two' })).toBeVisible()
		})
	})
}

// A voice assistant's workspace: create it, land on its page, change its settings while the voice
// test answers, see its calls, return to the list; with and without JavaScript.
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail, useSessionIn } from './fixtures.ts'
import { expectCallLatency, expectNoSeriousA11yViolations, LATENCY_TURNS } from './helpers.ts'

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

test("the Calls section shows each call's median first audio, its turns' latency and the caller's details in full, without JavaScript", async ({
	browser,
	baseURL,
}, testInfo) => {
	const { email } = await createUser({ email: uniqueEmail('voice-calls-latency') })
	const [user] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])
	const [agent] = await sql<{ id: string }>(
		`INSERT INTO agents (user_id, name, instructions, first_message) VALUES ($1, 'Timed Desk', 'Be brief.', 'Hi!') RETURNING id`,
		[user.id],
	)
	const call = async (name: string | null, inquiry: string | null = null) =>
		(
			await sql<{ id: string }>(
				`INSERT INTO call_logs (agent_id, agent_name, customer_name, call_status, call_duration, inquiry_details)
				 VALUES ($1, 'Timed Desk', $2, 'completed', 60, $3) RETURNING id`,
				[agent.id, name, inquiry],
			)
		)[0].id
	const timed = await call('Timed Caller')
	for (const [i, [heard, reply, timings]] of LATENCY_TURNS.entries())
		await sql(
			`INSERT INTO voice_messages (conversation_id, client_message_id, heard, reply, timings, created_at)
			 VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 second')`,
			[timed, `m${i}`, heard, reply, JSON.stringify(timings), i],
		)
	await call('Untimed Caller')
	// A caller who gave no name but a number, an address and a long question: the owner reads it all.
	const inquiry = [
		'The caller asked: “Can you bake a three-tier eggless wedding cake for two hundred guests on the 14th of December?”.',
		'Phone: 98765 43210',
		'Email: guest.with.a.long.address@example.com',
		'Asked: Can you bake a three-tier eggless wedding cake for two hundred guests on the 14th of December?',
	].join('\n')
	await call(null, inquiry)
	const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 800 } })
	await useSessionIn(context, baseURL!, await sessionCookieDirect(email))
	const page = await context.newPage()
	await page.goto(`/playground/voicebots/${agent.id}/calls`)
	const row = page.getByTestId('agent-calls').getByRole('listitem').filter({ hasText: 'Timed Caller' })
	await expect(row.getByTestId('median-latency')).toHaveText(/First audio\s*1\.2 s/)
	await expectCallLatency(page, row, 360)
	const untimed = page.getByTestId('agent-calls').getByRole('listitem').filter({ hasText: 'Untimed Caller' })
	await expect(untimed.getByTestId('median-latency')).toHaveCount(0)
	await expect(untimed.getByTestId('latency')).toHaveCount(0)
	// The unnamed caller has the dashboard's name for one, and the details show in full, line by line,
	// not cut to one line with the rest in a hover title (invisible on a touch screen).
	const anonymous = page.getByTestId('agent-calls').getByRole('listitem').filter({ hasText: 'Anonymous' })
	await expect(anonymous).toHaveCount(1)
	await expect(page.getByText('Unknown caller')).toHaveCount(0)
	const details = anonymous.getByTestId('inquiry')
	await expect(details).toContainText('Phone: 98765 43210')
	await expect(details).toContainText('Email: guest.with.a.long.address@example.com')
	const shown = await details.evaluate((box) =>
		[box, ...box.querySelectorAll('*')].every((el) => el.scrollWidth <= el.clientWidth && !el.getAttribute('title')),
	)
	expect(shown).toBe(true)
	expect((await details.boundingBox())!.height).toBeGreaterThan(100)
	await page.screenshot({ path: testInfo.outputPath('calls-360.png'), fullPage: true })
	await context.close()
	// Wider, the table (and axe, which needs JavaScript).
	for (const width of [768, 1440]) {
		const scripted = await browser.newContext({ baseURL, viewport: { width, height: 900 } })
		await useSessionIn(scripted, baseURL!, await sessionCookieDirect(email))
		const axePage = await scripted.newPage()
		await axePage.goto(`/playground/voicebots/${agent.id}/calls`)
		const wideRow = axePage.getByTestId('agent-calls').getByRole('listitem').filter({ hasText: 'Timed Caller' })
		await expectCallLatency(axePage, wideRow, width)
		await expectNoSeriousA11yViolations(axePage, '[data-testid="agent-calls"]')
		await axePage.screenshot({ path: testInfo.outputPath(`calls-${width}.png`), fullPage: true })
		await scripted.close()
	}
})

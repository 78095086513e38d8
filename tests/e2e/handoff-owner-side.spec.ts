import type { Browser, FrameLocator, Page } from '@playwright/test'
// The owner's side of a handoff, after a first-time user's trial (ADR 0073): the Leads page says
// truly where leads come from when the lead form is off and fits every width (cards on a phone, a
// table whose Delete is in sight on a wide screen); a held conversation the visitor wrote in since
// the owner looked is marked unread until opened; the person has one name in the log, live and after
// a reload, as the visitor saw it; the handoff settings' toast is named as the other settings' are.
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail, useSessionIn } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'
import { E2E_EMBED_HOST_PORT } from './ports.ts'

const SITE = `http://127.0.0.1:${E2E_EMBED_HOST_PORT}`
const randomAddress = (prefix: string) =>
	`${prefix}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

async function ownerPage(browser: Browser, baseURL: string, email: string, width = 1280) {
	const context = await browser.newContext({
		baseURL,
		viewport: { width, height: 900 },
		extraHTTPHeaders: { 'X-Forwarded-For': randomAddress('10.87') },
	})
	await useSessionIn(context, baseURL, await sessionCookieDirect(email))
	return context.newPage()
}

async function chatbotOf(email: string, name: string, handoff: object) {
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, handoff)
		 SELECT id, $2, 'We deliver in three to five working days.', 'Help.', $3::jsonb
		 FROM users WHERE email = $1 RETURNING id`,
		[email, name, JSON.stringify(handoff)],
	)
	return id
}

async function visitorSends(chat: FrameLocator, text: string) {
	const composer = chat.getByRole('textbox', { name: /Ask .* a question|Message / })
	await composer.fill(text)
	await composer.press('Enter')
}

/** Nothing wider than the window, and the element fully inside the window and its scroller. */
async function expectFits(page: Page, width: number) {
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
	const table = page.getByTestId('leads-table')
	const overflow = await table.evaluate((element) => {
		const box = element.parentElement!
		return box.scrollWidth - box.clientWidth
	})
	expect(overflow).toBeLessThanOrEqual(0)
	for (const button of await page.getByRole('link', { name: /^Delete the lead/ }).all()) {
		const box = (await button.boundingBox())!
		expect(box.x).toBeGreaterThanOrEqual(0)
		expect(box.x + box.width).toBeLessThanOrEqual(width)
	}
}

test('Leads: with the lead form off the notice says leads come from visitors who asked for a person, and the list fits 320 to 1440 px', async ({
	browser,
	baseURL,
}) => {
	const { email } = await createUser({ email: uniqueEmail('leads-layout'), fullName: 'Asha Verma' })
	const id = await chatbotOf(email, 'Notice Shop', { enabled: true, waitSeconds: 60 })
	const [{ id: conversationId }] = await sql<{ id: string }>(
		`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id) VALUES ($1, 'client-000000001', 'visitor-00000001') RETURNING id`,
		[id],
	)
	// The visitor nobody joined left their details (the lead form is offered then, whatever its setting);
	// another left a long address and page, as real ones do.
	await sql(
		`INSERT INTO chatbot_leads (chatbot_id, conversation_id, name, email, phone, page_url, created_at) VALUES
		 ($1, $2, 'Kavya Menon', 'kavya@example.com', '+91 98765 43210', 'https://shop.example.com/', now()),
		 ($1, NULL, 'Aravindakshan Subramaniam Iyer', 'aravindakshan.subramaniam.iyer.procurement@very-long-company-domain.example.co.in', '+91 98765 43211',
		  'https://shop.example.com/collections/winter-sale/products/hand-woven-kanchipuram-silk-saree-with-zari-border?variant=4213', now() - interval '1 hour')`,
		[id, conversationId],
	)
	for (const width of [320, 360, 1440, 1920]) {
		const page = await ownerPage(browser, baseURL!, email, width)
		await page.goto(`/playground/chatbots/${id}/leads`)
		await expect(page.getByTestId('lead-form-off')).toHaveText(
			'The lead form is off: leads here come from visitors who asked for a person when nobody was free. Switch the form on for every visitor under Widget on your site.',
		)
		await expect(page.getByTestId('leads-table')).toContainText('kavya@example.com')
		if (width <= 1440) {
			// Cards: no header row, each field named on its line (at 1440 the live preview beside the
			// section leaves it ~51 rem: seven columns wrapped an e-mail a letter a line).
			await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeHidden()
			await expect(page.locator('#lead-' + (await leadId(id, 'Kavya Menon')))).toContainText('E-mailkavya@example.com')
		} else {
			await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeVisible()
		}
		await page.screenshot({ path: test.info().outputPath(`leads-${width}.png`), fullPage: true })
		await expectFits(page, width)
		if (width >= 1440) await expectNoSeriousA11yViolations(page)
		// Its Delete asks under the lead, in sight.
		await page.getByRole('link', { name: 'Delete the lead Kavya Menon (kavya@example.com)' }).click()
		const confirm = page.getByRole('button', { name: 'Delete lead' })
		await expect(confirm).toBeVisible()
		const box = (await confirm.boundingBox())!
		expect(box.x + box.width).toBeLessThanOrEqual(width)
		await page.screenshot({ path: test.info().outputPath(`leads-${width}-confirm.png`), fullPage: true })
		await page.context().close()
	}

	// With Talk to a person off too, no new leads arrive, and the notice says that.
	await sql(`UPDATE chatbots SET handoff = '{"enabled": false}' WHERE id = $1`, [id])
	const page = await ownerPage(browser, baseURL!, email)
	await page.goto(`/playground/chatbots/${id}/leads`)
	await expect(page.getByTestId('lead-form-off')).toHaveText(
		'The lead form is off, and so is Talk to a person: no new leads arrive. Switch the form on under Widget on your site.',
	)
	await page.context().close()
})

async function leadId(chatbotId: string, name: string) {
	const [{ id }] = await sql<{ id: string }>(`SELECT id FROM chatbot_leads WHERE chatbot_id = $1 AND name = $2`, [
		chatbotId,
		name,
	])
	return id
}

test('a held conversation the visitor wrote in is unread until the owner opens it; the person has one name, live and after a reload', async ({
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000)
	const { email } = await createUser({ email: uniqueEmail('handoff-unread'), fullName: 'Asha Verma' })
	const id = await chatbotOf(email, 'Unread Shop', { enabled: true, waitSeconds: 600 })
	const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': randomAddress('10.88') } })
	const host = await visitor.newPage()
	await host.goto(`${SITE}/?id=${id}`)
	await host.getByRole('button', { name: 'Open chat' }).click()
	const chat = host.frameLocator('iframe[title="Chat"]')
	await chat.getByRole('button', { name: 'Talk to a person' }).click()
	await expect(chat.getByTestId('handoff-status')).toHaveText('Waiting for a person to join…', { timeout: 10_000 })
	const [{ id: conversationId }] = await sql<{ id: string }>(
		`SELECT id FROM chatbot_conversations WHERE chatbot_id = $1`,
		[id],
	)
	const list = `/playground/chatbots/${id}/conversations`
	const owner = await ownerPage(browser, baseURL!, email)
	await owner.goto(`${list}/${conversationId}`)
	await owner.getByRole('button', { name: 'Take over' }).click()
	await expect(chat.getByText('Asha joined the chat')).toBeVisible({ timeout: 10_000 })
	const reply = owner.getByRole('textbox', { name: 'Your reply' })
	await reply.fill('Hello, I can help.')
	await owner.getByRole('button', { name: 'Send' }).click()
	const log = owner.getByTestId('conversation-messages')
	const person = log.locator('[data-author="person"]').first()
	// Live, as the visitor sees them: their first name.
	await expect(person).toContainText('Person: Asha')
	await expect(person).not.toContainText('Verma')
	await expect(chat.getByText('Hello, I can help.')).toBeVisible({ timeout: 10_000 })
	// After a reload, the same name.
	await owner.reload()
	await expect(person).toContainText('Hello, I can help.')
	await expect(person).toContainText('Person: Asha')
	await expect(person).not.toContainText('Verma')

	// The owner goes to the list: nothing unread yet (they saw it all).
	await owner.goto(list)
	const row = owner.getByTestId('handoff-list').getByRole('listitem')
	await expect(row).toHaveCount(1)
	await expect(row.getByTestId('unread')).toHaveCount(0)
	// The visitor writes: the conversation is marked unread, a dot and words for a screen reader.
	await visitorSends(chat, 'Can you check order 4411?')
	await expect(row.getByTestId('unread')).toBeVisible({ timeout: 10_000 })
	await expect(row.getByRole('link')).toHaveAccessibleName(/^New message from the visitor: /)
	// The dot and the title fit a phone and a wide screen alike.
	for (const width of [320, 360, 1440]) {
		await owner.setViewportSize({ width, height: 900 })
		await expect(row.getByTestId('unread')).toBeVisible()
		const dot = (await row.getByTestId('unread').boundingBox())!
		expect(dot.x + dot.width).toBeLessThanOrEqual(width)
		expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
		await owner.screenshot({ path: test.info().outputPath(`unread-${width}.png`) })
	}
	await owner.setViewportSize({ width: 1280, height: 900 })
	// Without JavaScript too, by reload.
	await owner.reload()
	await expect(row.getByTestId('unread')).toBeVisible()
	// Opening it clears it.
	await row.getByRole('link').click()
	await expect(log).toContainText('Can you check order 4411?')
	await owner.goto(list)
	await expect(row).toHaveCount(1)
	await expect(row.getByTestId('unread')).toHaveCount(0)

	// What reaches the owner's open page live is seen too.
	await owner.goto(`${list}/${conversationId}`)
	await visitorSends(chat, 'It was placed on Monday.')
	await expect(log).toContainText('It was placed on Monday.', { timeout: 10_000 })
	await expect
		.poll(
			async () =>
				(
					await sql<{ unread: boolean }>(
						`SELECT owner_seen_at > (SELECT max(created_at) FROM chatbot_messages WHERE conversation_id = $1 AND author = 'visitor') AS unread
						 FROM chatbot_conversations WHERE id = $1`,
						[conversationId],
					)
				)[0].unread,
		)
		.toBe(true)
	await owner.goto(list)
	await expect(row.getByTestId('unread')).toHaveCount(0)
	await owner.context().close()
	await visitor.close()
})

test('the handoff settings are saved with a toast named as the section, with and without JavaScript', async ({
	browser,
	baseURL,
}) => {
	const { email } = await createUser({ email: uniqueEmail('handoff-toast') })
	const id = await chatbotOf(email, 'Toast Shop', { enabled: false })
	for (const javaScriptEnabled of [true, false]) {
		const context = await browser.newContext({ baseURL, javaScriptEnabled })
		await useSessionIn(context, baseURL!, await sessionCookieDirect(email))
		const page = await context.newPage()
		await page.goto(`/playground/chatbots/${id}/settings`)
		const settings = page.getByRole('region', { name: 'Talk to a person' })
		await settings.getByLabel('Visitors can ask for a person').check()
		await settings.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByText('"Talk to a person" saved')).toBeVisible({ timeout: 15_000 })
		await expect(page.getByText('Handoff settings saved')).toHaveCount(0)
		await context.close()
	}
})

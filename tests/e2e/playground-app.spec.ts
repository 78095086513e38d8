// The Playground as an app: a workspace per chatbot (knowledge and settings beside a live preview),
// and no page or state that overflows a phone or loses a control, with long names and many items.
import type { Locator, Page } from '@playwright/test'
import pg from 'pg'
import { createUser, expect, loginAs, signInWithForm, sql, test, uniqueEmail } from './fixtures.ts'
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
			// The text is indexed by a job within moments; the Knowledge section shows when it is Ready.
			await expectTextIndexed(page)
			const pageUrl = page.url()
			expect(new URL(pageUrl).pathname).toMatch(/\/playground\/chatbots\/[0-9a-f-]{36}\/knowledge$/)

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
		const replies = preview.locator('[data-role="assistant"]')
		// The reply to this question, not an earlier one kept in the preview: a failed request then
		// shows as a missing reply (or its error text), never as the old answer.
		const before = await replies.count()
		await preview.getByLabel('Ask your chatbot a question').fill(question)
		await preview.getByLabel('Ask your chatbot a question').press('Enter')
		await expect(replies).toHaveCount(before + 1, { timeout: 10_000 })
		await expect(replies.last()).toContainText(answer, { timeout: 10_000 })
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

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test("a chatbot's and an assistant's sections are pages: the tabs, the switch and Delete come back where they were used", async ({
		page,
		login,
	}) => {
		const user = await login({ email: uniqueEmail('sections'), fullName: 'Section Owner' })
		const [{ id }] = await sql<{ id: string }>(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
			 SELECT id, 'Tab Bot', 'Hours: 9 to 5.', '' FROM users WHERE email = $1 RETURNING id`,
			[user.email],
		)
		const [{ id: agentId }] = await sql<{ id: string }>(
			`INSERT INTO agents (user_id, name, instructions, first_message)
			 SELECT id, 'Tab Line', 'Be brief.', 'Hi!' FROM users WHERE email = $1 RETURNING id`,
			[user.email],
		)
		// The welcome header is the Playground home's only.
		await page.goto('/playground')
		await expect(page.getByText('Welcome back, Section Owner')).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Create Your AI Assistant' })).toBeVisible()

		const base = `/playground/chatbots/${id}`
		await page.goto(base)
		await expect(page.getByRole('heading', { name: 'Tab Bot', level: 2 })).toBeVisible()
		await expect(page.getByText('Welcome back')).toHaveCount(0)
		await expect(page.getByRole('heading', { name: 'Create Your AI Assistant' })).toHaveCount(0)
		const tabs = page.getByRole('navigation', { name: 'Chatbot sections' })
		for (const [name, path, heading] of [
			['Knowledge', '/knowledge', 'Knowledge sources'],
			['Widget & embed', '/widget', 'Widget on your site'],
			['Activity', '/conversations', 'Conversations'],
			['Settings', '/settings', 'Model'],
			['Overview', '', 'Embed on your site'],
		] as const) {
			await tabs.getByRole('link', { name }).click()
			await expect(page).toHaveURL(`${base}${path}`)
			await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
			await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
		}
		// Wide screens show the preview beside the sections; its tab is for phones.
		await expect(tabs.getByRole('link', { name: 'Preview' })).toBeHidden()

		// The switch, flipped on a section, comes back to that section.
		await tabs.getByRole('link', { name: 'Widget & embed' }).click()
		await page.getByRole('switch', { name: 'Active: Tab Bot' }).click()
		await expect(page.getByText('Chatbot deactivated')).toBeVisible()
		await expect(page).toHaveURL(`${base}/widget`)
		await expect(page.getByTestId('status')).toHaveText('Inactive')

		// Delete, in Settings, asks first on its own address.
		await tabs.getByRole('link', { name: 'Settings' }).click()
		await page.getByRole('link', { name: 'Delete chatbot' }).click()
		await expect(page).toHaveURL(`${base}/settings?delete`)
		await page.getByRole('alertdialog').getByRole('link', { name: 'Keep it' }).click()
		await expect(page).toHaveURL(`${base}/settings`)
		await page.getByRole('link', { name: 'Delete chatbot' }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Delete chatbot' }).click()
		await expect(page.getByText('Chatbot deleted')).toBeVisible()
		await expect(page).toHaveURL('/playground')

		// A voice assistant's page the same way.
		const agent = `/playground/voicebots/${agentId}`
		await page.goto(agent)
		await expect(page.getByText('Welcome back')).toHaveCount(0)
		const agentTabs = page.getByRole('navigation', { name: 'Assistant sections' })
		for (const [name, path] of [
			['Knowledge', '/knowledge'],
			['API', '/api'],
			['Calls', '/calls'],
			['Settings', '/settings'],
			['Assistant', ''],
		] as const) {
			await agentTabs.getByRole('link', { name }).click()
			await expect(page).toHaveURL(`${agent}${path}`)
			await expect(agentTabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
		}
		await agentTabs.getByRole('link', { name: 'Calls' }).click()
		await page.getByRole('switch', { name: 'Active: Tab Line' }).click()
		await expect(page.getByText('Voice assistant deactivated')).toBeVisible()
		await expect(page).toHaveURL(`${agent}/calls`)
	})
})

test('on a phone the preview is a section of its own, and the tabs keep every label whole', async ({ page, login }) => {
	const user = await login()
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'Pocket Bot', 'We open at 9 am.', '' FROM users WHERE email = $1 RETURNING id`,
		[user.email],
	)
	await page.setViewportSize({ width: 360, height: 740 })
	await page.goto(`/playground/chatbots/${id}`)
	// No preview beside the sections: a tab leads to it.
	await expect(page.getByRole('region', { name: 'Live preview' })).toBeHidden()
	const tabs = page.getByRole('navigation', { name: 'Chatbot sections' })
	for (const name of ['Overview', 'Knowledge', 'Widget & embed', 'Activity', 'Tests', 'Settings', 'Preview']) {
		const box = (await tabs.getByRole('link', { name }).boundingBox())!
		expect(box.x, name).toBeGreaterThanOrEqual(0)
		expect(box.x + box.width, name).toBeLessThanOrEqual(360)
	}
	await tabs.getByRole('link', { name: 'Preview' }).click()
	await expect(page).toHaveURL(`/playground/chatbots/${id}/preview`)
	await expect(page.getByRole('heading', { name: 'Preview: Pocket Bot' })).toBeVisible()
	// It answers there (this chatbot's text was never indexed: it says it does not know).
	await page.getByLabel('Ask your chatbot a question').fill('When do you open?')
	await page.getByRole('button', { name: 'Send', exact: true }).click()
	await expect(page.locator('[data-role="user"]')).toHaveText([/When do you open\?/])
	await expect(page.locator('[data-role="assistant"]')).toHaveCount(2)
	// The other tabs are there too, with the chatbot's header.
	await expect(page.getByRole('heading', { name: 'Pocket Bot', level: 2 })).toBeVisible()
	await expect(tabs.getByRole('link', { name: 'Preview' })).toHaveAttribute('aria-current', 'page')

	// A voice assistant's seven tabs fit too, Knowledge (ADR 0054) and Tests (ADR 0062) among them.
	const [{ id: agentId }] = await sql<{ id: string }>(
		`INSERT INTO agents (user_id, name, instructions, first_message)
		 SELECT id, 'Pocket Line', 'Be brief.', 'Hi' FROM users WHERE email = $1 RETURNING id`,
		[user.email],
	)
	await page.goto(`/playground/voicebots/${agentId}`)
	const agentTabs = page.getByRole('navigation', { name: 'Assistant sections' })
	for (const name of ['Assistant', 'Knowledge', 'API', 'Calls', 'Tests', 'Settings', 'Test']) {
		const box = (await agentTabs.getByRole('link', { name, exact: true }).boundingBox())!
		expect(box.x, name).toBeGreaterThanOrEqual(0)
		expect(box.x + box.width, name).toBeLessThanOrEqual(360)
	}
})

test("a source's row names each of its controls once: Re-sync now beside the automatic re-sync", async ({
	page,
	login,
}) => {
	const user = await login()
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'Row Bot', 'Hours: 9 to 5.', '' FROM users WHERE email = $1 RETURNING id`,
		[user.email],
	)
	await sql(
		`INSERT INTO knowledge_sources (chatbot_id, kind, origin, status, pages_found, pages_done, pages_indexed, chars, chunk_count, synced_at)
		 VALUES ($1, 'website', 'https://shop.example.com/', 'ready', 3, 3, 3, 900, 3, now())`,
		[id],
	)
	await page.goto(`/playground/chatbots/${id}/knowledge`)
	const row = page
		.getByRole('list', { name: 'Sources of this chatbot' })
		.getByRole('listitem')
		.filter({ has: page.getByText('https://shop.example.com/', { exact: true }) })
	await expect(row.getByRole('button', { name: 'Re-sync now' })).toBeVisible()
	await expect(row.getByRole('combobox', { name: 'Auto re-sync' })).toBeVisible()
	const names = await row
		.locator('a, button, select')
		.evaluateAll((controls) =>
			controls.map(
				(control) =>
					control.getAttribute('aria-label') ??
					((control as HTMLSelectElement).labels?.[0]?.textContent ?? control.textContent ?? '').trim(),
			),
		)
	expect(names.length).toBeGreaterThan(2)
	expect(new Set(names).size, names.join(' | ')).toBe(names.length)
})

/** A chatbot or a voice assistant of the user with this e-mail, made in the database; its id. */
async function insertItem(kind: 'chatbot' | 'agent', email: string, name: string) {
	const insert =
		kind === 'chatbot'
			? `INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt) SELECT id, $2, 'Hours: 9 to 5.', ''`
			: `INSERT INTO agents (user_id, name, instructions, first_message) SELECT id, $2, 'Be brief.', 'Hi'`
	const [{ id }] = await sql<{ id: string }>(`${insert} FROM users WHERE email = $1 RETURNING id`, [email, name])
	return id
}

// Toasts (ADR 0065): never over a control of the page (a corner sat on the live preview's composer
// at 1440 px and on "Start Building" at 360 px), only over the app's own header, one at a time; each
// says what it says to screen readers (status, or alert for a problem) and closes by its button,
// with JavaScript or without. Reduced motion, so each is measured where it stays.
test.describe('toasts sit clear of the page’s controls, and close', () => {
	for (const javaScriptEnabled of [true, false]) {
		test.describe(`${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
			test.use({ javaScriptEnabled, reducedMotion: 'reduce' })
			test('at 360, 768 and 1440 px', async ({ page }) => {
				test.slow()
				for (const width of [360, 768, 1440]) {
					await page.context().clearCookies()
					await page.setViewportSize({ width, height: 740 })
					// Signing in lands on the Playground's home, empty for a new user: "Start Building" is low on
					// the page, where a corner toast sat on phones.
					const user = await createUser({ email: uniqueEmail('toasts') })
					await signInWithForm(page, user.email, user.password)
					await expect(page).toHaveURL(/\/playground$/)
					await expectToastClear(page, 'Welcome back!', `home at ${width} px`)
					const id = await insertItem('chatbot', user.email, 'Toast Bot')
					// A chatbot's page: the Active switch under the header, the preview's composer at the bottom right.
					await page.goto(`/playground/chatbots/${id}`)
					const toggle = page.getByRole('switch', { name: 'Active: Toast Bot' })
					await toggle.click()
					await expectToastClear(page, 'Chatbot deactivated', `chatbot at ${width} px`)
					await toggle.click()
					await expectToastClear(page, 'Chatbot activated', `chatbot at ${width} px`)
					// Its close button: a button, or without JavaScript the summary of the open <details> it is.
					const dismiss = page.locator('details:has([data-toast]) > summary, [data-toast] button')
					await dismiss.filter({ hasText: 'Dismiss' }).click()
					await expect(page.getByText('Chatbot activated')).toBeHidden()
				}
			})
		})
	}
})

/** The toast saying `text`, as screen readers have it: react-hot-toast's message, or the server's own toast. */
const toastOf = (page: Page, text: string) =>
	page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).last()

/** The toast saying `text` is shown, lies over no control but the app header's, and is the only one. */
async function expectToastClear(page: Page, text: string, where: string) {
	const toast = toastOf(page, text)
	await expect(toast, where).toBeVisible()
	const covered = await toast.evaluate((message) => {
		// What shows: the card with the shadow around the message (the library's bar, or the server's card).
		let shown = message
		while (shown.parentElement && getComputedStyle(shown).boxShadow === 'none') shown = shown.parentElement
		const box = shown.getBoundingClientRect()
		// The app's header: the banner (a header in no article, section, aside or main).
		const banner = [...document.querySelectorAll('header')].find((h) => !h.closest('article, section, aside, main'))
		const controls = document.querySelectorAll<HTMLElement>(
			'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="switch"]',
		)
		return [...controls]
			.filter((control) => !banner?.contains(control) && !shown.contains(control))
			.filter((control) => {
				const r = control.getBoundingClientRect()
				const style = getComputedStyle(control)
				// Out of sight: no box, hidden, or for screen readers only (the skip link until focused).
				if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || style.clipPath.startsWith('inset(50%'))
					return false
				return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
			})
			.map(
				(control) =>
					`${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
			)
	})
	expect(covered, `${where}: what "${text}" covers`).toEqual([])
	// One at a time: a second one under it would reach down onto the page.
	await expect(page.locator('[data-toast]').filter({ visible: true }), where).toHaveCount(1)
}

// A workspace's header on a phone (a first-time user found "Created 25 Nov …" cut short and the
// switch without its words at 360 px): the switch has a row of its own, words and all.
test("on a phone a workspace's header keeps its date whole and its switch's words", async ({ page, login }) => {
	const user = await login()
	const id = await insertItem('chatbot', user.email, 'Header Bot')
	const agentId = await insertItem('agent', user.email, 'Header Line')
	for (const width of [320, 360]) {
		await page.setViewportSize({ width, height: 740 })
		await page.goto(`/playground/chatbots/${id}/knowledge`)
		const header = page.getByRole('article').locator('header').first()
		await expect(header.getByText('Answering on your site'), `${width} px`).toBeVisible()
		const date = header.locator('time')
		await expect(date, `${width} px`).toHaveText(/^Created \d{1,2} \w{3} \d{4}$/)
		// Wholly shown: its box is not narrower (or shorter) than what it holds.
		const cut = await date.evaluate((time) => {
			const box = time.parentElement!
			return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1
		})
		expect(cut, `the date at ${width} px`).toBe(false)
		for (const word of ['Active', 'Answering on your site']) {
			const box = (await header.getByText(word, { exact: true }).boundingBox())!
			expect(box.x + box.width, `${word} at ${width} px`).toBeLessThanOrEqual(width)
		}
		await page.goto(`/playground/voicebots/${agentId}`)
		await expect(
			page.getByRole('article').locator('header').first().getByText('Taking calls'),
			`${width} px`,
		).toBeVisible()
	}
})

// One file picker (a first-time user found the Tests page's CSV box unlike the Knowledge upload):
// every file input of the app has the same button and box.
test('every file picker looks alike: Knowledge upload, the Tests CSV and the widget picture', async ({
	page,
	login,
}) => {
	const user = await login()
	const id = await insertItem('chatbot', user.email, 'Picker Bot')
	const look = (input: Locator) =>
		input.evaluate((element) => {
			const box = getComputedStyle(element)
			const button = getComputedStyle(element, '::file-selector-button')
			return {
				box: [box.height, box.boxShadow, box.borderRadius, box.backgroundColor, box.paddingTop, box.fontSize],
				button: [button.backgroundColor, button.color, button.borderRadius, button.fontWeight, button.paddingLeft],
			}
		})
	await page.goto(`/playground/chatbots/${id}/knowledge`)
	const upload = await look(page.getByRole('region', { name: 'Knowledge sources' }).getByLabel('Upload documents'))
	await page.goto(`/playground/chatbots/${id}/tests`)
	expect(await look(page.getByLabel('CSV file')), 'the Tests CSV').toEqual(upload)
	await page.goto(`/playground/chatbots/${id}/widget`)
	expect(await look(page.locator('#widget-avatar')), 'the widget picture').toEqual(upload)
})

// Every page of the Playground, at every width from a small phone to a wide screen: nothing wider
// than the window, nothing clipped (a label cut by its box, a tab scrolled out of sight, a snippet
// cut by its box), and axe clean once per layout (phones, tablets, wide screens). One test per width,
// each with its own time budget: thirty pages at five widths do not fit in one. The widths run in
// parallel (CI's two workers share them); they only read the pages of one seeded account.
test.describe('every Playground page fits from 320 px up, with long names and many items, and passes axe', () => {
	const long = 'Customer Support Assistant for the Jaipur, Pune and Chennai Studios'
	const admin = { email: 'admin@e2e.example.com', fullName: `Administrator with a long name ${'x'.repeat(30)}` }
	let paths: string[] = []
	let sections: string[] = []

	test.beforeAll(async () => {
		await createUser(admin)
		// Each worker runs this once: the first seeds the administrator's chatbots and assistants, under a
		// lock, and the others (a retry too) find them and reuse them.
		const {
			bot,
			site,
			conversation,
			lead,
			agent: agentId,
		} = await withSeedLock(async (query) => {
			const [user] = await query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [admin.email])
			const [seeded] = await query<{ bot: string; site: string; conversation: string; lead: string; agent: string }>(
				`SELECT c.id AS bot, s.id AS site, v.id AS conversation, l.id AS lead, a.id AS agent
				 FROM chatbots c
				 JOIN knowledge_sources s ON s.chatbot_id = c.id
				 JOIN chatbot_conversations v ON v.chatbot_id = c.id AND v.client_id = 'layout-conv'
				 JOIN chatbot_leads l ON l.conversation_id = v.id
				 JOIN agents a ON a.user_id = c.user_id AND a.name = $2 || ' line 1'
				 WHERE c.user_id = $1 AND c.name = $2 || ' 1'`,
				[user.id, long],
			)
			if (seeded) return seeded
			await query(`DELETE FROM chatbots WHERE user_id = $1`, [user.id])
			await query(`DELETE FROM agents WHERE user_id = $1`, [user.id])
			const bots = await query<{ id: string }>(
				`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, embed_code)
				 SELECT $1, $2 || ' ' || i, 'Hours: 9 to 5.', 'Be brief.', '<script src="https://assistants.zenvora-technologies.example.in/embed.js" data-chatbot-id="0b6f3f2e-8f5e-4c1a-9d57-2f1f4c7d9a10" async></script>'
				 FROM generate_series(1, 7) AS i RETURNING id`,
				[user.id, long],
			)
			const bot = bots[0].id
			// A crawl with pages not indexed, a conversation with a lead: every activity page has rows.
			const [site] = await query<{ id: string }>(
				`INSERT INTO knowledge_sources (chatbot_id, kind, origin, status, pages_found, pages_done, pages_fetched,
					pages_indexed, pages_skipped, pages_failed, chars, chunk_count, synced_at)
				 VALUES ($1, 'website', $2, 'ready', 12, 12, 12, 10, 1, 1, 9000, 12, now()) RETURNING id`,
				[bot, `https://docs.example-with-a-rather-long-domain-name.com/${'guides/'.repeat(6)}`],
			)
			await query(
				`INSERT INTO knowledge_pages (source_id, run, url, status, error, fetched_at) VALUES
				 ($1, 1, $2, 'failed', 'The page answered with HTTP 404.', now()),
				 ($1, 1, $3, 'skipped', 'The address is not a web page (text/markdown).', now())`,
				[
					site.id,
					`https://docs.example.com/${'very-long-path-segment/'.repeat(5)}old`,
					'https://docs.example.com/a.md',
				],
			)
			const [conversation] = await query<{ id: string }>(
				`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, message_count, unanswered_count)
				 VALUES ($1, 'layout-conv', 'layout-visitor', 2, 1) RETURNING id`,
				[bot],
			)
			await query(
				`INSERT INTO chatbot_messages (conversation_id, chatbot_id, role, text, answered) VALUES
				 ($1, $2, 'user', $3, NULL), ($1, $2, 'assistant', 'I don''t know.', false)`,
				[conversation.id, bot, `Do you deliver to ${'Thiruvananthapuram and '.repeat(4)}Pune?`],
			)
			const [lead] = await query<{ id: string }>(
				`INSERT INTO chatbot_leads (chatbot_id, conversation_id, name, email, phone) VALUES ($1, $2, $3, $4, '+91 98450 12345') RETURNING id`,
				[bot, conversation.id, long, `${'very.long.address'.repeat(4)}@example-with-a-long-domain.com`],
			)
			const agents = await query<{ id: string }>(
				`INSERT INTO agents (user_id, name, description, instructions, first_message)
				 SELECT $1, $2 || ' line ' || i, 'Answers calls for all our clinics, with a description that is long too.', 'Be brief.', 'Hi!'
				 FROM generate_series(1, 5) AS i RETURNING id`,
				[user.id, long],
			)
			await query(
				`INSERT INTO call_logs (customer_name, customer_email, call_status, agent_id, inquiry_details)
				 VALUES ($1, $2, 'completed', $3, $4)`,
				[long, `${'very.long.address'.repeat(4)}@example-with-a-long-domain.com`, agents[0].id, long.repeat(3)],
			)
			// A test set with two finished runs (the trend), the latest with a failing test (a regression
			// with a long question, reply and cited address), on the chatbot and on the assistant.
			for (const [column, subject] of [
				['chatbot_id', bot],
				['agent_id', agents[0].id],
			] as const) {
				const [cited, declines] = await query<{ id: string }>(
					`INSERT INTO chatbot_tests (${column}, question, expected, cite, must_decline, created_at) VALUES
					 ($1, $2, ARRAY['seven years', '7 years'], $3, false, now() - interval '1 minute'),
					 ($1, 'Who won the football world cup in 1986?', '{}', NULL, true, now()) RETURNING id`,
					[subject, `How long is the warranty on ${'Jaipur, Pune and Chennai '.repeat(3)}widgets?`, long],
				)
				for (const latest of [false, true]) {
					const [run] = await query<{ id: string }>(
						`INSERT INTO chatbot_test_runs (${column}, trigger, status, total, done, passed, failed, regressions, model, created_at, finished_at)
						 VALUES ($1, $2, 'done', 2, 2, $3, $4, $4, 'Offline model', now() - $5::interval, now() - $5::interval) RETURNING id`,
						[subject, latest ? 'sources' : 'schedule', latest ? 1 : 2, latest ? 1 : 0, latest ? '1 hour' : '1 day'],
					)
					const passage = {
						title: long,
						url: `https://docs.example-with-a-rather-long-domain-name.com/${'guides/'.repeat(6)}warranty`,
						score: 4.2,
						position: 0,
						excerpt: `Every widget carries a ${'very long '.repeat(20)}warranty.`,
					}
					await query(
						`INSERT INTO chatbot_test_results (run_id, test_id, passed, regression, reason, reply, answered, passages, cited) VALUES
						 ($1, $2, $3, $4, $5, $6, true, $7::jsonb, $8::jsonb),
						 ($1, $9, true, false, 'Declined, as it should.', 'I don''t know.', false, '[]', '[]')`,
						[
							run.id,
							cited.id,
							!latest,
							latest,
							latest ? 'Does not contain “seven years” or “7 years”.' : 'Contains “seven years”.',
							`The warranty is ${'a long while '.repeat(12)}[1].`,
							JSON.stringify([passage, { ...passage, score: 1.1 }]),
							JSON.stringify([{ title: passage.title, url: passage.url }]),
							declines.id,
						],
					)
				}
			}
			return { bot, site: site.id, conversation: conversation.id, lead: lead.id, agent: agents[0].id }
		})
		const chatbot = `/playground/chatbots/${bot}`
		const agent = `/playground/voicebots/${agentId}`
		sections = [chatbot, `${chatbot}/knowledge`, `${chatbot}/widget`, `${chatbot}/settings`, `${chatbot}/conversations`]
		paths = [
			'/playground',
			`/playground?delete=${bot}`,
			`/playground?embed=${bot}`,
			'/playground?new',
			chatbot,
			`${chatbot}/knowledge`,
			`${chatbot}/knowledge?remove-source=${site}`,
			`${chatbot}/knowledge/sources/${site}`,
			`${chatbot}/widget`,
			`${chatbot}/settings`,
			`${chatbot}/settings?delete`,
			`${chatbot}/preview`,
			`${chatbot}/conversations`,
			`${chatbot}/conversations/${conversation}`,
			`${chatbot}/unanswered`,
			`${chatbot}/leads`,
			// The confirmation under a row of a table that scrolls sideways on phones.
			`${chatbot}/leads?delete=${lead}`,
			`${chatbot}/insights`,
			// Its test set, with a failing test and the trend, and the suggestions (ADR 0057, 0062).
			`${chatbot}/tests`,
			`${chatbot}/tests/suggestions`,
			'/playground/voicebots',
			'/playground/voicebots?new',
			`/playground/voicebots?delete=${agentId}`,
			`/playground/voicebots?api=${agentId}`,
			agent,
			`${agent}/knowledge`,
			`${agent}/api`,
			`${agent}/calls`,
			`${agent}/settings`,
			`${agent}/settings?delete`,
			`${agent}/test`,
			`${agent}/tests`,
			`${agent}/tests/suggestions`,
			'/playground/account',
			'/playground/dashboard',
			'/playground/models',
		]
	})

	for (const width of [320, 360, 768, 1440, 1920]) {
		// axe once per layout: phones (360), tablets (768) and wide screens (1440).
		const axe = width === 360 || width === 768 || width === 1440
		test(`at ${width} px`, async ({ page }) => {
			test.setTimeout(axe ? 300_000 : 150_000)
			await loginAs(page, admin)
			await page.setViewportSize({ width, height: 900 })
			for (const path of paths) {
				const response = await page.goto(path)
				expect(response?.status(), path).toBe(200)
				// Soft: one run names every page that does not fit, not just the first.
				expect.soft(await widerThanTheWindow(page), `${path} at ${width} px`).toEqual([])
				expect.soft(await clippedThings(page), `${path} at ${width} px`).toEqual([])
				// A question asked before removing something is wholly in sight, its buttons included.
				for (const dialog of await page.getByRole('alertdialog').all()) {
					const box = (await dialog.boundingBox())!
					expect.soft(box.x, `${path} at ${width} px: the confirmation`).toBeGreaterThanOrEqual(0)
					expect.soft(box.x + box.width, `${path} at ${width} px: the confirmation`).toBeLessThanOrEqual(width)
				}
				if (axe) await expectNoSeriousA11yViolations(page)
			}
			// A chatbot's page at a wide screen: the preview beside each section, no empty half, and
			// no section longer than two screens of scrolling.
			if (width >= 1440) {
				for (const path of sections) {
					await page.goto(path)
					const preview = await page.getByRole('region', { name: 'Live preview' }).boundingBox()
					expect(preview, path).not.toBeNull()
					expect(preview!.x, path).toBeGreaterThan(width / 2)
					expect(preview!.width, path).toBeGreaterThan(width / 4)
					expect(preview!.height, path).toBeGreaterThan(900 * 0.8)
					const height = await page.evaluate(() => document.documentElement.scrollHeight)
					expect(height, path).toBeLessThanOrEqual(3 * 900)
				}
			}
		})
	}
})

/**
 * Runs `seed` in one transaction that holds an advisory lock, so that parallel workers seed shared
 * rows once: the first seeds, the others wait and find its rows.
 */
async function withSeedLock<T>(
	seed: (query: <R extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<R[]>) => Promise<T>,
) {
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await client.connect()
	try {
		await client.query('BEGIN')
		await client.query(`SELECT pg_advisory_xact_lock(hashtext('e2e playground layout seed'))`)
		const result = await seed(async (text, params) => (await client.query(text, params)).rows)
		await client.query('COMMIT')
		return result
	} finally {
		await client.end()
	}
}

/** The page's width beyond the window's, if any, and the deepest elements that stick out. */
async function widerThanTheWindow(page: Page) {
	return page.evaluate(() => {
		const width = window.innerWidth
		if (document.documentElement.scrollWidth <= width) return []
		const out = [...document.querySelectorAll<HTMLElement>('body *')].filter(
			(element) => element.getBoundingClientRect().right > width + 0.5 && element.children.length === 0,
		)
		return [
			`${document.documentElement.scrollWidth} px wide`,
			...out
				.slice(0, 3)
				.map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`),
		]
	})
}

/**
 * What the page cuts off: text wider than the box that clips it (an ellipsis is a deliberate cut,
 * not a clip), a tab that is not wholly in sight, a read-only snippet taller than its box.
 */
async function clippedThings(page: Page) {
	return page.evaluate(() => {
		const found: string[] = []
		const describe = (element: Element) =>
			`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
		for (const element of document.querySelectorAll<HTMLElement>('body *')) {
			const box = element.getBoundingClientRect()
			// Out of the layout (display: none), or visually hidden on purpose (sr-only).
			if (box.width <= 1 || box.height <= 1) continue
			const style = getComputedStyle(element)
			// Hidden, or for screen readers only (the skip link until it is focused).
			if (style.visibility === 'hidden' || style.clipPath.startsWith('inset(50%')) continue
			if (element instanceof HTMLTextAreaElement) {
				if (element.readOnly && element.scrollHeight > element.clientHeight + 1)
					found.push(`cut snippet ${describe(element)}`)
				continue
			}
			if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) continue
			const clips = style.overflowX !== 'visible'
			if (clips && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
				// A box that scrolls sideways on purpose (a wide table) is fine; a bar of links is not.
				const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll'
				if (!scrolls || element.closest('nav')) found.push(`clipped ${describe(element)}`)
			}
		}
		for (const link of document.querySelectorAll<HTMLElement>('nav a')) {
			const box = link.getBoundingClientRect()
			if (box.width <= 1) continue
			if (box.left < 0 || box.right > window.innerWidth + 0.5 || link.scrollWidth > link.clientWidth + 1)
				found.push(`tab not in sight ${describe(link)}`)
		}
		return found
	})
}

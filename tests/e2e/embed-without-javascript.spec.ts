import type { Browser } from '@playwright/test'
// The embedded chat with JavaScript off or blocked (issue 34): the chat cannot run, so the embed page
// says so and offers the lead form as a plain post; the details reach the owner's Leads, a wrong
// entry is refused with the field's message, and a post the chatbot does not take is refused.
import {
	createUser,
	E2E_SESSION_SECRET,
	expect,
	sessionCookieDirect,
	sql,
	test,
	uniqueEmail,
	useSessionIn,
} from './fixtures.ts'
import { E2E_EMBED_HOST_PORT, E2E_PORT } from './ports.ts'

const APP = `http://localhost:${E2E_PORT}`
const SITE = `http://127.0.0.1:${E2E_EMBED_HOST_PORT}`
const NOTE =
	'This chat needs JavaScript, which is off or blocked here. Leave your details and a person from the team will get back to you.'

/** A chatbot of a new owner, with handoff on (which offers the lead form) or off, maybe only on the partner site. */
async function chatbotOf(options: { handoff: boolean; allowedSites?: string[] }) {
	const { email } = await createUser({ email: uniqueEmail('nojs'), fullName: 'Meera Iyer' })
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, handoff, allowed_sites)
		 SELECT id, 'Corner Shop', 'We deliver in three to five working days.', 'Help.', $2::jsonb, $3::text[]
		 FROM users WHERE email = $1 RETURNING id`,
		[email, JSON.stringify({ enabled: options.handoff, waitSeconds: 60 }), options.allowedSites ?? []],
	)
	return { id, email }
}

/** A visitor whose browser runs no scripts, with their own client address. */
async function visitorWithoutJavaScript(browser: Browser) {
	const context = await browser.newContext({
		javaScriptEnabled: false,
		extraHTTPHeaders: {
			'X-Forwarded-For': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
		},
	})
	return context.newPage()
}

test('without JavaScript the embedded chat offers the lead form; a wrong entry is refused, the details reach Leads', async ({
	browser,
}) => {
	const { id, email } = await chatbotOf({
		handoff: true,
		allowedSites: [`127.0.0.1:${E2E_EMBED_HOST_PORT}`],
	})
	const page = await visitorWithoutJavaScript(browser)
	// The partner's page frames the chat itself (embed.js, a script, cannot run here), and the frame
	// runs no scripts either: its sandbox leaves them out (the context's setting alone reaches a
	// child frame only some of the time).
	await page.goto(`${SITE}/framed?id=${id}`)
	const chat = page.frameLocator('iframe[title="Chat"]')
	await expect(chat.getByTestId('no-script-note')).toHaveText(NOTE)
	// The chat's own controls, which need scripts, are not offered; nor is a close button that
	// could not tell the host page anything (the host page keeps the frame).
	await expect(chat.getByRole('textbox', { name: /Ask .* a question/ })).toBeHidden()
	await expect(chat.getByRole('button', { name: 'Close chat' })).toHaveCount(0)

	// Wrong entries: each field's own message from the server, what was typed kept.
	await chat.getByLabel('Name').fill('Kavya')
	await chat.getByLabel('E-mail').fill('kavya-at-example')
	await chat.getByRole('button', { name: 'Send details' }).click()
	await expect(chat.getByText('Enter a valid e-mail address.')).toBeVisible()
	await expect(chat.getByLabel('Name')).toHaveValue('Kavya')
	await chat.getByLabel('E-mail').fill('')
	await chat.getByRole('button', { name: 'Send details' }).click()
	await expect(chat.getByText('Enter your e-mail address.')).toBeVisible()
	expect(await sql(`SELECT 1 FROM chatbot_leads WHERE chatbot_id = $1`, [id])).toHaveLength(0)

	// Sent: the confirmation after the redirect, still in the partner's frame.
	await chat.getByLabel('E-mail').fill('kavya@example.com')
	await chat.getByRole('button', { name: 'Send details' }).click()
	await expect(chat.getByTestId('lead-sent')).toHaveText('Thank you. The team has your details and will be in touch.')
	const leads = await sql<{ name: string; email: string; page_url: string }>(
		`SELECT name, email, page_url FROM chatbot_leads WHERE chatbot_id = $1`,
		[id],
	)
	// Filed with the partner's page, as the widget's own form would be.
	expect(leads).toEqual([{ name: 'Kavya', email: 'kavya@example.com', page_url: `${SITE}/framed` }])

	// The owner finds them in Leads.
	const ownerContext = await browser.newContext({ baseURL: APP })
	await useSessionIn(ownerContext, APP, await sessionCookieDirect(email))
	const owner = await ownerContext.newPage()
	await owner.goto(`/playground/chatbots/${id}/leads`)
	await expect(owner.getByTestId('leads-table')).toContainText('kavya@example.com')
	await ownerContext.close()
	await page.context().close()
})

test('the snippet the Widget page shows carries a stand-in for visitors without JavaScript: pasted on a page, it offers the lead form', async ({
	browser,
}) => {
	const { id, email } = await chatbotOf({ handoff: true })
	await sql(`UPDATE chatbots SET embed_code = $2 WHERE id = $1`, [
		id,
		`<script src="${APP}/embed.js" data-chatbot-id="${id}" async></script>`,
	])
	const ownerContext = await browser.newContext({ baseURL: APP })
	await useSessionIn(ownerContext, APP, await sessionCookieDirect(email))
	const owner = await ownerContext.newPage()
	await owner.goto(`/playground/chatbots/${id}/widget`)
	const snippet = await owner.locator('#embed-code').inputValue()
	expect(snippet).toContain(`<script src="${APP}/embed.js" data-chatbot-id="${id}" async></script>`)
	expect(snippet).toContain(`<noscript><iframe title="Chat" src="${APP}/embed/${id}"`)
	await ownerContext.close()

	// A partner page with exactly that snippet (served by the test's host site: a page the browser is
	// handed by the test itself is "public" to it, and may not frame a local app), opened by a browser
	// that runs no scripts.
	const page = await visitorWithoutJavaScript(browser)
	const pasted = await page.goto(`${SITE}/pasted?id=${id}`)
	expect(await pasted!.text()).toContain(snippet)
	const chat = page.frameLocator('iframe[title="Chat"]')
	await expect(chat.getByTestId('no-script-note')).toHaveText(NOTE)
	await chat.getByLabel('E-mail').fill('pasted@example.com')
	await chat.getByRole('button', { name: 'Send details' }).click()
	await expect(chat.getByTestId('lead-sent')).toHaveText('Thank you. The team has your details and will be in touch.')
	expect(await sql(`SELECT email FROM chatbot_leads WHERE chatbot_id = $1`, [id])).toEqual([
		{ email: 'pasted@example.com' },
	])
	await page.context().close()
})

test('without JavaScript, opened directly: the form posts and confirms; a wrong token or a chatbot without the form is refused', async ({
	browser,
	request,
}) => {
	const { id } = await chatbotOf({ handoff: true })
	const page = await visitorWithoutJavaScript(browser)
	await page.goto(`${APP}/embed/${id}`)
	await expect(page.getByTestId('no-script-note')).toHaveText(NOTE)
	await page.getByLabel('E-mail').fill('ravi@example.com')
	await page.getByRole('button', { name: 'Send details' }).click()
	await expect(page.getByTestId('lead-sent')).toBeVisible()
	// A reload of the confirmation posts nothing again.
	await page.reload()
	expect(await sql(`SELECT email FROM chatbot_leads WHERE chatbot_id = $1`, [id])).toEqual([
		{ email: 'ravi@example.com' },
	])

	// A post without a good token is refused, nothing stored.
	const form = {
		visitorId: 'visitor-12345678',
		conversationId: 'conversation-1234',
		email: 'eve@example.com',
	}
	const forged = await request.post(`${APP}/embed/${id}`, { form: { ...form, token: 'a.b.c.d' } })
	expect(forged.status()).toBe(403)
	expect(await forged.text()).toContain('This chat can only be used on the websites its owner has allowed.')

	// A chatbot that takes no details says only that the chat needs JavaScript, and refuses a post.
	const { id: quiet } = await chatbotOf({ handoff: false })
	await page.goto(`${APP}/embed/${quiet}`)
	await expect(page.getByTestId('no-script-note')).toHaveText(
		'This chat needs JavaScript, which is off or blocked here. Turn it on to chat.',
	)
	await expect(page.getByTestId('lead-form')).toHaveCount(0)
	// With a good token (as the page issues it), still refused: this chatbot takes no details.
	process.env.SESSION_SECRET ??= E2E_SESSION_SECRET
	const { issueEmbedToken } = await import('~/features/chatbots/widget/widget.server.ts')
	const off = await request.post(`${APP}/embed/${quiet}`, {
		form: { ...form, token: issueEmbedToken(quiet, null) },
	})
	expect(off.status()).toBe(404)
	expect(await sql(`SELECT 1 FROM chatbot_leads WHERE email = 'eve@example.com'`)).toHaveLength(0)
	await page.context().close()
})

test("with JavaScript on but the chat's scripts blocked, the embedded chat still offers the note and the lead form", async ({
	browser,
}) => {
	const { id } = await chatbotOf({ handoff: true })
	const context = await browser.newContext({
		extraHTTPHeaders: {
			'X-Forwarded-For': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
		},
	})
	const page = await context.newPage()
	// As a site's Content-Security-Policy or a broken bundle would: the page's scripts are allowed
	// (no <noscript>), but the chat's bundles never run.
	let blocked = 0
	await context.route(`${APP}/assets/**/*.js`, (route) => {
		blocked++
		return route.abort('blockedbyclient')
	})
	await page.goto(`${APP}/embed/${id}`)
	await expect(page.getByTestId('no-script-note')).toBeVisible({ timeout: 15_000 })
	await expect(page.getByTestId('no-script-note')).toHaveText(NOTE)
	expect(blocked).toBeGreaterThan(0)
	// The dead chat under it is hidden, and so is the close button that could not tell the host page.
	await expect(page.getByRole('textbox', { name: /Ask .* a question/ })).toBeHidden()
	await expect(page.getByRole('button', { name: 'Close chat' })).toHaveCount(0)
	await page.getByLabel('E-mail').fill('nila@example.com')
	await page.getByRole('button', { name: 'Send details' }).click()
	await expect(page.getByTestId('lead-sent')).toHaveText('Thank you. The team has your details and will be in touch.')
	expect(await sql(`SELECT email FROM chatbot_leads WHERE chatbot_id = $1`, [id])).toEqual([
		{ email: 'nila@example.com' },
	])
	await context.close()
})

test('with the chat running, the stand-in form never shows and the close button is offered', async ({ browser }) => {
	const { id } = await chatbotOf({ handoff: true })
	const context = await browser.newContext()
	const page = await context.newPage()
	await page.goto(`${APP}/embed/${id}`)
	await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible()
	await expect(page.getByRole('textbox', { name: /Ask .* a question/ })).toBeVisible()
	await expect(page.getByTestId('no-script-note')).toHaveCount(0)
	await context.close()
})

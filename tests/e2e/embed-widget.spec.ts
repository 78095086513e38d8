// The embedded widget, set up on the chatbot's page and used on other sites (a host page served on
// 127.0.0.1 and, as other sites, on localhost and shop.localhost): branded launcher, allowed sites
// enforced by the server, sources, a conversation that survives reloads, and no launcher at all
// for a switched-off chatbot. The same settings saved without JavaScript take effect.
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, sql, test } from './fixtures.ts'
import { createShopChatbot as createChatbot, expectNoSeriousA11yViolations, openChatbotSection } from './helpers.ts'
import { E2E_EMBED_HOST_PORT } from './ports.ts'

const ALLOWED = `http://127.0.0.1:${E2E_EMBED_HOST_PORT}`
const OTHER_SITE = `http://localhost:${E2E_EMBED_HOST_PORT}`
const SUBDOMAIN = `http://shop.localhost:${E2E_EMBED_HOST_PORT}`

/**
 * The host page with the snippet, once the loader has asked for its config: the status it read, or
 * 'blocked' when the browser did not let the page read it (no CORS header: a site not allowed).
 */
async function openHostPage(page: Page, site: string, id: string) {
	const isConfig = (url: string) => url.endsWith(`/embed/${id}/config`)
	const outcome = Promise.race([
		page.waitForResponse((response) => isConfig(response.url())).then((response) => response.status()),
		page.waitForEvent('requestfailed', (request) => isConfig(request.url())).then(() => 'blocked' as const),
	])
	await page.goto(`${site}/?id=${id}`)
	return outcome
}

/** The token the embed page gives a frame on `site`, as a browser would get it. */
async function embedToken(request: APIRequestContext, id: string, site: string) {
	const response = await request.get(`/embed/${id}`, { headers: { 'Sec-Fetch-Dest': 'iframe', Referer: `${site}/` } })
	expect(response.status()).toBe(200)
	return new RegExp(`${id}\\.[A-Za-z0-9_-]*\\.\\d+\\.[A-Za-z0-9_-]+`).exec(await response.text())![0]
}

const ask = (text: string) => ({ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }] })

test('branded, allowed on one site only, with sources and a conversation that survives reloads', async ({
	page: owner,
	context,
	login,
	request,
	baseURL,
}) => {
	test.slow() // a whole journey across three origins
	await login()
	const id = await createChatbot(owner, 'Parcel Pal')
	await openChatbotSection(owner, 'widget')

	// The settings, with the live preview following each change before it is saved.
	const widget = owner.getByRole('region', { name: 'Widget on your site' })
	await expect(widget.getByText(/any website can embed this chatbot/)).toBeVisible()
	const preview = widget.getByTestId('widget-preview')
	await widget.getByLabel('Brand colour').fill('#0f766e')
	await widget.getByLabel('Title', { exact: true }).fill('Parcel help')
	await expect(preview.getByText('Parcel help')).toBeVisible()
	await widget.getByLabel('Subtitle').fill('We reply in seconds')
	await widget.locator('label', { has: owner.getByRole('radio', { name: 'Headset' }) }).click()
	await expect(widget.getByRole('radio', { name: 'Headset' })).toBeChecked()
	await widget.getByLabel('Welcome message').fill('Namaste! Ask me about delivery or returns.')
	await widget.getByLabel('Suggested questions').fill('How long does delivery take?\nCan I return an item?')
	await expect(preview.getByText('Can I return an item?')).toBeVisible()
	await widget.getByLabel('Input placeholder').fill('Type your question…')
	await widget.getByLabel('Bottom left').check()
	await widget.getByLabel('Launcher label').fill('Ask us')
	await expect(preview.getByTestId('widget-launcher-preview')).toHaveText('Ask us')
	expect(
		await preview.getByTestId('widget-launcher-preview').evaluate((el) => getComputedStyle(el).backgroundColor),
	).toBe('rgb(15, 118, 110)')
	await widget.getByLabel('Show sources under each answer').check()
	await widget.getByLabel('Allowed sites').fill(`127.0.0.1:${E2E_EMBED_HOST_PORT}`)
	await expect(widget.getByText(/any website can embed this chatbot/)).toBeHidden()
	await expectNoSeriousA11yViolations(owner)
	await widget.getByRole('button', { name: 'Save widget' }).click()
	await expect(owner.getByText('Widget saved')).toBeVisible()

	// The allowed site: the branded launcher, bottom left, and the chat as configured.
	const page = await context.newPage()
	// The host page's console stays clean: no message is posted to the frame before it has loaded
	// (it was, and the browser warned of mismatched origins on every first open).
	const hostConsole: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error' || message.type() === 'warning') hostConsole.push(message.text())
	})
	expect(await openHostPage(page, ALLOWED, id)).toBe(200)
	const launcher = page.getByRole('button', { name: 'Ask us' })
	await expect(launcher).toBeVisible()
	expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)')
	expect((await launcher.boundingBox())!.x).toBeLessThan(40)
	await launcher.click()
	const chat = page.frameLocator('iframe[title="Chat"]')
	await expect(chat.getByRole('heading', { name: 'Parcel help' })).toBeVisible()
	await expect(chat.getByText('We reply in seconds')).toBeVisible()
	await expect(chat.locator('[data-role="assistant"]').first()).toHaveText(
		/Namaste! Ask me about delivery or returns\./,
	)
	await expect(chat.getByPlaceholder('Type your question…')).toBeVisible()
	await chat.getByRole('button', { name: 'How long does delivery take?' }).click()
	const answer = chat.locator('[data-role="assistant"]').last()
	await expect(answer).toContainText('three to five working days', { timeout: 10_000 })
	await expect(answer.getByTestId('citation')).toHaveAccessibleName(/^Source 1: /)
	await answer.getByText(/Sources from the knowledge base \(1\)/).click()
	await expect(answer.getByTestId('sources')).toContainText('We deliver across India')
	// The suggestions go once the visitor has asked.
	await expect(chat.getByRole('list', { name: 'Suggested questions' })).toBeHidden()
	expect(hostConsole.filter((text) => /postMessage/.test(text))).toEqual([])

	// A reload (another page of the host site) keeps the conversation; "New conversation" clears it.
	await page.reload()
	await page.getByRole('button', { name: 'Ask us' }).click()
	await expect(chat.locator('[data-role="user"]')).toHaveText(/How long does delivery take\?/)
	await expect(chat.locator('[data-role="assistant"]').last()).toContainText('three to five working days')
	await chat.getByRole('button', { name: 'New conversation' }).click()
	await expect(chat.locator('[data-role="user"]')).toHaveCount(0)
	await expect(chat.getByRole('button', { name: 'Can I return an item?' })).toBeVisible()
	await page.reload()
	await page.getByRole('button', { name: 'Ask us' }).click()
	await expect(chat.locator('[data-role="assistant"]')).toHaveCount(1)
	await expect(chat.locator('[data-role="user"]')).toHaveCount(0)
	await expectNoSeriousA11yViolations(page)

	// A message stops at the API's limit, with a count near it; the API's refusal is said in the chat.
	const box = chat.getByRole('textbox', { name: /message|question/i })
	await box.fill('x'.repeat(2100))
	expect(await box.inputValue()).toHaveLength(2000)
	await expect(chat.getByText('2,000 of 2,000 characters')).toBeVisible()
	// A paste longer than the limit is cut by the box, and the widget says so (the browser would not).
	await box.fill('')
	await box.evaluate((element, text) => {
		const data = new DataTransfer()
		data.setData('text/plain', text)
		element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
	}, 'y'.repeat(2400))
	await box.fill('y'.repeat(2400))
	await expect(chat.getByText('Your message was cut to 2,000 characters, the most one message can hold.')).toBeVisible()
	await page.route(`**/api/embed/${id}/chat`, (route) =>
		route.fulfill({ status: 400, json: { error: 'Messages are limited to 2000 characters.' } }),
	)
	await box.fill('Hello?')
	await box.press('Enter')
	await expect(chat.locator('[data-role="assistant"]').last()).toHaveText(/Messages are limited to 2000 characters\./)
	await page.unroute(`**/api/embed/${id}/chat`)
	await chat.getByRole('button', { name: 'New conversation' }).click()

	// Another site: the config is refused (and unreadable there), so no launcher.
	const other = await context.newPage()
	expect(await openHostPage(other, OTHER_SITE, id)).toBe('blocked')
	await expect(other.locator('[data-zenvora-chat]')).toHaveCount(0)
	expect((await request.get(`/embed/${id}/config`, { headers: { Origin: OTHER_SITE } })).status()).toBe(403)

	// The embed page opened directly, or framed by another site, is refused; framed by the allowed
	// site it is served with frame-ancestors naming only that site.
	const direct = await request.get(`/embed/${id}`, { headers: { 'Sec-Fetch-Dest': 'document' } })
	expect(direct.status()).toBe(403)
	expect(await direct.text()).toContain('This chat can only be used on the websites its owner has allowed.')
	const framedElsewhere = await request.get(`/embed/${id}`, {
		headers: { 'Sec-Fetch-Dest': 'iframe', Referer: `${OTHER_SITE}/` },
	})
	expect(framedElsewhere.status()).toBe(403)
	const framed = await request.get(`/embed/${id}`, { headers: { 'Sec-Fetch-Dest': 'iframe', Referer: `${ALLOWED}/` } })
	expect(framed.headers()['content-security-policy']).toContain(
		`frame-ancestors https://127.0.0.1:${E2E_EMBED_HOST_PORT} http://127.0.0.1:${E2E_EMBED_HOST_PORT}`,
	)

	// The chat API: refused without a token, with a made-up one, and from a script on another site.
	const sameOrigin = { Origin: baseURL! }
	const noToken = await request.post(`/api/embed/${id}/chat`, { data: ask('Delivery?'), headers: sameOrigin })
	expect(noToken.status()).toBe(403)
	expect((await noToken.json()).error).toBe('This chat can only be used on the websites its owner has allowed.')
	const token = await embedToken(request, id, ALLOWED)
	const forged = token.replace(/\.[^.]+$/, '.AAAA')
	expect(
		(
			await request.post(`/api/embed/${id}/chat`, {
				data: ask('Delivery?'),
				headers: { ...sameOrigin, 'x-embed-token': forged },
			})
		).status(),
	).toBe(403)
	expect(
		(
			await request.post(`/api/embed/${id}/chat`, {
				data: ask('Delivery?'),
				headers: { Origin: OTHER_SITE, 'x-embed-token': token },
			})
		).status(),
	).toBe(403)
	const ok = await request.post(`/api/embed/${id}/chat`, {
		data: ask('Delivery?'),
		headers: { ...sameOrigin, 'x-embed-token': token },
	})
	expect(ok.status()).toBe(200)
	expect(await ok.text()).toContain('data-sources')

	// A wildcard: every subdomain of localhost, and then 127.0.0.1 is no longer allowed.
	await sql(`UPDATE chatbots SET allowed_sites = $2 WHERE id = $1`, [id, [`*.localhost:${E2E_EMBED_HOST_PORT}`]])
	const shop = await context.newPage()
	expect(await openHostPage(shop, SUBDOMAIN, id)).toBe(200)
	await expect(shop.getByRole('button', { name: 'Ask us' })).toBeVisible()
	expect(await openHostPage(page, ALLOWED, id)).toBe('blocked')
	await expect(page.locator('[data-zenvora-chat]')).toHaveCount(0)

	// Switched off: no launcher anywhere.
	await sql(`UPDATE chatbots SET is_active = false WHERE id = $1`, [id])
	expect(await openHostPage(shop, SUBDOMAIN, id)).toBe(404)
	await expect(shop.locator('[data-zenvora-chat]')).toHaveCount(0)
})

test('a host saved without a port is allowed on any port of it; a site not listed is named in the settings', async ({
	page: owner,
	context,
	login,
}) => {
	await login()
	const id = await createChatbot(owner, 'Port Pal')
	await openChatbotSection(owner, 'widget')
	const widget = owner.getByRole('region', { name: 'Widget on your site' })
	// The hint says how ports work.
	await expect(widget.getByText(/A site without a port is allowed on any port/)).toBeVisible()
	await widget.getByLabel('Allowed sites').fill('127.0.0.1')
	await widget.getByRole('button', { name: 'Save widget' }).click()
	await expect(owner.getByText('Widget saved')).toBeVisible()

	// The host page on 127.0.0.1 with its own port: the launcher, and the chat in its frame (the
	// browser's frame-ancestors check lets it show).
	const host = await context.newPage()
	expect(await openHostPage(host, ALLOWED, id)).toBe(200)
	await host.getByRole('button', { name: 'Open chat' }).click()
	const chat = host.frameLocator('iframe[title="Chat"]')
	await chat.getByRole('textbox', { name: 'Ask Port Pal a question' }).fill('How long does delivery take?')
	await chat.getByRole('textbox', { name: 'Ask Port Pal a question' }).press('Enter')
	await expect(chat.locator('[data-role="assistant"]').last()).toContainText('three to five working days', {
		timeout: 10_000,
	})

	// The snippet on a site not listed: nothing shows there, and the settings name the site.
	const other = await context.newPage()
	expect(await openHostPage(other, OTHER_SITE, id)).toBe('blocked')
	await owner.reload()
	const warning = widget.getByTestId('refused-site')
	await expect(warning).toContainText(`Seen on ${OTHER_SITE}, not in your allowed sites.`)
	await expectNoSeriousA11yViolations(owner)
	// Typing the site in takes the warning away; saving it lets the site show the chat.
	await widget.getByLabel('Allowed sites').fill('127.0.0.1\nlocalhost')
	await expect(warning).toHaveCount(0)
	await widget.getByRole('button', { name: 'Save widget' }).click()
	await expect(owner.getByText('Widget saved')).toBeVisible()
	expect(await openHostPage(other, OTHER_SITE, id)).toBe(200)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the widget settings save, refuse what is wrong with a reason, and keep what was typed', async ({
		page,
		login,
		request,
	}) => {
		await login()
		const id = await createChatbot(page, 'Plain Widget')
		// The widget is a section of the chatbot's page with its address; its forms come back to it.
		await page
			.getByRole('navigation', { name: 'Chatbot sections' })
			.getByRole('link', { name: 'Widget & embed' })
			.click()
		await expect(page).toHaveURL(`/playground/chatbots/${id}/widget`)
		const widget = page.getByRole('region', { name: 'Widget on your site' })
		await widget.getByLabel('Launcher label').fill('Help')
		await widget.getByLabel('Allowed sites').fill('shop.example.com\nnot a site!')
		await widget.getByRole('button', { name: 'Save widget' }).click()
		await expect(widget.getByText('"not a site!" is not a site address.', { exact: false })).toBeVisible()
		await expect(widget.getByLabel('Launcher label')).toHaveValue('Help')
		await widget.getByLabel('Allowed sites').fill('shop.example.com')
		await widget.getByLabel('Bottom left').check()
		await widget.getByRole('button', { name: 'Save widget' }).click()
		await expect(page.getByText('Widget saved')).toBeVisible()
		await expect(page).toHaveURL(`/playground/chatbots/${id}/widget`)
		const [row] = await sql<{
			appearance: { launcherLabel: string; launcherPosition: string }
			allowed_sites: string[]
		}>(`SELECT appearance, allowed_sites FROM chatbots WHERE id = $1`, [id])
		expect(row.appearance).toMatchObject({ launcherLabel: 'Help', launcherPosition: 'left' })
		expect(row.allowed_sites).toEqual(['shop.example.com'])
		await expect(page.getByRole('region', { name: 'Widget on your site' }).getByLabel('Launcher label')).toHaveValue(
			'Help',
		)

		// A picture: something else is refused with its reason; a PNG is re-encoded and shown in the chat.
		const region = page.getByRole('region', { name: 'Widget on your site' })
		await region
			.getByLabel('Picture')
			.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') })
		await region.getByRole('button', { name: 'Upload picture' }).click()
		await expect(page.getByText('Choose a PNG or JPEG picture.')).toBeVisible()
		const image = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#c8c8c8c8' } })
			.png()
			.toBuffer()
		await region.getByLabel('Picture').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: image })
		await region.getByRole('button', { name: 'Upload picture' }).click()
		await expect(page.getByText('Picture saved')).toBeVisible()
		const embed = await request.get(`/embed/${id}`, {
			headers: { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://shop.example.com/' },
		})
		const src = new RegExp(`/embed/${id}/avatar\\?v=[\\w-]+`).exec(await embed.text())![0]
		const picture = await request.get(src)
		expect(picture.headers()['content-type']).toBe('image/png')
		expect((await sharp(await picture.body()).metadata()).width).toBe(96)
		await page
			.getByRole('region', { name: 'Widget on your site' })
			.getByRole('button', { name: 'Remove picture' })
			.click()
		await expect(page.getByText('Picture removed')).toBeVisible()
		expect((await request.get(src)).status()).toBe(404)
	})
})

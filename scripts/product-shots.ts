// `npm run shots:product`: the home page's pictures of the Playground, taken from the running
// product so they never drift from it. Starts the production build against a throw-away database,
// builds a demo chatbot, chats with it through its widget on a demo shop's page of another origin,
// and saves three JPEGs to public/product/: the builder, the widget on a site, and a conversation
// with its retrieval trace. The shop is at a production-looking address (SHOP_ORIGIN), served by the
// browser's own request interception, so the owner's view of the conversation shows that address
// and never a test one (127.0.0.1 and a port, which it did). Each picture's visible web addresses are
// checked before it is saved and recorded, with its SHA-256, in scripts/product-shots.json, which
// tests/integration/public-promises.test.ts reads. docs/decisions/0047-public-site-promises.md
import crypto from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startApp } from './bench/start-app.ts'

const SESSION_SECRET = 'product-shots-secret-0123456789abcdef0123456789'
process.env.SESSION_SECRET = SESSION_SECRET
const app = await startApp({ SESSION_SECRET })
process.env.DATABASE_URL = app.databaseUrl
const { sessionCookieFor } = await import('../tests/support/session-cookie.ts')
const { prisma } = await import('~/lib/db.server.ts')

const KNOWLEDGE = [
	'Delivery\n\nWe deliver across India in three to five working days. Orders above 999 rupees ship free.',
	'Returns\n\nItems can come back within 30 days of delivery, unused and in their box. Refunds reach your account in five working days.',
	'Opening hours\n\nOur Pune store is open 10 am to 8 pm, Monday to Saturday.',
	'Gift wrapping\n\nEvery order can be gift wrapped for 49 rupees, with a handwritten note.',
].join('\n\n')
const out = (name: string) => path.join(app.root, 'public/product', `${name}.jpg`)

let chatbotId = ''
/** The demo shop's address in the pictures: reserved for examples (RFC 2606), served by the browser. */
const SHOP_ORIGIN = 'https://kavyahome.example'
const shopPage = () => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Kavya Home Store</title><style>body{margin:0;font:16px system-ui;color:#1e293b;background:#fffbeb}
header{padding:20px 48px;background:#fff;border-bottom:1px solid #fde68a;font-weight:700;font-size:22px;color:#b45309}
main{padding:56px 48px;max-width:560px}h1{font-size:44px;margin:0 0 16px;color:#78350f}p{line-height:1.6}</style></head>
<body><header>Kavya Home Store</header><main><h1>Handmade brass for every home</h1>
<p>Lamps, bowls and bells from Moradabad's workshops, delivered across India.</p></main>
<script src="${app.origin}/embed.js" data-chatbot-id="${chatbotId}" async></script></body></html>`

/** A test address: a loopback host, or any host with a port. */
const TEST_ADDRESS = /^(?:https?:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?:[:/]|$)|^(?:https?:\/\/)?[^/\s]+:\d+/i

/** The web addresses (and bare loopback hosts) in the text a screenshot of `page` shows, its frames included. */
async function shownAddresses(page: Page) {
	const found = new Set<string>()
	for (const frame of page.frames()) {
		// No named functions inside: tsx would wrap them in a helper that the page does not have.
		const texts = await frame.evaluate(() => {
			const shown: string[] = []
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
			const range = document.createRange()
			const boxes: Array<[DOMRect[], string]> = []
			while (walker.nextNode()) {
				range.selectNodeContents(walker.currentNode)
				boxes.push([[...range.getClientRects()], walker.currentNode.textContent ?? ''])
			}
			for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
				boxes.push([[field.getBoundingClientRect()], field.value])
			for (const [rects, text] of boxes)
				if (rects.some((r) => r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth))
					shown.push(text)
			return shown
		})
		for (const text of texts)
			for (const match of text.matchAll(
				/https?:\/\/[^\s"'<>]+|\b(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3})(?::\d{1,5})?/gi,
			))
				found.add(match[0])
	}
	return [...found].sort()
}

const shots: Array<{ file: string; sha256: string; addresses: string[] }> = []

/** Takes the picture, refuses it if it shows a test address, saves it and records what it shows. */
async function shoot(page: Page, name: string) {
	const addresses = await shownAddresses(page)
	const test = addresses.filter((address) => TEST_ADDRESS.test(address))
	if (test.length > 0) throw new Error(`The ${name} picture would show test addresses: ${test.join(', ')}`)
	const bytes = await page.screenshot({ type: 'jpeg', quality: 80 })
	await writeFile(out(name), bytes)
	shots.push({ file: `${name}.jpg`, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), addresses })
}

/** Asks in the widget and waits for the whole answer. */
async function ask(frame: ReturnType<Page['frameLocator']>, question: string) {
	const answers = frame.locator('[data-role="assistant"]')
	const before = await answers.count()
	const input = frame.getByRole('textbox').first()
	await input.fill(question)
	await input.press('Enter')
	await answers.nth(before).waitFor()
	await frame.locator('textarea:not([disabled])').first().waitFor() // the composer is locked until the last word
}

// The shop's page is "public" to Chromium and the app is on loopback: Local Network Access would
// refuse the embed's requests, which on a real site go to a public address.
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--disable-features=LocalNetworkAccessChecks'],
})
try {
	const cookie = await sessionCookieFor('demo@kavya.example')
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })
	const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
	await context.addCookies([{ name, value, url: app.origin, httpOnly: true, sameSite: 'Lax', secure: true }])
	const page = await context.newPage()
	await page.goto(`${app.origin}/playground?new`)
	await page.getByLabel('Knowledge Base Content').fill(KNOWLEDGE)
	await page.getByLabel('Chatbot Name').fill('Kavya Helper')
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await page.waitForURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	chatbotId = page.url().split('/').pop()!

	// The builder: knowledge and settings beside the live preview, with one answer in it.
	const preview = page.locator('#preview')
	await preview.getByRole('textbox').first().fill('How long does delivery take?')
	await preview.getByRole('textbox').first().press('Enter')
	await preview.locator('[data-role="assistant"]').nth(1).waitFor()
	await preview
		.locator('[data-role="assistant"]')
		.nth(1)
		.getByText(/three to five working days/)
		.first()
		.waitFor()
	// A toast under the pointer stays: the pointer leaves first.
	await page.mouse.move(0, 0)
	await page.getByText('Chatbot created!').waitFor({ state: 'hidden', timeout: 15_000 })
	await page.evaluate(() => window.scrollTo(0, 0))
	await shoot(page, 'builder')

	// The widget on a shop's site, another origin.
	await context.route(`${SHOP_ORIGIN}/**`, (route) =>
		route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: shopPage() }),
	)
	const shop = await context.newPage()
	await shop.goto(`${SHOP_ORIGIN}/`)
	await shop.getByRole('button', { name: /chat/i }).click()
	const widget = shop.frameLocator('iframe[title="Chat"]')
	await ask(widget, 'How long does delivery take?')
	await ask(widget, 'Can you gift wrap my order?')
	await ask(widget, 'Do you sell furniture?')
	await shoot(shop, 'widget')

	// What the owner sees: the conversation with each answer's retrieval trace.
	const conversation = await prisma.chatbotConversation.findFirstOrThrow({ where: { chatbotId, kind: 'embed' } })
	await page.goto(`${app.origin}/playground/chatbots/${chatbotId}/conversations/${conversation.id}`)
	await page
		.getByText(/Retrieved passages/)
		.first()
		.click()
	await shoot(page, 'activity')
	const record = path.join(app.root, 'scripts/product-shots.json')
	await writeFile(record, `${JSON.stringify({ shopOrigin: SHOP_ORIGIN, shots }, null, '\t')}\n`)
	console.log(`Saved ${shots.map((shot) => out(shot.file.replace(/\.jpg$/, ''))).join(', ')} and ${record}`)
} finally {
	await browser.close()
	await prisma.$disconnect()
	await app.stop()
}

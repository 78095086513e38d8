// `npm run shots:product`: the home page's pictures of the Playground, taken from the running
// product so they never drift from it. Starts the production build against a throw-away database,
// builds a demo chatbot, chats with it through its widget on a host page of another origin, and
// saves three JPEGs to public/product/: the builder, the widget on a site, and a conversation with
// its retrieval trace.
import http from 'node:http'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { findFreePort } from '../server/db/embedded-postgres.ts'
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
const hostPort = await findFreePort()
const host = http.createServer((_request, response) => {
	response.writeHead(200, { 'Content-Type': 'text/html' })
		.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Kavya Home Store</title><style>body{margin:0;font:16px system-ui;color:#1e293b;background:#fffbeb}
header{padding:20px 48px;background:#fff;border-bottom:1px solid #fde68a;font-weight:700;font-size:22px;color:#b45309}
main{padding:56px 48px;max-width:560px}h1{font-size:44px;margin:0 0 16px;color:#78350f}p{line-height:1.6}</style></head>
<body><header>Kavya Home Store</header><main><h1>Handmade brass for every home</h1>
<p>Lamps, bowls and bells from Moradabad's workshops, delivered across India.</p></main>
<script src="${app.origin}/embed.js" data-chatbot-id="${chatbotId}" async></script></body></html>`)
})
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

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
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
	await page.getByText('Chatbot created!').waitFor({ state: 'hidden', timeout: 15_000 })
	await page.evaluate(() => window.scrollTo(0, 0))
	await page.mouse.move(0, 0)
	await page.screenshot({ path: out('builder'), type: 'jpeg', quality: 80 })

	// The widget on a shop's site, another origin.
	await new Promise<void>((resolve) => host.listen(hostPort, '127.0.0.1', resolve))
	const shop = await context.newPage()
	await shop.goto(`http://127.0.0.1:${hostPort}/`)
	await shop.getByRole('button', { name: /chat/i }).click()
	const widget = shop.frameLocator('iframe[title="Chat"]')
	await ask(widget, 'How long does delivery take?')
	await ask(widget, 'Can you gift wrap my order?')
	await ask(widget, 'Do you sell furniture?')
	await shop.screenshot({ path: out('widget'), type: 'jpeg', quality: 80 })

	// What the owner sees: the conversation with each answer's retrieval trace.
	const conversation = await prisma.chatbotConversation.findFirstOrThrow({ where: { chatbotId, kind: 'embed' } })
	await page.goto(`${app.origin}/playground/chatbots/${chatbotId}/conversations/${conversation.id}`)
	await page
		.getByText(/Retrieved passages/)
		.first()
		.click()
	await page.screenshot({ path: out('activity'), type: 'jpeg', quality: 80 })
	console.log(`Saved ${['builder', 'widget', 'activity'].map(out).join(', ')}`)
} finally {
	await browser.close()
	host.close()
	await prisma.$disconnect()
	await app.stop()
}

import { chromium } from '@playwright/test'
import pg from 'pg'
const base = 'http://localhost:3456'
const db = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/shots' })
await db.connect()
const {
	rows: [user],
} = await db.query(`SELECT id FROM users WHERE email='shot@example.com'`)
await db.query(`UPDATE users SET full_name = 'Shot User' WHERE id = $1`, [user.id])
const { rows: bots } = await db.query(`SELECT id FROM chatbots WHERE user_id = $1`, [user.id])
if (bots.length === 0) {
	for (const name of ['Support Assistant for the Jaipur Studio and every other branch we run', 'Sales Helper', 'FAQ']) {
		const {
			rows: [b],
		} = await db.query(
			`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, embed_code) VALUES ($1, $2, 'Opening hours: 9 to 5.', 'Be brief.', '<script src="http://localhost:3456/embed.js" data-chatbot-id="x" async></script>') RETURNING id`,
			[user.id, name],
		)
		bots.push(b)
	}
	await db.query(
		`INSERT INTO agents (user_id, name, description, instructions, first_message) VALUES ($1, 'Front desk line for the Pune clinic and the Mumbai clinic too', 'We are open 9 to 6.', 'Be warm.', 'Hi!'), ($1, 'Sales', null, 'Be brief.', 'Hello')`,
		[user.id],
	)
}
const { createSession } = await import('~/lib/session.server.ts')
process.env.SESSION_SECRET = 'shots-secret-0123456789abcdef0123456789abcdef'
const { setCookie } = await createSession(user.id)
const [name, value] = setCookie.split(';')[0].split('=')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const pages = (
	process.env.PAGES ?? `list:/playground,bot:/playground/chatbots/${bots[0].id},voice:/playground/voicebots`
).split(',')
for (const width of (process.env.WIDTHS ?? '360,768,1440').split(',').map(Number)) {
	const context = await browser.newContext({ viewport: { width, height: 900 } })
	await context.addCookies([{ name, value, url: base }])
	const page = await context.newPage()
	for (const entry of pages) {
		const [label, path] = entry.split(/:(.*)/s)
		await page.goto(base + path.replace('BOT', bots[0].id))
		await page.waitForTimeout(400)
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
		console.log(width, label, 'overflow', overflow)
		await page.screenshot({ path: `/tmp/shots/${label}-${width}.png`, fullPage: true })
	}
	await context.close()
}
await browser.close()
await db.end()
process.exit(0)

import { chromium } from '@playwright/test'
const [, , url, out, width = '1440', height = '900', full = 'full'] = process.argv
const browser = await chromium.launch({
	executablePath: '/usr/bin/chromium',
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
})
const page = await browser.newPage({ viewport: { width: +width, height: +height } })
page.on('console', (m) => {
	if (m.type() === 'error') console.log('console error:', m.text())
})
page.on('pageerror', (e) => console.log('page error:', e.message))
await page.goto(url, { waitUntil: 'networkidle' })
await page.waitForTimeout(800)
await page.screenshot({ path: out, fullPage: full === 'full' })
await browser.close()

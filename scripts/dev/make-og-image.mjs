// Renders scripts/dev/og-image.html to public/og-image.jpg with Debian's Chromium.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '../..')
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.goto(pathToFileURL(path.join(root, 'scripts/dev/og-image.html')).href)
await page.evaluate(() => document.fonts.ready)
await page.screenshot({ path: path.join(root, 'public/og-image.jpg'), type: 'jpeg', quality: 88 })
await browser.close()

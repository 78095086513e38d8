// Whether embed.js changes a host page's first paint: the same page with and without the snippet,
// loaded alternately in Chromium; first contentful paint from the browser's own paint timing, and
// when the launcher appeared. Used by `npm run bench:knowledge`.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from '@playwright/test'

const RUNS = 15

const page = (snippet: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:40px}</style></head>
<body><main><h1>A host page</h1><p>${'Some content of the host site. '.repeat(40)}</p></main>${snippet}</body></html>`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function measureEmbedPaint(appOrigin: string, chatbotId: string) {
	const host = http.createServer((request, response) => {
		response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
		response.end(
			page(
				request.url === '/with'
					? `<script src="${appOrigin}/embed.js" data-chatbot-id="${chatbotId}" async></script>`
					: '',
			),
		)
	})
	await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
	const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
	const paints = { without: [] as number[], with: [] as number[] }
	const launcherAt: number[] = []
	try {
		for (let run = 0; run < RUNS * 2; run++) {
			const withSnippet = run % 2 === 1
			const context = await browser.newContext()
			const tab = await context.newPage()
			await tab.goto(`${origin}/${withSnippet ? 'with' : 'without'}`, { waitUntil: 'load' })
			if (withSnippet) {
				await tab.locator('[data-zenvora-chat]').waitFor()
				launcherAt.push(await tab.evaluate(() => performance.now()))
			}
			// The paint entry, once there is one (a fast page may reach "load" before its first paint).
			const fcp = await tab.evaluate(
				() =>
					new Promise<number>((resolve) =>
						new PerformanceObserver((list) => {
							const entry = list.getEntriesByName('first-contentful-paint')[0]
							if (entry) resolve(entry.startTime)
						}).observe({ type: 'paint', buffered: true }),
					),
			)
			paints[withSnippet ? 'with' : 'without'].push(fcp)
			await context.close()
		}
	} finally {
		await browser.close()
		host.close()
	}
	return { without: median(paints.without), with: median(paints.with), launcher: median(launcherAt), runs: RUNS }
}

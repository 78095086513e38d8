// `npm run bench`: measures the production build on this machine.
//  - requests/second of the home page served by the app (anonymous visitors get the page cache)
//    vs. the same HTML as a static file from the same Express process (goal: SSR >= 40% of static),
//    and, for reference, a full React render on every request (a query string bypasses the cache)
//    (goal: SSR >= 60% of static)
//  - JavaScript each public page loads in Chromium before anyone touches it, gzipped: the page
//    loaded on a phone-sized window, left until the network is quiet and idle islands have woken
//    (goal: < 110 KB on the home page)
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import autocannon from 'autocannon'
import { publicPaths } from '~/lib/sitemap.ts'
import { startApp } from './start-app.ts'

const JS_GOAL_BYTES = 110 * 1024
const SSR_RATIO_GOAL = 0.6

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

async function measure(url: string) {
	// A short warm-up so both runs start with a hot JIT.
	await autocannon({ url, connections, duration: 2 })
	const result = await autocannon({ url, connections, duration: seconds })
	if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
	return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

const app = await startApp()
const { origin } = app
const staticDir = path.join(app.root, 'build/client/__bench')

try {
	const html = await (await fetch(`${origin}/`)).text()
	await mkdir(staticDir, { recursive: true })
	await writeFile(path.join(staticDir, 'home.html'), html)

	const ssr = await measure(`${origin}/`)
	const rendered = await measure(`${origin}/?bench=render-every-request`)
	const staticFile = await measure(`${origin}/__bench/home.html`)

	const firstViewScripts = await measureFirstViewScripts(origin)
	const css = [...new Set([...html.matchAll(/\/assets\/[^"'\s)]+\.css/g)].map((m) => m[0]))]
	let cssGzip = 0
	for (const href of css) cssGzip += gzipSync(Buffer.from(await (await fetch(`${origin}${href}`)).arrayBuffer())).length

	const ratio = ssr.rps / staticFile.rps
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
	console.log(
		`\nHome page, ${connections} connections, ${seconds} s each (Node ${process.version}, ${os.cpus().length} cores)`,
	)
	console.log(`  SSR app, as visitors get it:   ${ssr.rps.toFixed(0)} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms`)
	console.log(
		`  SSR, React render every time: ${rendered.rps.toFixed(0)} req/s, p50 ${rendered.p50} ms, p99 ${rendered.p99} ms`,
	)
	console.log(
		`  Static file (same HTML):       ${staticFile.rps.toFixed(0)} req/s, p50 ${staticFile.p50} ms, p99 ${staticFile.p99} ms`,
	)
	console.log(
		`  SSR / static: ${(ratio * 100).toFixed(0)}% (goal >= ${SSR_RATIO_GOAL * 100}%) ${ratio >= SSR_RATIO_GOAL ? 'PASS' : 'MISS'}`,
	)
	console.log('\nJavaScript loaded before any interaction (Chromium, 412 x 823 window), gzipped:')
	for (const [pagePath, files] of firstViewScripts) {
		const gzip = files.reduce((sum, file) => sum + file.gzip, 0)
		const raw = files.reduce((sum, file) => sum + file.raw, 0)
		const verdict = pagePath === '/' ? ` (goal < 110 KB) ${gzip < JS_GOAL_BYTES ? 'PASS' : 'MISS'}` : ''
		console.log(
			`  ${pagePath.padEnd(40)} ${String(files.length).padStart(2)} files, ${kb(raw)} raw, ${kb(gzip)} gzipped${verdict}`,
		)
	}
	const home = firstViewScripts.get('/') ?? []
	console.log(`  Home page files: ${home.map((f) => `${f.name} ${kb(f.gzip)}`).join(', ')}`)
	console.log(
		`  CSS: ${css.length} file(s), ${kb(cssGzip)} gzipped; HTML: ${kb(html.length)} raw, ${kb(gzipSync(html).length)} gzipped`,
	)
} finally {
	await rm(staticDir, { recursive: true, force: true })
	await app.stop()
}

/** Every script a real browser fetches for each public page without interaction, by page. */
async function measureFirstViewScripts(origin: string) {
	const executablePath =
		process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
	const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
	const byPage = new Map<string, Array<{ name: string; raw: number; gzip: number }>>()
	try {
		for (const pagePath of publicPaths()) {
			const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
			const page = await context.newPage()
			const bodies: Array<Promise<{ name: string; raw: number; gzip: number }>> = []
			page.on('response', (response) => {
				if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return
				bodies.push(
					response.body().then((body) => ({
						name: new URL(response.url()).pathname.split('/').pop() ?? '',
						raw: body.length,
						gzip: gzipSync(body).length,
					})),
				)
			})
			await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' })
			// Idle islands wake within 2 s of the load event (requestIdleCallback's time-out).
			await page.waitForTimeout(2500)
			await page.waitForLoadState('networkidle')
			byPage.set(pagePath, await Promise.all(bodies))
			await context.close()
		}
	} finally {
		await browser.close()
	}
	return byPage
}

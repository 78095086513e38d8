// `npm run bench`: measures the production build on this machine.
//  - requests/second of the home page served by the app (anonymous visitors get the page cache)
//    vs. the same HTML as a static file from the same Express process (goal: SSR >= 40% of static),
//    and, for reference, a full React render on every request (a query string bypasses the cache)
//  - JavaScript the home page loads, gzipped (goal: < 150 KB)
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { startApp } from './start-app.ts'

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

	const scripts = [...new Set([...html.matchAll(/\/assets\/[^"'\s)]+\.js/g)].map((m) => m[0]))]
	let jsRaw = 0
	let jsGzip = 0
	for (const src of scripts) {
		const body = Buffer.from(await (await fetch(`${origin}${src}`)).arrayBuffer())
		jsRaw += body.length
		jsGzip += gzipSync(body).length
	}
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
	console.log(`  SSR / static: ${(ratio * 100).toFixed(0)}% (goal >= 40%) ${ratio >= 0.4 ? 'PASS' : 'MISS'}`)
	console.log(
		`  JavaScript: ${scripts.length} files, ${kb(jsRaw)} raw, ${kb(jsGzip)} gzipped (goal < 150 KB) ${jsGzip < 150 * 1024 ? 'PASS' : 'MISS'}`,
	)
	console.log(
		`  CSS: ${css.length} file(s), ${kb(cssGzip)} gzipped; HTML: ${kb(html.length)} raw, ${kb(gzipSync(html).length)} gzipped`,
	)
} finally {
	await rm(staticDir, { recursive: true, force: true })
	await app.stop()
}

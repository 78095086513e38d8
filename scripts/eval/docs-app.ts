// For the evaluations on real documentation (eval:docs, eval:manuals): a folder of a manual's pages
// served over HTTP on 127.0.0.1, and the production build, with its job worker, allowed to import
// from it. Ports: EVAL_PORT (the pages) and EVAL_APP_PORT (the app), else free ones.
import { createReadStream, existsSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { startApp } from '../bench/start-app.ts'

const SESSION_SECRET = 'eval-session-secret-0123456789abcdef0123456789'

/** Serves `dir` (`/` as `index`) and starts the app; this process then reaches the app's database. */
export async function startDocsApp(dir: string, { index = 'index.html' } = {}) {
	const site = http.createServer((request, response) => {
		const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://docs').pathname)
		const file = path.join(dir, pathname === '/' ? index : pathname)
		if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end()
		response.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/plain' })
		createReadStream(file).pipe(response)
	})
	await new Promise<void>((resolve) => site.listen(Number(process.env.EVAL_PORT ?? 0), '127.0.0.1', resolve))
	const docsOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`
	const app = await startApp({
		SESSION_SECRET,
		WEBSITE_IMPORT_ALLOW: docsOrigin.slice('http://'.length),
		CRAWL_DELAY_MS: '0',
		...(process.env.EVAL_APP_PORT ? { PORT: process.env.EVAL_APP_PORT } : {}),
	})
	process.env.DATABASE_URL = app.databaseUrl
	process.env.SESSION_SECRET = SESSION_SECRET
	return {
		docsOrigin,
		app,
		async stop() {
			site.close()
			await app.stop()
		},
	}
}

// A small website for import tests: an HTML page with chrome to strip, redirects, a slow page, a
// huge page, a non-HTML file, an error page, a small docs site under /docs/ (docs-site.ts) and shops
// whose pages a test can change under /shop/ (shop-site.ts). Listens on 127.0.0.1 (a port of its own or given).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { docsPage } from './docs-site.ts'
import { shopResponse } from './shop-site.ts'

export const ARTICLE_PAGE = `<!doctype html>
<html><head><title>Acme Widgets</title><style>body { color: red }</style><script>window.secret = 'do not import'</script></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About navigation link</a></nav>
<header><p>Site header banner</p></header>
<main>
<h1>Acme Widgets warranty</h1>
<p>Every   Acme widget carries a
   seven-year warranty covering the flux capacitor.</p>
<p>Our workshop in Pune repairs widgets within 48 hours.</p>
</main>
<footer>Copyright footer text</footer>
</body></html>`

export type WebsiteServer = { origin: string; port: number; close: () => Promise<void> }

export async function startWebsiteServer(port = 0): Promise<WebsiteServer> {
	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://localhost')
		const shop = shopResponse(request.method ?? 'GET', url.pathname, url.searchParams)
		if (shop) {
			response.writeHead(shop.status, { 'Content-Type': 'html' in shop ? 'text/html; charset=utf-8' : 'text/plain' })
			return response.end('html' in shop ? shop.html : shop.body)
		}
		const docs = docsPage(url.pathname)
		if (docs) {
			response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
			return response.end(docs)
		}
		switch (url.pathname) {
			case '/article':
				response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
				return response.end(ARTICLE_PAGE)
			case '/redirect': {
				// ?to=URL, or a chain: ?hops=N ends at /article.
				const hops = Number(url.searchParams.get('hops') ?? 0)
				const to = url.searchParams.get('to') ?? (hops > 1 ? `/redirect?hops=${hops - 1}` : '/article')
				response.writeHead(302, { Location: to })
				return response.end()
			}
			case '/slow':
				response.writeHead(200, { 'Content-Type': 'text/html' })
				response.write('<html><body><p>Loading')
				// Never finishes on its own; the client's deadline must end it.
				return void setTimeout(() => response.end('</p></body></html>'), 30_000).unref()
			case '/huge': {
				response.writeHead(200, { 'Content-Type': 'text/html' })
				const block = `<p>${'x'.repeat(64 * 1024)}</p>`
				let sent = 0
				const pump = () => {
					while (sent < 200 && response.write(block)) sent++
					if (sent < 200) response.once('drain', pump)
					else response.end()
				}
				response.on('error', () => {})
				return pump()
			}
			case '/file.json':
				response.writeHead(200, { 'Content-Type': 'application/json' })
				return response.end('{"a":1}')
			case '/missing':
				response.writeHead(404, { 'Content-Type': 'text/html' })
				return response.end('<p>Not here</p>')
			default:
				response.writeHead(404)
				return response.end()
		}
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const actual = (server.address() as AddressInfo).port
	return {
		origin: `http://127.0.0.1:${actual}`,
		port: actual,
		close: () => {
			server.closeAllConnections()
			return new Promise((resolve) => server.close(() => resolve()))
		},
	}
}

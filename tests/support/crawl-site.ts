// A local website of about 200 pages for whole-site import: a sitemap, robots.txt rules, duplicate
// pages (same text, a canonical copy, a tracking-parameter spelling), a redirect off the site, a
// 404, a page slower than the crawl's time-out and a hostile page nested 100,000 levels deep. Pages
// answer conditional requests (ETag), count how often each is fetched, and can be changed in place
// to test re-sync. Listens on 127.0.0.1.
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { nestedDivPage } from './documents.ts'

export const SECTIONS = 10
export const PAGES_PER_SECTION = 18

/** The fact on a deep page, which only that page states. */
export const widgetCode = (section: number, page: number, version = 0) =>
	`ZX-${section * 100 + page}${version ? `-v${version}` : ''}`

/** Pages the crawl should index: home, about, the sections and their pages. */
export const INDEXABLE_PAGES = 2 + SECTIONS + SECTIONS * PAGES_PER_SECTION

export type CrawlSite = {
	origin: string
	/** How many times each path (with its query) was requested. */
	hits: Map<string, number>
	/** Changes the text of these page paths (a re-sync must re-index exactly them). */
	change: (paths: string[]) => void
	/** Removes a page: it answers 404 from now on. */
	remove: (path: string) => void
	close: () => Promise<void>
}

const layout = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/section/1">Catalogue</a></nav>
<div id="cookie-banner" class="cookie-consent">We use cookies. <button>Accept</button></div>
<main>${body}</main>
<footer>© Test Widgets Ltd · <a href="/about">About us</a></footer>
</body></html>`

const ABOUT_TEXT = '<h1>About Test Widgets</h1><p>Test Widgets Ltd has made precision widgets in Pune since 1998.</p>'

/** `sections`: fewer make a smaller site (the browser tests use 3, about 60 pages, to keep CI light). */
export async function startCrawlSite(port = 0, { sections = SECTIONS } = {}): Promise<CrawlSite> {
	const hits = new Map<string, number>()
	const versions = new Map<string, number>()
	const removed = new Set<string>()
	let origin = ''

	function page(path: string): { status: number; html?: string; headers?: Record<string, string> } | null {
		if (removed.has(path)) return null
		const version = versions.get(path) ?? 0
		const changed = version ? `<p>Revised edition ${version}.</p>` : ''
		if (path === '/') {
			const sectionLinks = Array.from(
				{ length: sections },
				(_, i) => `<li><a href="/section/${i + 1}">Section ${i + 1}</a></li>`,
			)
			return {
				status: 200,
				html: layout(
					'Test Widgets',
					`<h1>Test Widgets catalogue</h1><p>Browse every widget we make.</p>${changed}<ul>${sectionLinks.join('')}</ul>
<a href="/private/secret">Staff only</a> <a href="/leave">Our partner</a> <a href="/gone">Old page</a>
<a href="/slow">Slow page</a> <a href="/deep">Deep page</a> <a href="/dup-b">About (copy)</a>
<a href="/about?utm_source=newsletter#team">About (tracked)</a> <a href="/docs/canonical-copy">About (canonical copy)</a>
<a href="/brochure.pdf">Brochure</a> <a href="mailto:sales@example.com">Mail us</a> <a href="/skip-me" rel="nofollow">Nofollow</a>`,
				),
			}
		}
		if (path === '/about') return { status: 200, html: layout('About Test Widgets', `${ABOUT_TEXT}${changed}`) }
		if (path === '/dup-b') return { status: 200, html: layout('About Test Widgets', ABOUT_TEXT) }
		if (path === '/docs/canonical-copy')
			return {
				status: 200,
				html: layout(
					'About (copy)',
					`${ABOUT_TEXT}<p>Printed copy.</p>`,
					`<link rel="canonical" href="${origin}/about">`,
				),
			}
		if (path === '/private/secret') return { status: 200, html: layout('Secret', '<p>Staff salaries.</p>') }
		if (path === '/deep') return { status: 200, html: nestedDivPage(100_000) }
		const section = /^\/section\/(\d+)$/.exec(path)
		if (section && Number(section[1]) >= 1 && Number(section[1]) <= sections) {
			const n = Number(section[1])
			const links = Array.from(
				{ length: PAGES_PER_SECTION },
				(_, i) => `<li><a href="/section/${n}/page/${i + 1}">Widget ${n}-${i + 1}</a></li>`,
			)
			return {
				status: 200,
				html: layout(
					`Section ${n}`,
					`<h1>Widget section ${n}</h1><p>Widgets of series ${n}.</p>${changed}<ul>${links.join('')}</ul>`,
				),
			}
		}
		const deep = /^\/section\/(\d+)\/page\/(\d+)$/.exec(path)
		if (deep) {
			const [n, m] = [Number(deep[1]), Number(deep[2])]
			if (n < 1 || n > sections || m < 1 || m > PAGES_PER_SECTION) return null
			const next = m < PAGES_PER_SECTION ? `<a href="/section/${n}/page/${m + 1}">Next widget</a>` : ''
			return {
				status: 200,
				html: layout(
					`Widget ${n}-${m}`,
					`<h1>Widget ${n}-${m}</h1><p>The widget ${n}-${m} has the part code ${widgetCode(n, m, version)} and weighs ${n + m} grams.</p>${next}`,
				),
			}
		}
		return null
	}

	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://localhost')
		const key = `${url.pathname}${url.search}`
		hits.set(key, (hits.get(key) ?? 0) + 1)
		response.on('error', () => {})
		switch (url.pathname) {
			case '/robots.txt':
				response.writeHead(200, { 'Content-Type': 'text/plain' })
				return response.end(
					`User-agent: *\nDisallow: /private/\n\nUser-agent: SlowBot\nCrawl-delay: 30\n\nSitemap: ${origin}/sitemap.xml\n`,
				)
			case '/sitemap.xml':
				response.writeHead(200, { 'Content-Type': 'application/xml' })
				return response.end(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${origin}/sitemap-main.xml</loc></sitemap>
</sitemapindex>`)
			case '/sitemap-main.xml': {
				const urls = [
					'/',
					'/about',
					'/private/secret',
					...Array.from({ length: sections }, (_, i) => `/section/${i + 1}`),
				]
				response.writeHead(200, { 'Content-Type': 'application/xml' })
				return response.end(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('\n')}
<url><loc>http://elsewhere.example/page</loc></url>
</urlset>`)
			}
			case '/leave':
				response.writeHead(302, { Location: `http://localhost:${(server.address() as AddressInfo).port}/about` })
				return response.end()
			case '/slow':
				response.writeHead(200, { 'Content-Type': 'text/html' })
				response.write('<html><body><p>Loading')
				return void setTimeout(() => response.end('</p></body></html>'), 30_000).unref()
		}
		const found = page(url.pathname)
		if (!found) {
			response.writeHead(404, { 'Content-Type': 'text/html' })
			return response.end('<p>Not found</p>')
		}
		const etag = `"${createHash('sha1').update(found.html!).digest('hex').slice(0, 16)}"`
		if (request.headers['if-none-match'] === etag) {
			response.writeHead(304, { ETag: etag })
			return response.end()
		}
		response.writeHead(found.status, { 'Content-Type': 'text/html; charset=utf-8', ETag: etag })
		response.end(found.html)
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		origin,
		hits,
		change: (paths) => {
			for (const path of paths) versions.set(path, (versions.get(path) ?? 0) + 1)
		},
		remove: (path) => removed.add(path),
		close: () => {
			server.closeAllConnections()
			return new Promise((resolve) => server.close(() => resolve()))
		},
	}
}

// A website whose robots.txt is made to be slow to check (ADR 0024): 512 KB, the crawl's cap, of
// rules that a long path of `a`s almost matches, and a sitemap of such paths. Used by the robots.txt
// unit test and the crawl's test. Listens on 127.0.0.1.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** The crawl's cap on robots.txt (MAX_ROBOTS_BYTES in crawl-discovery.server.ts). */
const ROBOTS_BYTES = 512 * 1024

/**
 * `Disallow: /` first, then `Disallow: /*aaaa…b` rules (of 400 to 499 `a`s), 512 KB less a line. A path of
 * `a`s with no `b` is refused, but only by the shortest rule, after every long one was tried on it.
 * robots-parser took 1.5 s to check one path of 1,000 characters against it.
 */
export function hostileRobotsTxt() {
	const lines = ['User-agent: *', 'Disallow: /']
	let size = lines.join('\n').length
	for (let i = 0; ; i++) {
		const line = `Disallow: /*${'a'.repeat(400 + (i % 100))}b`
		// The crawl reads no robots.txt over its cap at all: this one is just under.
		if (size + 1 + line.length > ROBOTS_BYTES) break
		lines.push(line)
		size += line.length + 1
	}
	return lines.join('\n')
}

/** A path the hostile rules almost match: `/aaaa…` of `length` characters, ending in `tail`. */
export const hostilePath = (length: number, tail = '') => `/${'a'.repeat(length - 1 - tail.length)}${tail}`

/** The hostile robots.txt, and a /sitemap.xml of `pages` URLs with paths of `pathChars` characters. */
export async function startHostileRobotsSite({ pages, pathChars }: { pages: number; pathChars: number }) {
	const robots = hostileRobotsTxt()
	const server = http.createServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://localhost').pathname
		if (path === '/robots.txt') {
			response.writeHead(200, { 'Content-Type': 'text/plain' })
			return response.end(robots)
		}
		if (path === '/sitemap.xml') {
			const locs = Array.from(
				{ length: pages },
				(_, i) => `<url><loc>http://${request.headers.host}${hostilePath(pathChars, String(i))}</loc></url>`,
			)
			response.writeHead(200, { 'Content-Type': 'application/xml' })
			return response.end(
				`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`,
			)
		}
		response.writeHead(200, { 'Content-Type': 'text/html' })
		response.end('<html><body><p>A page no crawler should have fetched.</p></body></html>')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		origin: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

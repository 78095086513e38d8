// The servers a noisy neighbour points the app at, on 127.0.0.1: a webhook receiver that never
// answers (a tarpit), and a website whose robots.txt lists twenty sitemaps and whose sitemaps and
// pages answer only after a long wait. Used by the fairness test and `npm run bench:noisy`.
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type NoisyServer = {
	origin: string
	hostPort: string
	/** Requests received, in all. */
	requests: () => number
	/** Requests received per path. */
	hits: Map<string, number>
	close: () => Promise<void>
}

async function listen(handler: http.RequestListener): Promise<NoisyServer> {
	let count = 0
	const hits = new Map<string, number>()
	const sockets = new Set<Socket>()
	const server = http.createServer((request, response) => {
		count++
		const path = new URL(request.url ?? '/', 'http://localhost').pathname
		hits.set(path, (hits.get(path) ?? 0) + 1)
		handler(request, response)
	})
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		origin: `http://127.0.0.1:${port}`,
		hostPort: `127.0.0.1:${port}`,
		requests: () => count,
		hits,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy()
				server.close(() => resolve())
			}),
	}
}

/** Reads the request and never answers: the client's own deadline must end it. */
export const startTarpit = () =>
	listen((request) => {
		request.resume()
	})

/**
 * A site whose robots.txt lists `sitemaps` sitemap files (sitemap N lists /pageN); every sitemap and
 * page answers after `delayMs` (longer than the crawl's time-out: each request costs the whole time-out).
 */
export const startSlowSite = ({ sitemaps = 20, delayMs = 30_000 } = {}) =>
	listen((request, response) => {
		const path = new URL(request.url ?? '/', 'http://localhost').pathname
		if (path === '/robots.txt') {
			const host = request.headers.host
			const lines = Array.from({ length: sitemaps }, (_, i) => `Sitemap: http://${host}/sitemap-${i + 1}.xml`)
			response.writeHead(200, { 'Content-Type': 'text/plain' })
			return response.end(`User-agent: *\nAllow: /\n${lines.join('\n')}\n`)
		}
		const timer = setTimeout(() => {
			if (path.startsWith('/sitemap')) {
				response.writeHead(200, { 'Content-Type': 'application/xml' })
				return response.end(
					`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${request.headers.host}/page${path.replace(/\D/g, '')}</loc></url></urlset>`,
				)
			}
			response.writeHead(200, { 'Content-Type': 'text/html' })
			response.end(`<html><body><p>A slow page at ${path}.</p></body></html>`)
		}, delayMs)
		timer.unref()
		response.on('close', () => clearTimeout(timer))
	})

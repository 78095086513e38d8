// A small documentation site whose pages link, as real docs sites do, to files that are not pages:
// README.md and CHANGELOG.md (text/markdown), LICENSE (text/plain), a JSON spec, a release archive
// with no extension in its address (5 MB, more than a page may be, and no Content-Length), a link that redirects to
// GitHub, and one page that really is broken (404). Listens on 127.0.0.1.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** The links of the home page that are not pages (skipped) and the one that is broken (failed). */
export const NOT_PAGES = ['/README.md', '/CHANGELOG.md', '/LICENSE', '/spec', '/releases/latest', '/github'] as const
export const BROKEN = '/old-guide'
/** The pages the crawl indexes: home and the two guides. */
export const DOCS_PAGES = ['/', '/guide', '/guide/install'] as const

const ARCHIVE_BYTES = 5 * 1024 * 1024

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`

export type DocsLinksSite = {
	origin: string
	close: () => Promise<void>
}

export async function startDocsLinksSite(): Promise<DocsLinksSite> {
	const server = http.createServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://localhost').pathname
		response.on('error', () => {})
		const html = (body: string) => {
			response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
			response.end(body)
		}
		switch (path) {
			case '/':
				return html(
					page(
						'Acme CLI documentation',
						`<p>The Acme CLI deploys static sites to the Acme cloud in one command.</p>
<ul>${[...DOCS_PAGES.slice(1), ...NOT_PAGES, BROKEN].map((link) => `<li><a href="${link}">${link}</a></li>`).join('')}</ul>`,
					),
				)
			case '/guide':
				return html(page('Guide', '<p>Run acme deploy in the folder of your site to publish it.</p>'))
			case '/guide/install':
				return html(page('Install', '<p>Install the Acme CLI with npm install --global acme-cli.</p>'))
			case '/README.md':
			case '/CHANGELOG.md':
				response.writeHead(200, { 'Content-Type': 'text/markdown; charset=utf-8' })
				return response.end('# Acme CLI\n\nSee the documentation.\n')
			case '/LICENSE':
				response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
				return response.end('MIT License\n\nCopyright (c) Acme\n')
			case '/spec':
				response.writeHead(200, { 'Content-Type': 'application/json' })
				return response.end('{"openapi": "3.1.0"}')
			case '/releases/latest': {
				response.writeHead(200, { 'Content-Type': 'application/gzip' })
				// Written in pieces, each after the last drained: a reader that stops reading stops it.
				const piece = Buffer.alloc(64 * 1024)
				let sent = 0
				const write = () => {
					while (sent < ARCHIVE_BYTES && !response.destroyed) {
						sent += piece.length
						if (!response.write(piece)) return void response.once('drain', write)
					}
					response.end()
				}
				return write()
			}
			case '/github':
				response.writeHead(302, { Location: 'https://github.com/acme/cli' })
				return response.end()
		}
		response.writeHead(404, { 'Content-Type': 'text/html' })
		response.end('<p>Not found</p>')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => {
			server.closeAllConnections()
			return new Promise((resolve) => server.close(() => resolve()))
		},
	}
}

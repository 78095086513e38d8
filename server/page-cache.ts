// A short-lived in-process cache of rendered public pages for anonymous visitors: the marketing
// pages are the same for everyone, so rendering them per request only burns CPU
// (docs/decisions/0004-page-cache.md). Each response still gets its own CSP nonce: the cached
// HTML stores a placeholder that is swapped for the new nonce on every hit.
import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

type Entry = { body: string; contentType: string; storedAt: number }

export type PageCacheOptions = {
	/** Paths whose HTML is identical for every anonymous visitor. */
	isCacheablePath: (path: string) => boolean
	/** The trusted origin the page was rendered for (never a header the server has not vetted). */
	originOf: (req: Request) => string
	ttlMs: number
	maxEntries: number
	now?: () => number
}

export function createPageCache({ isCacheablePath, originOf, ttlMs, maxEntries, now = Date.now }: PageCacheOptions) {
	const entries = new Map<string, Entry>()
	const placeholder = `nonce-placeholder-${crypto.randomBytes(12).toString('hex')}`
	const stats = { hits: 0, misses: 0 }

	function middleware(req: Request, res: Response, next: NextFunction) {
		// Only plain anonymous GETs: any cookie may carry a session or a flash message, and a query
		// string would let anyone fill the cache with variants.
		if (req.method !== 'GET' || req.headers.cookie || req.originalUrl.includes('?') || !isCacheablePath(req.path)) {
			return next()
		}
		const nonce = res.locals.cspNonce as string
		const key = `${originOf(req)}${req.path}`
		const cached = entries.get(key)
		if (cached && now() - cached.storedAt < ttlMs) {
			stats.hits++
			res.status(200).type(cached.contentType).set('X-Page-Cache', 'HIT')
			res.send(cached.body.replaceAll(placeholder, nonce))
			return
		}
		stats.misses++
		res.set('X-Page-Cache', 'MISS')

		const chunks: Buffer[] = []
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		const collect = (chunk: unknown, encoding?: unknown) => {
			if (chunk == null || typeof chunk === 'function') return
			chunks.push(
				Buffer.isBuffer(chunk)
					? chunk
					: Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
			)
		}
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			collect(chunk, rest[0])
			return write(chunk, ...rest)
		}) as Response['write']
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			collect(chunk, rest[0])
			return end(chunk, ...rest)
		}) as Response['end']
		res.on('finish', () => {
			const contentType = String(res.getHeader('content-type') ?? '')
			if (res.statusCode !== 200 || !contentType.startsWith('text/html') || res.getHeader('set-cookie')) return
			const body = Buffer.concat(chunks).toString('utf8')
			entries.delete(key)
			entries.set(key, { body: body.replaceAll(nonce, placeholder), contentType, storedAt: now() })
			while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
		})
		next()
	}

	return { middleware, stats, clear: () => entries.clear() }
}

// Request bodies are capped on the stream, before anything reads them: a body must declare its
// length (every browser form and fetch does), and a declared length over the cap of the route the
// request goes to is refused with 413 at once. Node's HTTP parser never hands the app more than the
// declared length, so no route can be made to buffer more than its cap. Each route declares its cap
// in its `handle` (app/lib/body-limit.ts); the server finds the route as React Router will.
import type { NextFunction, Request, Response } from 'express'
import { matchRoutes, type RouteObject } from 'react-router'
import { declaredBodyLimit, DEFAULT_BODY_LIMIT, type BodyLimit } from '~/lib/body-limit.ts'
import { logValue } from '~/lib/log.ts'

/** How long a refused upload is drained before its connection is cut. */
const DRAIN_MS = 5_000

/** `limitFor` gets the request's path and query (`req.originalUrl`). */
export function bodyLimit(limitFor: (url: string) => BodyLimit | Promise<BodyLimit>) {
	return async (req: Request, res: Response, next: NextFunction) => {
		if (req.method === 'GET' || req.method === 'HEAD') return next()
		const declared = req.headers['content-length']
		const chunked = req.headers['transfer-encoding'] !== undefined
		if (declared === undefined && !chunked) return next() // no body at all
		if (chunked || declared === undefined) return refuse(req, res, 411, 'Send the request body with a Content-Length.')
		const limit = await limitFor(req.originalUrl)
		if (Number(declared) > limit.maxBytes) {
			console.warn(`413 for ${req.method} ${logValue(req.path)}: ${declared} bytes declared, ${limit.maxBytes} allowed`)
			return refuse(req, res, 413, `The request is too large: ${limit.label} at most.`)
		}
		next()
	}
}

/**
 * Answers at once, with Connection: close so the client's next request goes on a fresh connection,
 * and reads (and drops) what the client is still sending for a moment, so it sees the answer rather
 * than a reset connection.
 */
function refuse(req: Request, res: Response, status: number, message: string) {
	res.status(status).set('Connection', 'close')
	// The JSON APIs answer errors as JSON ({ error }), pages as text.
	if (req.path.startsWith('/api/')) res.json({ error: message })
	else res.type('text/plain').send(message)
	const cut = setTimeout(() => req.destroy(), DRAIN_MS)
	req.on('end', () => clearTimeout(cut))
	req.on('close', () => clearTimeout(cut))
	req.resume()
}

/** A route of the build's manifest (React Router's ServerBuild['routes']), as far as limits need it. */
export type ManifestRoute = {
	id: string
	parentId?: string
	path?: string
	index?: boolean
	caseSensitive?: boolean
	module: { handle?: unknown; action?: unknown }
}

/** The route a post goes to, as far as the server needs it: its body cap, and whether it has an action. */
export type RouteTarget = { limit: BodyLimit; acts: boolean }

type TargetRoute = RouteObject & { id: string } & RouteTarget

/** The manifest's flat list as the nested routes `matchRoutes` takes. */
function routeTree(manifest: Record<string, ManifestRoute | undefined>, parentId?: string): TargetRoute[] {
	return Object.values(manifest)
		.filter((route): route is ManifestRoute => route !== undefined && route.parentId === parentId)
		.map((route) => {
			const limit = declaredBodyLimit(route.module.handle) ?? DEFAULT_BODY_LIMIT
			const acts = typeof route.module.action === 'function'
			const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, limit, acts }
			return route.index ? { ...common, index: true } : { ...common, children: routeTree(manifest, route.id) }
		})
}

/**
 * The route whose action a POST to `url` runs (null when none matches), found by React Router's own
 * rules: `/playground?index` is the index route, `/playground.data?index` its single-fetch form, and
 * `/playground` the layout around it.
 */
export function routeTargets(manifest: Record<string, ManifestRoute | undefined>, basename = '/') {
	const tree = routeTree(manifest)
	return (url: string): RouteTarget | null => {
		const { pathname, searchParams } = new URL(url, 'http://localhost')
		const matches = matchRoutes(tree, dataRequestPath(pathname, basename), basename)
		if (!matches) return null
		const last = matches[matches.length - 1]
		const nakedIndex = searchParams.getAll('index').some((value) => value === '')
		// As React Router's getTargetMatch: an index route only when asked for with ?index, else the
		// deepest route that adds to the path (pathless layouts have no action of their own).
		const target =
			last.route.index && nakedIndex
				? last
				: matches.filter((match, i) => i === 0 || (match.route.path?.length ?? 0) > 0).at(-1)!
		const { limit, acts } = target.route as TargetRoute
		return { limit, acts }
	}
}

/** The cap of the route a POST to `url` goes to, read from the route modules' handles; unmatched paths take the default. */
export function routeBodyLimits(manifest: Record<string, ManifestRoute | undefined>, basename = '/') {
	const targetOf = routeTargets(manifest, basename)
	return (url: string): BodyLimit => targetOf(url)?.limit ?? DEFAULT_BODY_LIMIT
}

/** The page path a single-fetch request (`/x.data`, `/_root.data`) is for, as React Router reads it. */
function dataRequestPath(pathname: string, basename: string) {
	const root = `${basename.replace(/\/$/, '')}/_root.data`
	let path = pathname === root ? basename : pathname.replace(/\.data$/, '')
	if (path !== basename && path.endsWith('/')) path = path.slice(0, -1)
	return path
}

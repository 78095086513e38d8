// The Express app: security headers, compression, static files and the React Router handler.
import crypto from 'node:crypto'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import morgan from 'morgan'
import type { ServerBuild } from 'react-router'
import { DEFAULT_BODY_LIMIT } from '~/lib/body-limit.ts'
import { CLIENT_IP_HEADER } from '~/lib/client-ip.ts'
import { loggedUrl, logValue, requestLine } from '~/lib/log.ts'
import { isAllowedHost } from '~/lib/origin.server.ts'
import { publicPaths } from '~/lib/sitemap.ts'
import { bodyLimit, routeTargets } from './body-limit.ts'
import { isCrossSiteMutation } from './cross-site.ts'
import { isEmbedPage, isFetchedByOtherSites, runsVoiceDetector } from './framing.ts'
import { actionRequired } from './no-action.ts'
import { createPageCache } from './page-cache.ts'
import { requestClient } from './request-client.ts'
import { requestShare, type RequestShareOptions } from './request-share.ts'
import { requestTargetIsPath } from './request-target.ts'
import { serveClientBuild } from './static-assets.ts'

type Mode = 'production' | 'development' | 'test'

export async function createServerApp({
	mode,
	pageCacheSeconds,
	trustProxy,
	allowedHosts,
	siteUrl,
	requestShare: share,
}: {
	mode: Mode
	pageCacheSeconds: number
	trustProxy: string
	/** Host names this site answers to (lib/origin.server.ts); others get 400. */
	allowedHosts: string[]
	siteUrl?: string
	/** One client's share of the server (server/request-share.ts); unset: requests are not counted. */
	requestShare?: Omit<RequestShareOptions, 'clientOf'>
}) {
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', parseTrustProxy(trustProxy))
	const isTrustedProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean
	const siteOrigin = siteUrl ? new URL(siteUrl).origin : null

	app.use(requestTargetIsPath)

	// Only hosts on the list are served: a forged Host or X-Forwarded-Host would otherwise reach the
	// links in e-mails, canonical URLs and the page cache. X-Forwarded-Host from a client that is not
	// a trusted proxy is dropped, because React Router reads its port regardless.
	app.use((req, res, next) => {
		if (req.headers['x-forwarded-host'] && !isTrustedProxy(req.socket.remoteAddress ?? '', 0)) {
			delete req.headers['x-forwarded-host']
		}
		if (isAllowedHost(req.hostname ?? '', allowedHosts)) return next()
		console.warn(
			`Refused ${requestLine(req)} for host ${logValue(req.hostname ?? '')}: not in ALLOWED_HOSTS (${allowedHosts.join(', ')})`,
		)
		res.status(400).type('text/plain').send('Bad request: unknown host.')
	})

	// Event streams (and the voice API's streamed turns) must reach the client as they are written, never buffered by compression.
	app.use(
		compression({
			filter: (req, res) => {
				const type = res.getHeader('Content-Type')
				if (typeof type === 'string' && /text\/event-stream|application\/x-ndjson/.test(type)) return false
				return compression.filter(req, res)
			},
		}),
	)

	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		next()
	})
	const isDev = mode === 'development'
	app.use(
		helmet({
			xPoweredBy: false,
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
			crossOriginEmbedderPolicy: false,
			contentSecurityPolicy: {
				directives: {
					'default-src': ["'self'"],
					'connect-src': isDev ? ["'self'", 'ws:'] : ["'self'"],
					'font-src': ["'self'", 'data:'],
					'frame-src': ["'self'"],
					'img-src': ["'self'", 'data:'],
					// Scripts run only with this response's nonce: no 'unsafe-inline' hole.
					// Pages where hands-free voice can run (the voice test, the site widget's voice mode)
					// also compile the voice activity detector's WebAssembly (ADRs 0052, 0059);
					// 'wasm-unsafe-eval' allows only that, not eval().
					'script-src': [
						"'strict-dynamic'",
						"'self'",
						(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
						(req) => (runsVoiceDetector((req as Request).originalUrl) ? "'wasm-unsafe-eval'" : ''),
					],
					'script-src-attr': ["'none'"],
					// react-hot-toast and React style props need inline styles; styles cannot run code.
					'style-src': ["'self'", "'unsafe-inline'"],
					'form-action': ["'self'"],
					// The chatbot embed (/embed/…) is meant to be framed by any site; nothing else is.
					'frame-ancestors': [(req) => (isEmbedPage((req as Request).originalUrl) ? '*' : "'self'")],
					'object-src': ["'none'"],
					'base-uri': ["'self'"],
					'upgrade-insecure-requests': null,
				},
			},
		}),
	)

	app.use((req, res, next) => {
		if (isEmbedPage(req.originalUrl)) res.removeHeader('X-Frame-Options')
		// The loader script and the launcher's config are fetched by other sites' pages.
		if (isFetchedByOtherSites(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
		next()
	})

	// A host page (or its tooling) that adds a header to every request makes the loader's config fetch
	// a CORS preflight: answer it. The GET itself decides, per site, who may read the config.
	app.options('/embed/:chatbotId/config', (req, res) => {
		res
			.status(204)
			.set({
				'Access-Control-Allow-Origin': '*',
				'Access-Control-Allow-Methods': 'GET',
				'Access-Control-Allow-Headers': (req.get('access-control-request-headers') ?? '').slice(0, 200),
				'Access-Control-Max-Age': '600',
			})
			.end()
	})

	// The site answers GET, HEAD and POST (forms and the JSON APIs); anything else is refused here,
	// before React Router, which cannot even build a Request for some methods (TRACE, CONNECT).
	app.use((req, res, next) => {
		if (ALLOWED_METHODS.has(req.method)) return next()
		res
			.status(405)
			.set('Allow', [...ALLOWED_METHODS].join(', '))
			.type('text/plain')
			.send('Method not allowed')
	})

	// The route a post goes to, found as React Router will find it.
	let build: ServerBuild | (() => Promise<ServerBuild>)
	const targetsByBuild = new WeakMap<ServerBuild, ReturnType<typeof routeTargets>>()
	const targetOf = async (url: string) => {
		// In development each request may get a fresh build (Vite reloads changed route modules).
		const current = typeof build === 'function' ? await build() : build
		let targetFor = targetsByBuild.get(current)
		if (!targetFor) {
			targetFor = routeTargets(current.routes, current.basename)
			targetsByBuild.set(current, targetFor)
		}
		return targetFor(url)
	}
	// Bodies are capped before anything reads them, at the cap the request's route declares.
	app.use(bodyLimit(async (url) => (await targetOf(url))?.limit ?? DEFAULT_BODY_LIMIT))

	// Refuse cross-site form posts and fetches before they reach any action.
	app.use((req, res, next) => {
		const request = {
			method: req.method,
			secFetchSite: req.get('sec-fetch-site'),
			origin: req.get('origin'),
			host: req.get('host'),
		}
		if (isCrossSiteMutation(request)) {
			console.warn(`Refused cross-site ${requestLine(req)} from ${logValue(req.get('origin') ?? 'unknown origin')}`)
			res.status(403).type('text/plain').send('Cross-site request refused')
			return
		}
		next()
	})

	// A post to an API route without an action is a plain 405, not React Router's "no action" error
	// (after the cross-site refusal, which answers any cross-site post first).
	app.use(actionRequired(targetOf))

	// The client IP for rate limits, as resolved under TRUST_PROXY; any value a client sent is replaced.
	// A forwarded value that is not an IP address is ignored in favour of the connection's own.
	app.use((req, _res, next) => {
		req.headers[CLIENT_IP_HEADER] = clientAddress(req)
		next()
	})

	let close = async () => {}
	if (isDev) {
		const vite = await import('vite')
		const viteServer = await vite.createServer({ server: { middlewareMode: true } })
		app.use(viteServer.middlewares)
		build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
		close = () => viteServer.close()
	} else {
		const buildDir = path.resolve(import.meta.dirname)
		const clientDir = path.join(buildDir, 'client')
		// Fingerprinted assets cached for a year, pre-compressed, with the types the static servers'
		// lookup lacks (the voice detector's .onnx model): static-assets.ts.
		serveClientBuild(app, clientDir)
		build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild
	}

	morgan.token('logged-url', (req) => loggedUrl((req as Request).originalUrl ?? req.url ?? ''))
	app.use(
		// morgan's 'tiny' format, with credentials in query strings redacted (lib/log.ts, loggedUrl).
		morgan(':method :logged-url :status :res[content-length] - :response-time ms', {
			skip: (req, res) => req.url === '/healthz' && res.statusCode === 200,
		}),
	)

	if (!isDev && pageCacheSeconds > 0) {
		const cacheable = new Set(publicPaths())
		app.use(
			createPageCache({
				isCacheablePath: (p) => cacheable.has(p),
				// The same origin the page's links were made from (lib/origin.server.ts).
				originOf: (req) => siteOrigin ?? `${req.protocol}://${req.get('x-forwarded-host') ?? req.get('host')}`,
				ttlMs: pageCacheSeconds * 1000,
				maxEntries: 200,
			}).middleware,
		)
	}

	// Past the static files and the page cache: what is left may take a database connection, and one
	// client may run only its share of those at once. The session module (and with it the database
	// client) is loaded on first use: the database's address is set only once the server has started.
	if (share) {
		const clientOf = requestClient({
			ownerOf: async (sessionId) => (await import('~/lib/session.server.ts')).sessionOwnerOf(sessionId),
		})
		app.use(requestShare({ ...share, clientOf }).middleware)
	}

	app.all(
		'/{*splat}',
		createRequestHandler({
			build,
			mode,
			getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
		}),
	)

	app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		// Errors Express marks as the client's (an address that cannot be decoded, say) keep their 4xx.
		const status = clientErrorStatus(error)
		if (status) {
			console.warn(`${status} for ${requestLine(req)}: ${(error as Error).message}`)
			if (!res.headersSent)
				res
					.status(status)
					.type('text/plain')
					.send(status === 400 ? 'Bad request: the address could not be read.' : 'Bad request')
			return
		}
		console.error(`Unhandled error for ${requestLine(req)}:`, error)
		if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error')
	})

	return { app, close }
}

const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST'])

function clientErrorStatus(error: unknown) {
	const status = (error as { status?: unknown } | null)?.status
	return typeof status === 'number' && status >= 400 && status < 500 ? status : null
}

function clientAddress(req: Request) {
	const forwarded = req.ip && net.isIP(req.ip) ? req.ip : req.socket.remoteAddress
	// The full address: what limits count it as (an IPv6 address's /64, say) is app/lib/client-ip.ts's.
	return forwarded ?? 'unknown'
}

/** TRUST_PROXY as Express understands it: true/false, a hop count, or addresses and subnet names. */
function parseTrustProxy(value: string): boolean | number | string {
	if (value === 'true') return true
	if (value === 'false' || value === '') return false
	if (/^\d+$/.test(value)) return Number(value)
	return value
}

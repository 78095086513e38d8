// One client's share of the server: each client (a signed-in user, or else an IP address: see
// server/request-client.ts) runs a bounded number of requests at once, so its requests can never hold
// more than that share of the database pool. A few more wait for a turn; beyond that, or after waiting too long, the answer is
// 429 with Retry-After. A request counts until it starts its answer (its headers are written): an
// event stream or a streamed chat reply holds no connection while it streams.
// docs/decisions/0023-database-pool-share.md
import type { NextFunction, Request, Response } from 'express'

export type RequestShareOptions = {
	/** Requests of one client that run at once. */
	perClient: number
	/** Requests of one client that may wait for a turn; more are refused at once. */
	maxWaiting: number
	/** How long a request waits for its turn before it is refused. */
	maxWaitMs: number
	/** The client a request counts against; null: not counted (a health check, say). */
	clientOf: (req: Request) => Promise<string | null> | string | null
}

/** Requests of one client that may wait for a turn beyond its share, and for how long at most. */
export const requestQueue = { maxWaiting: 20, maxWaitMs: 10_000 }

/** Seconds a refused client is asked to wait: turns come round in well under that. */
const RETRY_AFTER_SECONDS = 2

type Client = { running: number; waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> }

/** The share a client gets of a pool: `share` of its connections, at least one. */
export function perClientOf(poolSize: number, share: number) {
	return Math.max(1, Math.floor(poolSize * share))
}

export function requestShare({ perClient, maxWaiting, maxWaitMs, clientOf }: RequestShareOptions) {
	const clients = new Map<string, Client>()

	const release = (key: string) => {
		const client = clients.get(key)
		if (!client) return
		const next = client.waiting.shift()
		if (next) {
			clearTimeout(next.timer)
			next.start()
			return
		}
		client.running--
		if (client.running === 0) clients.delete(key)
	}

	const middleware = async (req: Request, res: Response, next: NextFunction) => {
		let key: string | null
		try {
			key = await clientOf(req)
		} catch (error) {
			return next(error)
		}
		if (key === null) return next()
		const counted = key
		let client = clients.get(counted)
		if (!client) {
			client = { running: 0, waiting: [] }
			clients.set(counted, client)
		}

		// Runs the request; its turn ends once, when its answer starts or the connection ends.
		const start = () => {
			let ended = false
			const end = () => {
				if (ended) return
				ended = true
				release(counted)
			}
			afterHeaders(res, end)
			res.once('close', end)
			next()
		}

		if (client.running < perClient) {
			client.running++
			return start()
		}
		if (client.waiting.length >= maxWaiting || res.destroyed) return refuse(req, res)
		const turn = {
			// The running count stays as it is: this request takes the turn of the one that ended.
			start: () => {
				res.off('close', leave)
				start()
			},
			timer: setTimeout(() => {
				drop()
				refuse(req, res)
			}, maxWaitMs),
		}
		const drop = () => {
			const waiting = clients.get(counted)?.waiting
			const index = waiting?.indexOf(turn) ?? -1
			if (index >= 0) waiting!.splice(index, 1)
		}
		// A client that gives up while waiting (its connection closes) leaves the line.
		const leave = () => {
			clearTimeout(turn.timer)
			drop()
		}
		res.once('close', leave)
		client.waiting.push(turn)
	}

	return { middleware, clients }
}

/** Calls `listener` just before the response's headers are written (Node has no event for it). */
function afterHeaders(res: Response, listener: () => void) {
	const writeHead = res.writeHead
	res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
		listener()
		return writeHead.apply(this, args)
	} as Response['writeHead']
}

/** 429 with Retry-After: JSON for the APIs, a short text for pages (as the body limit answers). */
function refuse(req: Request, res: Response) {
	if (res.headersSent || res.destroyed) return
	const message = 'Too many requests at once from you. Wait a moment and try again.'
	res.status(429).set('Retry-After', String(RETRY_AFTER_SECONDS))
	if (req.path.startsWith('/api/')) res.json({ error: message })
	else res.type('text/plain').send(message)
}

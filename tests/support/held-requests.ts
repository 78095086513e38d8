// A local Express server for the request-share tests: each request passes the middleware under test,
// then is held in its handler until the test releases it, while the server counts, per label, how
// many are in the handler now and the most there were at once.
import type { AddressInfo } from 'node:net'
import express, { type Express, type Request, type RequestHandler } from 'express'
import { expect } from 'vitest'

export async function startHeldRequests({
	middleware,
	labelOf,
	routes,
}: {
	middleware: RequestHandler
	/** Which count a request belongs to. */
	labelOf: (req: Request) => string
	/** Routes answered before the holding one (a health check, an event stream). */
	routes?: (app: Express) => void
}) {
	const inHandler = new Map<string, number>()
	const highest = new Map<string, number>()
	const held: Array<() => void> = []
	const app = express()
	app.use(middleware)
	routes?.(app)
	app.all('/{*splat}', (req, res) => {
		const label = labelOf(req)
		const now = (inHandler.get(label) ?? 0) + 1
		inHandler.set(label, now)
		highest.set(label, Math.max(highest.get(label) ?? 0, now))
		held.push(() => {
			inHandler.set(label, inHandler.get(label)! - 1)
			res.send(`done ${req.path}`)
		})
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	/** Ends every held request, and those that reach the handler meanwhile, until none is left. */
	const releaseAll = async () => {
		while (held.length > 0) {
			for (const end of held.splice(0)) end()
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
	}
	return {
		base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		inHandler,
		highest,
		held,
		releaseAll,
		close: async () => {
			for (const end of held.splice(0)) end()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** Waits (up to `tries` × 10 ms) until `check` holds, then asserts it. */
export async function until(check: () => boolean, tries = 500) {
	for (let i = 0; i < tries && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
	expect(check()).toBe(true)
}

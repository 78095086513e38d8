// A request target in absolute form ("GET http://host/ HTTP/1.1", as clients send to proxies), or
// any other that is not a path ("*"), is refused with 400 before routing: React Router builds a
// request's URL from its host and path, and threw (a 500 and an "Unhandled error" in the log).
import type { NextFunction, Request, Response } from 'express'
import { logValue } from '~/lib/log.ts'

export function requestTargetIsPath(req: Request, res: Response, next: NextFunction) {
	if (req.url.startsWith('/')) return next()
	console.warn(`Refused ${req.method} ${logValue(req.url)}: the request target is not a path`)
	res.status(400).type('text/plain').send('Bad request: the request target must be a path.')
}

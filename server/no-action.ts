// A POST to a route that has no action (a page that only shows, an event stream, a download) is
// answered 405 here, with Allow, before React Router. There it was React Router's "no action" error:
// the log showed it with a stack trace as though the server had failed, and an API route answered
// {"message":"Unexpected Server Error"}. The route is found as the body limit finds it (body-limit.ts).
import type { NextFunction, Request, Response } from 'express'
import type { RouteTarget } from './body-limit.ts'

/** `targetOf` gets the request's path and query (`req.originalUrl`); null when no route matches. */
export function actionRequired(targetOf: (url: string) => RouteTarget | null | Promise<RouteTarget | null>) {
	return async (req: Request, res: Response, next: NextFunction) => {
		// Single fetches (`/x.data`) are answered in React Router's own format, which its client reads.
		if (req.method !== 'POST' || req.path.endsWith('.data')) return next()
		const target = await targetOf(req.originalUrl)
		// Nothing matches: React Router's 404 page answers.
		if (!target || target.acts) return next()
		res.status(405).set('Allow', 'GET, HEAD')
		// The JSON APIs answer errors as JSON ({ error }), pages as text.
		if (req.path.startsWith('/api/')) res.json({ error: 'Use GET.' })
		else res.type('text/plain').send('Method not allowed')
	}
}

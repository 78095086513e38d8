// A POST to an API route that has no action (an event stream, a config) is answered 405 here, with
// Allow, before React Router. There it was React Router's "no action" error:
// the log showed it with a stack trace as though the server had failed, and an API route answered
// {"message":"Unexpected Server Error"}. The route is found as the body limit finds it (body-limit.ts).
import type { NextFunction, Request, Response } from 'express'
import type { RouteTarget } from './body-limit.ts'

/** `targetOf` gets the request's path and query (`req.originalUrl`); null when no route matches. */
export function actionRequired(targetOf: (url: string) => RouteTarget | null | Promise<RouteTarget | null>) {
	return async (req: Request, res: Response, next: NextFunction) => {
		// Only the JSON APIs: a page's or a download's refusal is React Router's, which renders the
		// spec's "Unexpected Application Error!" with the status (405) and is logged as one line
		// (entry.server.tsx, handleError); single fetches (`/x.data`) are answered in its own format.
		if (req.method !== 'POST' || !req.path.startsWith('/api/')) return next()
		const target = await targetOf(req.originalUrl)
		// Nothing matches: React Router's 404 page answers.
		if (!target || target.acts) return next()
		// The JSON APIs answer errors as JSON ({ error }).
		res.status(405).set('Allow', 'GET, HEAD').json({ error: 'Use GET.' })
	}
}

import { getEnv } from './env.server.ts'

/** The public origin of the site: SITE_URL when set (behind a proxy), else the request's own. */
export function getSiteOrigin(request: Request) {
	const configured = getEnv().SITE_URL
	return configured ? new URL(configured).origin : new URL(request.url).origin
}

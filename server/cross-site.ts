import type { Request } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True for a state-changing request sent by another site. Browsers send Sec-Fetch-Site on every
 * request; older ones send Origin on POST. Requests with neither (curl, server-to-server API
 * clients) are not a browser CSRF vector and pass.
 */
export function isCrossSiteMutation(req: Pick<Request, 'method' | 'get' | 'protocol'>): boolean {
	if (SAFE_METHODS.has(req.method)) return false
	const fetchSite = req.get('sec-fetch-site')
	if (fetchSite) return fetchSite === 'cross-site' || fetchSite === 'same-site'
	const origin = req.get('origin')
	if (!origin || origin === 'null') return origin === 'null'
	try {
		return new URL(origin).host !== req.get('host')
	} catch {
		return true
	}
}

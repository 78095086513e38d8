const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type RequestOrigin = {
	method: string
	secFetchSite?: string
	origin?: string
	host?: string
}

/**
 * True for a state-changing request sent by another site. Browsers send Sec-Fetch-Site on every
 * request; older ones send Origin on POST. Requests with neither (curl, server-to-server API
 * clients) are not a browser CSRF vector and pass.
 */
export function isCrossSiteMutation({ method, secFetchSite, origin, host }: RequestOrigin): boolean {
	if (SAFE_METHODS.has(method)) return false
	if (secFetchSite) return secFetchSite === 'cross-site' || secFetchSite === 'same-site'
	if (!origin) return false
	if (origin === 'null') return true
	try {
		return new URL(origin).host !== host
	} catch {
		return true
	}
}

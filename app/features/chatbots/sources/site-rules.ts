// Which URLs a crawl may visit: http(s) only, on the site it started on, inside the owner's include
// and exclude patterns, and not files that are plainly not pages. Pure functions, unit tested.

/** Query parameters that only track visits: the same page with or without them is one page. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|fbclid|mc_cid|mc_eid|ref)$/i
/** Extensions of files that are not web pages (a crawl reads HTML only). */
const NOT_A_PAGE =
	/\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|txt|csv|zip|gz|tgz|rar|7z|tar|pdf|docx?|xlsx?|pptx?|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|eot|exe|dmg|apk|iso)$/i

/** One spelling per page: no fragment, no tracking parameters, lower-case host, no default port. */
export function normalizePageUrl(raw: string, base?: string): string | null {
	let url: URL
	try {
		url = new URL(raw, base)
	} catch {
		return null
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
	if (url.username || url.password) return null
	url.hash = ''
	// A copy of the names: deleting while iterating the live list would skip some.
	const names = new Set(url.searchParams.keys())
	for (const name of names) if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name)
	if (url.href.length > 2048) return null
	return url.href
}

/** The site a crawl stays on: the start URL's host, with or without `www.`. */
export function siteHostOf(url: string) {
	return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
}

export function isOnSite(url: string | URL, siteHost: string) {
	const parsed = typeof url === 'string' ? new URL(url) : url
	return parsed.hostname.toLowerCase().replace(/^www\./, '') === siteHost
}

export function looksLikePage(url: string) {
	return !NOT_A_PAGE.test(new URL(url).pathname)
}

/**
 * Whether a path matches an owner's pattern. A pattern without a wildcard is a path prefix: `/docs`
 * covers `/docs` and `/docs/setup`. With `*` (anything, even nothing) the whole path must match. No
 * regular expression: `/*a*a*a*a*a*a*a*a*b` made one whose backtracking took minutes on a path of
 * 100 characters. The pieces between the stars are looked for once each, left to right, with no
 * going back: the leftmost place of each is as good as any later one (ADR 0024).
 */
function matchesPattern(pattern: string, path: string) {
	const pieces = pattern.split('*')
	if (pieces.length === 1)
		return path.startsWith(pattern) && (path.length === pattern.length || '/?#'.includes(path[pattern.length]))
	const first = pieces[0]
	const last = pieces.at(-1)!
	if (path.length < first.length + last.length || !path.startsWith(first) || !path.endsWith(last)) return false
	const end = path.length - last.length
	let from = first.length
	for (const piece of pieces.slice(1, -1)) {
		const at = path.indexOf(piece, from)
		if (at < 0 || at + piece.length > end) return false
		from = at + piece.length
	}
	return true
}

/** Whether a URL's path (with its query) is inside the include patterns (none: all) and outside the exclude ones. */
export function matchesPatterns(url: string, include: readonly string[], exclude: readonly string[]) {
	const { pathname, search } = new URL(url)
	const path = `${pathname}${search}`
	if (include.length > 0 && !include.some((pattern) => matchesPattern(pattern, path))) return false
	return !exclude.some((pattern) => matchesPattern(pattern, path))
}

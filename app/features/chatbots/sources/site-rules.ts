// Which URLs a crawl may visit: http(s) only, on the site it started on, inside the owner's include
// and exclude patterns, and not files that are plainly not pages. Pure functions, unit tested.

/** Query parameters that only track visits: the same page with or without them is one page. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|fbclid|mc_cid|mc_eid|ref)$/i
/** Extensions of files that are not web pages (a crawl reads HTML only). */
const NOT_A_PAGE =
	/\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|txt|csv|zip|gz|tgz|bz2|xz|zst|rar|7z|tar|jar|whl|deb|rpm|msi|pdf|docx?|xlsx?|pptx?|od[tsp]|rtf|epub|mp[34]|m4a|aac|flac|wav|ogg|webm|mkv|mov|avi|heic|woff2?|ttf|eot|wasm|exe|dmg|apk|iso)$/i

/** The longest URL there is (browsers, sitemaps and search engines stop here): no page address is longer. */
export const URL_MAX_CHARS = 2048

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
	if (url.href.length > URL_MAX_CHARS) return null
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
 * Whether a path is `pieces` joined by stars, where a star is any text, even none: it starts with the
 * first piece, ends with the last, and has the ones between in order, without overlapping. The owner's
 * patterns and robots.txt rules (robots-rules.ts) are both matched by it. No regular expression:
 * `/*a*a*a*a*a*a*a*a*b` made one whose backtracking took minutes on a path of 100 characters. Each
 * piece between is looked for once, left to right, with no going back: the leftmost place of each is
 * as good as any later one, because it leaves the most path for the pieces after it. So the cost is a
 * substring search per piece over the path, the length of the path and the pieces together (V8's
 * search is linear), never the product of the two (ADR 0024).
 */
export function matchesStarPieces(pieces: readonly string[], path: string) {
	if (pieces.length === 1) return path === pieces[0]
	const first = pieces[0]
	const last = pieces.at(-1)!
	if (path.length < first.length + last.length || !path.startsWith(first) || !path.endsWith(last)) return false
	const end = path.length - last.length
	let from = first.length
	for (let i = 1; i < pieces.length - 1; i++) {
		const at = path.indexOf(pieces[i], from)
		if (at < 0 || at + pieces[i].length > end) return false
		from = at + pieces[i].length
	}
	return true
}

/**
 * Whether a path matches an owner's pattern. A pattern without a wildcard is a path prefix: `/docs`
 * covers `/docs` and `/docs/setup`. With `*` (anything, even nothing) the whole path must match.
 */
function matchesPattern(pattern: string, path: string) {
	const pieces = pattern.split('*')
	if (pieces.length === 1)
		return path.startsWith(pattern) && (path.length === pattern.length || '/?#'.includes(path[pattern.length]))
	return matchesStarPieces(pieces, path)
}

/** Whether a URL's path (with its query) is inside the include patterns (none: all) and outside the exclude ones. */
export function matchesPatterns(url: string, include: readonly string[], exclude: readonly string[]) {
	const { pathname, search } = new URL(url)
	const path = `${pathname}${search}`
	if (include.length > 0 && !include.some((pattern) => matchesPattern(pattern, path))) return false
	return !exclude.some((pattern) => matchesPattern(pattern, path))
}

/**
 * The longest link a crawl follows and keeps. URL_MAX_CHARS is the most a URL may be anywhere; a page's
 * address longer than 1,000 characters is a session or tracking token far more often than a page.
 */
export const LINK_MAX_CHARS = 1000
/**
 * The links one page row keeps, in all: they are only there for re-sync, where a page that answers
 * 304 Not Modified queues its children from them. 16 KB is about 200 ordinary links; a page could
 * otherwise keep 1,000 of 2,048 characters (2 MB), outside the knowledge quota.
 */
export const PAGE_LINKS_MAX_BYTES = 16 * 1024

/**
 * The links of a page that the crawl follows and stores (the same list, so a re-sync follows what the
 * first crawl did): in page order, each once, none longer than LINK_MAX_CHARS, at most `max` of
 * them (the crawl's page cap: it could not visit more) and PAGE_LINKS_MAX_BYTES in all.
 */
export function linksToKeep(links: Iterable<string>, max: number) {
	const kept = new Set<string>()
	let bytes = 0
	for (const link of links) {
		if (kept.size >= max) break
		if (link.length > LINK_MAX_CHARS || kept.has(link)) continue
		// Normalised URLs are ASCII (percent-encoded, punycode hosts): a character is a byte.
		if (bytes + link.length > PAGE_LINKS_MAX_BYTES) break
		kept.add(link)
		bytes += link.length
	}
	return [...kept]
}

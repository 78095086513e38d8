// What a crawl may fetch, and how politely: the source's scope and page cap, robots.txt, the name
// the crawler gives, the lanes a site's requests wait in and the delay between them. Every step of a
// crawl (crawl-discovery.server.ts, crawl-pages.server.ts, page-visit.server.ts) asks here.
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { getEnv } from '~/lib/env.server.ts'
import { parseRobotsTxt, type RobotsRules } from './robots-rules.ts'
import { isOnSite, looksLikePage, matchesPatterns, siteHostOf } from './site-rules.ts'
import type { CrawlSource } from './source-status.server.ts'

/** The token robots.txt rules name us by; the full User-Agent adds a contact URL. */
export const CRAWLER_TOKEN = 'AIPlaygroundBot'

/** How often a page or a sitemap step is tried before it fails for good (and the crawl goes on). */
export const CRAWL_STEP_ATTEMPTS = 3

function crawlerUserAgent() {
	const contact = getEnv().SITE_URL ?? 'http://localhost'
	return `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +${contact.replace(/\/$/, '')}/)`
}

/** safeFetch's options for a site: the allow-list, our name, and redirects kept on the site. */
export const fetchOptions = (siteHost: string) => ({
	allow: getEnv().WEBSITE_IMPORT_ALLOW,
	headers: { 'User-Agent': crawlerUserAgent() },
	followRedirect: (url: URL) => isOnSite(url, siteHost),
})

/** How many pages this run may visit: the owner's maximum, less what their other sources hold. */
export const pageCapOf = (source: Pick<CrawlSource, 'options'>) => source.options.pageCap ?? source.options.maxPages

/** Whether the crawl should visit a URL at all (before robots.txt and the page cap). */
export function inScope(source: Pick<CrawlSource, 'origin' | 'options'>, url: string) {
	return (
		isOnSite(url, siteHostOf(source.origin)) &&
		looksLikePage(url) &&
		matchesPatterns(url, source.options.include, source.options.exclude)
	)
}

/** robots.txt rules of a run, parsed once per process. */
const robotsCache = new Map<string, RobotsRules>()
function robotsOf(source: Pick<CrawlSource, 'id' | 'run' | 'origin' | 'robotsTxt'>) {
	const key = `${source.id}:${source.run}`
	let robots = robotsCache.get(key)
	if (!robots) {
		robots = parseRobotsTxt(source.robotsTxt ?? '', { origin: source.origin, userAgent: CRAWLER_TOKEN })
		if (robotsCache.size > 100) robotsCache.clear()
		robotsCache.set(key, robots)
	}
	return robots
}

/** Whether robots.txt lets us fetch a URL (a crawl of one page the owner chose does not ask). */
export function robotsAllow(source: CrawlSource, url: string) {
	if (source.kind !== 'website') return true
	return robotsOf(source).allows(url)
}

/** Requests in flight per site: one lane when robots.txt asks for a delay, otherwise two. */
export function laneOf(source: Pick<CrawlSource, 'id' | 'crawlDelayMs'>, url: string) {
	const lanes = source.crawlDelayMs > getEnv().CRAWL_DELAY_MS ? 1 : 2
	const lane = createHash('sha1').update(url).digest().readUInt16BE(0) % lanes
	return `crawl:${source.id}:${lane}`
}

/** Holds this lane for the site's crawl delay before its next request. */
export async function politeness(source: Pick<CrawlSource, 'crawlDelayMs'>, startedAt: number) {
	const wait = source.crawlDelayMs - (performance.now() - startedAt)
	if (wait > 0) await sleep(wait)
}

// One visit to one page of a crawl: asks robots.txt and the size budget, fetches the page (with the
// validators of its last visit, so an unchanged page answers 304), reads it in the sandbox, and
// decides its outcome. It changes nothing: crawl-pages.server.ts queues what it found and records it.
import { createHash } from 'node:crypto'
import type { KnowledgePage } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { SafeFetchError, safeFetch, type SafeFetchErrorCode } from '~/lib/safe-fetch.server.ts'
import type { PageContent } from '~/lib/sandbox/parsers.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'
import { fetchOptions, inScope, pageCapOf, robotsAllow } from './crawl-rules.server.ts'
import { linksToKeep, normalizePageUrl, siteHostOf } from './site-rules.ts'
import type { CrawlSource } from './source-status.server.ts'

const MAX_PAGE_BYTES = 3 * 1024 * 1024
/** What the fetcher answers for an address that is not a web page of the site: skipped, not failed. */
const NOT_A_PAGE_OF_THE_SITE = new Set<SafeFetchErrorCode>(['not-html', 'off-site'])

/** A page as its visit reads it. */
export type CrawlPage = Pick<
	KnowledgePage,
	'id' | 'url' | 'depth' | 'run' | 'status' | 'contentHash' | 'etag' | 'lastModified' | 'links'
>

export function loadCrawlPage(pageId: string): Promise<CrawlPage | null> {
	return prisma.knowledgePage.findUnique({
		where: { id: pageId },
		select: {
			id: true,
			url: true,
			depth: true,
			run: true,
			status: true,
			contentHash: true,
			etag: true,
			lastModified: true,
			links: true,
		},
	})
}

export type PageOutcome =
	| { status: 'indexed'; text: string; title: string; hash: string }
	| { status: 'unchanged' }
	| { status: 'skipped'; error: string }
	/** `gone`: the site says the page no longer exists (404, 410), so its old chunks go too. */
	| { status: 'failed'; error: string; gone?: boolean }

/** What the visit saw of the page, kept on its row for the next visit. */
export type PageSeen = {
	fetched?: boolean
	etag?: string | null
	lastModified?: string | null
	bytes?: number
	/** The links a crawl follows from it (one level deeper), and a re-sync follows again on a 304. */
	links?: string[]
	title?: string
}

export type PageVisit = {
	outcome: PageOutcome
	seen: PageSeen
	/** The page's canonical address, in scope and not this page: queued at this page's depth. */
	canonical?: string
	/** When its request started, so the site's lane waits out the crawl delay; null: no request made. */
	startedAt: number | null
}

export async function visitPage(source: CrawlSource, page: CrawlPage): Promise<PageVisit> {
	const siteHost = siteHostOf(source.origin)
	const started = performance.now()
	const remainingBytes = source.options.maxBytes - Number(source.bytesFetched)
	if (!robotsAllow(source, page.url)) {
		return {
			outcome: { status: 'skipped', error: 'robots.txt asks crawlers not to visit it.' },
			seen: {},
			startedAt: null,
		}
	}
	if (remainingBytes <= 0) {
		return { outcome: { status: 'skipped', error: 'The crawl reached its size limit.' }, seen: {}, startedAt: null }
	}
	const conditional: Record<string, string> = {}
	if (page.contentHash && page.etag) conditional['If-None-Match'] = page.etag
	if (page.contentHash && page.lastModified) conditional['If-Modified-Since'] = page.lastModified
	let response
	try {
		const options = fetchOptions(siteHost)
		response = await safeFetch(page.url, {
			...options,
			headers: { ...options.headers, ...conditional },
			maxBytes: Math.min(MAX_PAGE_BYTES, remainingBytes),
			timeoutMs: getEnv().CRAWL_PAGE_TIMEOUT_MS,
		})
	} catch (error) {
		if (!(error instanceof SafeFetchError)) throw error
		// A link that leads to something other than a page of this site (a Markdown file, a LICENSE, an
		// archive, a redirect to another site) is skipped with the reason: nothing on the site is broken.
		if (NOT_A_PAGE_OF_THE_SITE.has(error.code))
			return { outcome: { status: 'skipped', error: error.message }, seen: { fetched: true }, startedAt: started }
		const gone = error.status === 404 || error.status === 410
		return { outcome: { status: 'failed', error: error.message, gone }, seen: { fetched: true }, startedAt: started }
	}
	const validators = {
		fetched: true,
		etag: response.etag,
		lastModified: response.lastModified,
		bytes: Buffer.byteLength(response.body),
	}
	if (response.status === 304) {
		// Unchanged: its links from last time still lead to the pages below it (bounded again: a row
		// stored before the bound may hold more).
		const links = linksToKeep(page.links, pageCapOf(source))
		return { outcome: { status: 'unchanged' }, seen: { ...validators, links }, startedAt: started }
	}
	let content: PageContent
	try {
		content = await runInSandbox<PageContent>('page', [response.body, response.url], {
			reuseKey: source.id,
			owner: source.userId,
		})
	} catch (error) {
		if (!(error instanceof SandboxError)) throw error
		const reason = error.reason === 'failed' ? '' : ` ${error.message}`
		return {
			outcome: { status: 'failed', error: `The page could not be read.${reason}` },
			seen: validators,
			startedAt: started,
		}
	}
	const links = content.nofollow
		? []
		: linksToKeep(
				content.links
					.map((link) => normalizePageUrl(link))
					.filter((link): link is string => !!link && inScope(source, link)),
				pageCapOf(source),
			)
	const seen = { ...validators, links, title: content.title }
	const canonical = content.canonical ? normalizePageUrl(content.canonical) : null
	const self = normalizePageUrl(response.url)
	if (canonical && canonical !== self && canonical !== page.url && inScope(source, canonical)) {
		const error = `A copy of ${canonical} (its canonical address).`
		return { outcome: { status: 'skipped', error }, seen, canonical, startedAt: started }
	}
	if (content.noindex) {
		return {
			outcome: { status: 'skipped', error: 'The page asks not to be indexed (noindex).' },
			seen,
			startedAt: started,
		}
	}
	if (!content.text.trim()) {
		return {
			outcome: { status: 'skipped', error: 'No readable text was found on that page.' },
			seen,
			startedAt: started,
		}
	}
	const text =
		content.title && !content.text.startsWith(content.title) ? `${content.title}\n\n${content.text}` : content.text
	const hash = createHash('sha256').update(text).digest('hex')
	const outcome: PageOutcome =
		page.contentHash === hash ? { status: 'unchanged' } : { status: 'indexed', text, title: content.title, hash }
	return { outcome, seen, startedAt: started }
}

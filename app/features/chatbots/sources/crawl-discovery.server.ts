// How a crawl finds its pages. A crawl is one `crawl-website` job that reads robots.txt and queues the
// first page and the sitemaps, one `crawl-sitemap` job per sitemap file (which queues the pages it
// lists, or the sitemaps of an index), then one `crawl-page` job per page (crawl-pages.server.ts),
// which queues the pages it links to: every step is short, so a slow site's crawl yields its job slot
// between steps (docs/decisions/0022-fair-background-work.md). A page source is a crawl of one page,
// without robots.txt or sitemaps. docs/decisions/0016-knowledge-sources.md
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { logValue } from '~/lib/log.ts'
import { SafeFetchError, safeFetch } from '~/lib/safe-fetch.server.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'
import { enqueueAll, enqueuePage } from './crawl-pages.server.ts'
import {
	CRAWL_STEP_ATTEMPTS,
	CRAWLER_TOKEN,
	fetchOptions,
	inScope,
	laneOf,
	pageCapOf,
	politeness,
	robotsAllow,
} from './crawl-rules.server.ts'
import { parseRobotsTxt } from './robots-rules.ts'
import { isOnSite, normalizePageUrl, siteHostOf } from './site-rules.ts'
import { sourceLimits } from './source-schema.ts'
import {
	claimSitemap,
	failSource,
	finishIfDone,
	isFull,
	loadCrawlSource,
	markSitemapRead,
	pagesHeldElsewhere,
	startCrawlRun,
	SourceRunPayload,
	type CrawlSource,
} from './source-status.server.ts'

const MAX_ROBOTS_BYTES = 512 * 1024
const MAX_SITEMAP_BYTES = 10 * 1024 * 1024
const MAX_SITEMAP_FILES = 20
/** A robots.txt Crawl-delay longer than this is held to it (a crawl of 100 pages must end today). */
const MAX_CRAWL_DELAY_MS = 30_000

/** The first step of a page's or a website's run (queued by sources.server.ts). */
export const crawlWebsiteJob = defineJob({ name: 'crawl-website', payload: SourceRunPayload, run: crawlWebsite })

export const crawlSitemapJob = defineJob({
	name: 'crawl-sitemap',
	payload: SourceRunPayload.extend({ url: z.string().min(1) }),
	run: crawlSitemap,
})

export async function crawlWebsite({ sourceId, run }: { sourceId: string; run: number }, helpers: JobHelpers) {
	let source = await loadCrawlSource(sourceId)
	if (!source || source.run !== run || !['queued', 'running'].includes(source.status)) return
	const env = getEnv()
	const start = normalizePageUrl(source.origin)!
	let robotsTxt = ''
	let crawlDelayMs = env.CRAWL_DELAY_MS
	let sitemaps: string[] = []
	if (source.kind === 'website') {
		const robotsUrl = new URL('/robots.txt', start).href
		try {
			const response = await safeFetch(robotsUrl, {
				...fetchOptions(siteHostOf(start)),
				accept: ['text/plain', 'text/html', 'application/octet-stream'],
				maxBytes: MAX_ROBOTS_BYTES,
				timeoutMs: getEnv().CRAWL_PAGE_TIMEOUT_MS,
			})
			// An HTML page where robots.txt should be is a site without one, not a set of rules.
			if (!response.contentType.includes('html')) robotsTxt = response.body
		} catch (error) {
			if (!(error instanceof SafeFetchError)) throw error
		}
		const robots = parseRobotsTxt(robotsTxt, { origin: start, userAgent: CRAWLER_TOKEN })
		const delaySeconds = robots.crawlDelaySeconds
		if (delaySeconds) crawlDelayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.max(crawlDelayMs, delaySeconds * 1000))
		// A run reads MAX_SITEMAP_FILES at most: a file of fifty thousand Sitemap lines is not fifty
		// thousand claims.
		sitemaps = [...new Set(robots.sitemaps.filter((url) => /^https?:\/\//i.test(url)))].slice(0, MAX_SITEMAP_FILES)
		if (sitemaps.length === 0) sitemaps = [new URL('/sitemap.xml', start).href]
	}
	// The page cap, less what the owner's other sources already hold of their page allowance.
	const held = await pagesHeldElsewhere(source)
	const pageCap = Math.max(0, Math.min(source.options.maxPages, sourceLimits.pagesPerUser - held))
	await startCrawlRun(source, { robotsTxt, crawlDelayMs, pageCap })
	source = (await loadCrawlSource(sourceId))!
	if (pageCap === 0) {
		return failSource(
			source,
			`Your chatbots hold ${sourceLimits.pagesPerUser.toLocaleString('en-US')} pages already. Remove a website first.`,
		)
	}
	const first =
		source.kind === 'website' && !robotsAllow(source, start)
			? 'refused by robots.txt'
			: await enqueuePage(source, start, 0)
	// Each sitemap is read by a job of its own; the run cannot finish before they are all read.
	for (const sitemap of sitemaps) await enqueueSitemap(source, sitemap)
	helpers.logger.info(
		`Crawl of source ${sourceId} (${logValue(start)}) started: first page ${first}, ${sitemaps.length} sitemaps queued, delay ${crawlDelayMs} ms`,
	)
	await finishIfDone(source)
}

/**
 * Claims a sitemap for this run and queues its `crawl-sitemap` job, in one transaction: a sitemap
 * listed twice (or an index that lists itself) is read once, and a run reads at most
 * MAX_SITEMAP_FILES. Its job waits in the site's lane like a page, for the same politeness.
 */
async function enqueueSitemap(source: CrawlSource, address: string) {
	await prisma.$transaction(async (tx) => {
		const limits = { cap: pageCapOf(source), maxFiles: MAX_SITEMAP_FILES }
		if (!(await claimSitemap(tx, source, address, limits))) return
		await queueJob(
			crawlSitemapJob,
			{ sourceId: source.id, run: source.run, url: address },
			{ accountId: source.userId, queueName: laneOf(source, address), maxAttempts: CRAWL_STEP_ATTEMPTS },
			tx,
		)
	})
}

/**
 * The 'crawl-sitemap' job: reads one sitemap file and queues the pages it lists (or, for an index,
 * the sitemaps it lists). Pages are claimed per run (enqueuePage), so a retried or restarted step
 * queues none twice; the sitemap then counts as read, and the run may finish.
 */
export async function crawlSitemap(
	{ sourceId, run, url: address }: { sourceId: string; run: number; url: string },
	helpers: JobHelpers,
) {
	const source = await loadCrawlSource(sourceId)
	if (!source || source.run !== run || source.status !== 'running') return
	try {
		await readSitemap(source, address, helpers.logger)
	} catch (error) {
		if (helpers.job.attempts < helpers.job.max_attempts) throw error
		// Its last attempt: the crawl goes on with the pages it has.
		helpers.logger.error(`Sitemap ${logValue(address)} of source ${sourceId} failed for good: ${String(error)}`)
	}
	await markSitemapRead(source, address)
	await finishIfDone(source)
}

async function readSitemap(source: CrawlSource, address: string, log: JobHelpers['logger']) {
	if (await isFull(source, pageCapOf(source))) return
	const started = performance.now()
	let listed: { isIndex: boolean; urls: string[] }
	try {
		const response = await safeFetch(address, {
			...fetchOptions(siteHostOf(address)),
			accept: ['application/xml', 'text/xml', 'application/rss+xml', 'text/plain', 'application/octet-stream'],
			maxBytes: MAX_SITEMAP_BYTES,
			timeoutMs: getEnv().CRAWL_PAGE_TIMEOUT_MS,
		})
		listed = await runInSandbox<{ isIndex: boolean; urls: string[] }>('sitemap', [response.body], {
			reuseKey: source.id,
			owner: source.userId,
		})
	} catch (error) {
		if (!(error instanceof SafeFetchError || error instanceof SandboxError)) throw error
		// A missing /sitemap.xml is normal: the crawl follows links instead.
		if (!(error instanceof SafeFetchError && error.status === 404))
			log.info(`Sitemap ${logValue(address)} of source ${source.id} skipped: ${error.message}`)
		return politeness(source, started)
	}
	if (listed.isIndex) {
		for (const url of listed.urls) if (/^https?:\/\//i.test(url)) await enqueueSitemap(source, url)
	} else {
		const siteHost = siteHostOf(source.origin)
		const pages = listed.urls
			.filter((url) => isOnSite(url, siteHost))
			.map((raw) => normalizePageUrl(raw))
			.filter((url): url is string => !!url && inScope(source, url))
		// A sitemap may list fifty thousand addresses: a few times the page cap is plenty to fill it.
		await enqueueAll(source, pages.slice(0, pageCapOf(source) * 3), 1)
	}
	return politeness(source, started)
}

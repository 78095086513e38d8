// The knowledge jobs: reading an uploaded file, and crawling a web page or a whole website. They run
// in graphile-worker (server/jobs.ts), never on a request. A crawl is one `crawl-website` job that
// reads robots.txt and queues the first page and the sitemaps, one `crawl-sitemap` job per sitemap
// file (which queues the pages it lists, or the sitemaps of an index), then one `crawl-page` job per
// page, which queues the pages it links to: every step is short, so a slow site's crawl yields its
// job slot between steps (docs/decisions/0022-fair-background-work.md). Each page's chunks are swapped in one transaction together
// with its row and the source's counters, so a retried or restarted job never leaves duplicate or
// orphan chunks. docs/decisions/0016-knowledge-sources.md
import { createHash } from 'node:crypto'
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import type { JobHelpers } from 'graphile-worker'
import { checkKnowledgeQuota } from '~/features/chatbots/chatbots.server.ts'
import { extractFileText, FileTextError } from '~/features/chatbots/ingest/file-text.server.ts'
import { replaceChunks } from '~/features/chatbots/knowledge.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { logValue } from '~/lib/log.ts'
import { SafeFetchError, safeFetch } from '~/lib/safe-fetch.server.ts'
import type { PageContent } from '~/lib/sandbox/parsers.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'
import { parseRobotsTxt, type RobotsRules } from './robots-rules.ts'
import { isOnSite, linksToKeep, looksLikePage, matchesPatterns, normalizePageUrl, siteHostOf } from './site-rules.ts'
import { sourceLimits, type CrawlOptions } from './source-schema.ts'

/** The token robots.txt rules name us by; the full User-Agent adds a contact URL. */
const CRAWLER_TOKEN = 'AIPlaygroundBot'
const MAX_PAGE_BYTES = 3 * 1024 * 1024
const MAX_ROBOTS_BYTES = 512 * 1024
const MAX_SITEMAP_BYTES = 10 * 1024 * 1024
const MAX_SITEMAP_FILES = 20
/** A robots.txt Crawl-delay longer than this is held to it (a crawl of 100 pages must end today). */
const MAX_CRAWL_DELAY_MS = 30_000
const PAGE_ATTEMPTS = 3

function crawlerUserAgent() {
	const contact = getEnv().SITE_URL ?? 'http://localhost'
	return `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +${contact.replace(/\/$/, '')}/)`
}

type SourceRow = {
	id: string
	chatbot_id: string
	user_id: string
	kind: 'file' | 'page' | 'website'
	origin: string
	status: string
	run: number
	options: CrawlOptions & { pageCap?: number }
	robots_txt: string | null
	crawl_delay_ms: number
	bytes_fetched: bigint
}

async function loadSource(sourceId: string) {
	const [source] = await prisma.$queryRaw<SourceRow[]>`
		SELECT s.id, s.chatbot_id, c.user_id, s.kind, s.origin, s.status, s.run, s.options, s.robots_txt,
			s.crawl_delay_ms, s.bytes_fetched
		FROM knowledge_sources s JOIN chatbots c ON c.id = s.chatbot_id
		WHERE s.id = ${sourceId}::uuid`
	return source ?? null
}

const fetchOptions = (siteHost: string) => ({
	allow: getEnv().WEBSITE_IMPORT_ALLOW,
	headers: { 'User-Agent': crawlerUserAgent() },
	followRedirect: (url: URL) => isOnSite(url, siteHost),
})

// ─── Files ───────────────────────────────────────────────────────────────────────────────────────

/** A file's name as words, counted with its text ("refund-policy_2026.pdf" is about refund policy). */
const fileTitle = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_.]+/g, ' ')

export async function ingestFile({ sourceId, run }: { sourceId: string; run: number }, helpers: JobHelpers) {
	const source = await loadSource(sourceId)
	if (!source || source.run !== run || !['queued', 'running'].includes(source.status)) return
	const [file] = await prisma.$queryRaw<Array<{ file_data: Uint8Array | null }>>`
		UPDATE knowledge_sources SET status = 'running', started_at = now(), updated_at = now()
		WHERE id = ${sourceId}::uuid RETURNING file_data`
	const fail = (message: string) =>
		prisma.$executeRaw`
			UPDATE knowledge_sources SET status = 'failed', error = ${message}, file_data = NULL, updated_at = now()
			WHERE id = ${sourceId}::uuid AND run = ${run}`
	if (!file?.file_data) return fail('The file was not received. Upload it again.')
	let text: string
	try {
		text = await extractFileText({ name: source.origin, bytes: file.file_data, owner: source.user_id })
	} catch (error) {
		if (!(error instanceof FileTextError)) throw error
		helpers.logger.warn(`File source ${sourceId} (${logValue(source.origin)}) could not be read: ${error.message}`)
		return fail(error.message)
	}
	const overQuota = await checkKnowledgeQuota(source.user_id, text.length)
	if (overQuota) return fail(overQuota)
	await prisma.$transaction(
		async (tx) => {
			const chunks = await replaceChunks(tx, { chatbotId: source.chatbot_id, sourceId }, text, fileTitle(source.origin))
			await tx.$executeRaw`
				UPDATE knowledge_sources SET status = 'ready', error = NULL, file_data = NULL, chars = ${text.length},
					chunk_count = ${chunks}, synced_at = now(), updated_at = now()
				WHERE id = ${sourceId}::uuid`
		},
		{ timeout: 60_000 },
	)
}

// ─── Websites and pages ──────────────────────────────────────────────────────────────────────────

/** robots.txt rules of a run, parsed once per process. */
const robotsCache = new Map<string, RobotsRules>()
function robotsOf(source: Pick<SourceRow, 'id' | 'run' | 'origin' | 'robots_txt'>) {
	const key = `${source.id}:${source.run}`
	let robots = robotsCache.get(key)
	if (!robots) {
		robots = parseRobotsTxt(source.robots_txt ?? '', { origin: source.origin, userAgent: CRAWLER_TOKEN })
		if (robotsCache.size > 100) robotsCache.clear()
		robotsCache.set(key, robots)
	}
	return robots
}

/** Whether robots.txt lets us fetch a URL (a crawl of one page the owner chose does not ask). */
function robotsAllow(source: SourceRow, url: string) {
	if (source.kind !== 'website') return true
	return robotsOf(source).allows(url)
}

/** Requests in flight per site: one lane when robots.txt asks for a delay, otherwise two. */
function laneOf(source: SourceRow, url: string) {
	const lanes = source.crawl_delay_ms > getEnv().CRAWL_DELAY_MS ? 1 : 2
	const lane = createHash('sha1').update(url).digest().readUInt16BE(0) % lanes
	return `crawl:${source.id}:${lane}`
}

/**
 * Claims a URL for this run and queues its page job, all in one transaction; 'seen' when the run
 * already has it, 'full' when the source's page cap is reached.
 */
async function enqueuePage(source: SourceRow, url: string, depth: number): Promise<'queued' | 'seen' | 'full'> {
	const cap = source.options.pageCap ?? source.options.maxPages
	class Full extends Error {}
	try {
		return await prisma.$transaction(async (tx) => {
			const claimed = await tx.$queryRaw<Array<{ id: string }>>`
				INSERT INTO knowledge_pages (source_id, url, depth, run, status)
				VALUES (${source.id}::uuid, ${url}, ${depth}, ${source.run}, 'queued')
				ON CONFLICT (source_id, url) DO UPDATE
					SET run = EXCLUDED.run, depth = EXCLUDED.depth, status = 'queued', error = NULL
					WHERE knowledge_pages.run < EXCLUDED.run
				RETURNING id`
			if (claimed.length === 0) return 'seen'
			const slot = await tx.$executeRaw`
				UPDATE knowledge_sources SET pages_found = pages_found + 1, updated_at = now()
				WHERE id = ${source.id}::uuid AND run = ${source.run} AND status = 'running' AND pages_found < ${cap}`
			if (slot === 0) throw new Full()
			await queueJob(
				'crawl-page',
				{ sourceId: source.id, run: source.run, pageId: claimed[0].id },
				{ accountId: source.user_id, queueName: laneOf(source, url), maxAttempts: PAGE_ATTEMPTS },
				tx,
			)
			return 'queued'
		})
	} catch (error) {
		if (error instanceof Full) return 'full'
		throw error
	}
}

/**
 * Claims a sitemap for this run and queues its `crawl-sitemap` job, in one transaction: a sitemap
 * listed twice (or an index that lists itself) is read once, and a run reads at most
 * MAX_SITEMAP_FILES. Its job waits in the site's lane like a page, for the same politeness.
 */
async function enqueueSitemap(source: SourceRow, address: string) {
	const cap = source.options.pageCap ?? source.options.maxPages
	await prisma.$transaction(async (tx) => {
		const claimed = await tx.$executeRaw`
			UPDATE knowledge_sources SET sitemaps_found = array_append(sitemaps_found, ${address}), updated_at = now()
			WHERE id = ${source.id}::uuid AND run = ${source.run} AND status = 'running' AND pages_found < ${cap}
				AND NOT (${address} = ANY(sitemaps_found)) AND cardinality(sitemaps_found) < ${MAX_SITEMAP_FILES}`
		if (claimed === 0) return
		await queueJob(
			'crawl-sitemap',
			{ sourceId: source.id, run: source.run, url: address },
			{ accountId: source.user_id, queueName: laneOf(source, address), maxAttempts: PAGE_ATTEMPTS },
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
	const source = await loadSource(sourceId)
	if (!source || source.run !== run || source.status !== 'running') return
	try {
		await readSitemap(source, address, helpers.logger)
	} catch (error) {
		if (helpers.job.attempts < helpers.job.max_attempts) throw error
		// Its last attempt: the crawl goes on with the pages it has.
		helpers.logger.error(`Sitemap ${logValue(address)} of source ${sourceId} failed for good: ${String(error)}`)
	}
	await prisma.$executeRaw`
		UPDATE knowledge_sources SET sitemaps_read = array_append(sitemaps_read, ${address}), updated_at = now()
		WHERE id = ${sourceId}::uuid AND run = ${run} AND NOT (${address} = ANY(sitemaps_read))`
	await finishIfDone(source)
}

async function readSitemap(source: SourceRow, address: string, log: JobHelpers['logger']) {
	const [{ full }] = await prisma.$queryRaw<Array<{ full: boolean }>>`
		SELECT pages_found >= ${source.options.pageCap ?? source.options.maxPages} AS full
		FROM knowledge_sources WHERE id = ${source.id}::uuid`
	if (full) return
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
			owner: source.user_id,
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
		await enqueueAll(source, pages.slice(0, (source.options.pageCap ?? source.options.maxPages) * 3), 1)
	}
	return politeness(source, started)
}

/** How many pages this run may visit: the owner's maximum, less what their other sources hold. */
const pageCapOf = (source: SourceRow) => source.options.pageCap ?? source.options.maxPages

/** Whether the crawl should visit a URL at all (before robots.txt and the page cap). */
function inScope(source: SourceRow, url: string) {
	return (
		isOnSite(url, siteHostOf(source.origin)) &&
		looksLikePage(url) &&
		matchesPatterns(url, source.options.include, source.options.exclude)
	)
}

export async function crawlWebsite({ sourceId, run }: { sourceId: string; run: number }, helpers: JobHelpers) {
	let source = await loadSource(sourceId)
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
	const [{ held }] = await prisma.$queryRaw<Array<{ held: number }>>`
		SELECT count(*)::int AS held FROM knowledge_pages p
		JOIN knowledge_sources s ON s.id = p.source_id JOIN chatbots c ON c.id = s.chatbot_id
		WHERE c.user_id = ${source.user_id}::uuid AND s.id <> ${sourceId}::uuid`
	const pageCap = Math.max(0, Math.min(source.options.maxPages, sourceLimits.pagesPerUser - held))
	await prisma.$executeRaw`
		UPDATE knowledge_sources
		SET status = 'running', started_at = COALESCE(started_at, now()), robots_txt = ${robotsTxt},
			crawl_delay_ms = ${crawlDelayMs}, options = options || jsonb_build_object('pageCap', ${pageCap}::int),
			updated_at = now()
		WHERE id = ${sourceId}::uuid AND run = ${run}`
	source = (await loadSource(sourceId))!
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

async function failSource(source: SourceRow, message: string) {
	await prisma.$executeRaw`
		UPDATE knowledge_sources SET status = 'failed', error = ${message}, synced_at = now(), updated_at = now()
		WHERE id = ${source.id}::uuid AND run = ${source.run}`
}

/** When every page found is done and every sitemap read: the source is ready (or failed, if no page could be read), and pages of earlier runs go. */
async function finishIfDone(source: SourceRow) {
	await prisma.$transaction(async (tx) => {
		const finished = await tx.$queryRaw<Array<{ readable: number }>>`
			UPDATE knowledge_sources s SET
				status = CASE WHEN s.pages_indexed + s.pages_unchanged > 0 THEN 'ready' ELSE 'failed' END,
				synced_at = now(), updated_at = now()
			WHERE s.id = ${source.id}::uuid AND s.run = ${source.run} AND s.status = 'running' AND s.pages_done >= s.pages_found
				AND cardinality(s.sitemaps_read) >= cardinality(s.sitemaps_found)
			RETURNING (s.pages_indexed + s.pages_unchanged)::int AS readable`
		if (finished.length === 0) return
		// Pages the site no longer has (or links to) leave with their chunks.
		await tx.$executeRaw`DELETE FROM knowledge_pages WHERE source_id = ${source.id}::uuid AND run < ${source.run}`
		await tx.$executeRaw`
			UPDATE knowledge_sources s SET
				chars = (SELECT COALESCE(sum(chars), 0) FROM knowledge_pages p WHERE p.source_id = s.id AND p.content_hash IS NOT NULL),
				chunk_count = (SELECT count(*) FROM knowledge_chunks k WHERE k.source_id = s.id),
				error = CASE WHEN ${finished[0].readable} > 0 THEN NULL ELSE 'No page could be read: ' || COALESCE(
					(SELECT p.error FROM knowledge_pages p WHERE p.source_id = s.id ORDER BY p.depth, p.url LIMIT 1), 'nothing was found.') END
			WHERE s.id = ${source.id}::uuid`
	})
}

type PageRow = {
	id: string
	url: string
	depth: number
	run: number
	status: string
	content_hash: string | null
	etag: string | null
	last_modified: string | null
	links: string[]
}

type PageOutcome =
	| { status: 'indexed'; text: string; title: string; hash: string }
	| { status: 'unchanged' }
	| { status: 'skipped'; error: string }
	/** `gone`: the site says the page no longer exists (404, 410), so its old chunks go too. */
	| { status: 'failed'; error: string; gone?: boolean }

export async function crawlPage(
	{ sourceId, run, pageId }: { sourceId: string; run: number; pageId: string },
	helpers: JobHelpers,
) {
	const source = await loadSource(sourceId)
	if (!source || source.run !== run || source.status !== 'running') return
	const [page] = await prisma.$queryRaw<PageRow[]>`
		SELECT id, url, depth, run, status, content_hash, etag, last_modified, links
		FROM knowledge_pages WHERE id = ${pageId}::uuid`
	// Done already (a job retried after its work committed) or claimed by a newer run.
	if (!page || page.run !== run || page.status !== 'queued') return
	try {
		await visitPage(source, page, helpers)
	} catch (error) {
		if (helpers.job.attempts < helpers.job.max_attempts) throw error
		// Its last attempt: the page fails, the crawl goes on.
		helpers.logger.error(`Page ${logValue(page.url)} of source ${sourceId} failed for good: ${String(error)}`)
		await finishPage(source, page, { status: 'failed', error: 'The page could not be processed.' }, {})
	}
}

async function visitPage(source: SourceRow, page: PageRow, helpers: JobHelpers) {
	const siteHost = siteHostOf(source.origin)
	const started = performance.now()
	const remainingBytes = source.options.maxBytes - Number(source.bytes_fetched)
	if (!robotsAllow(source, page.url)) {
		return finishPage(source, page, { status: 'skipped', error: 'robots.txt asks crawlers not to visit it.' }, {})
	}
	if (remainingBytes <= 0) {
		return finishPage(source, page, { status: 'skipped', error: 'The crawl reached its size limit.' }, {})
	}
	const conditional: Record<string, string> = {}
	if (page.content_hash && page.etag) conditional['If-None-Match'] = page.etag
	if (page.content_hash && page.last_modified) conditional['If-Modified-Since'] = page.last_modified
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
		const gone = error.status === 404 || error.status === 410
		await finishPage(source, page, { status: 'failed', error: error.message, gone }, { fetched: true })
		return politeness(source, started)
	}
	const validators = {
		etag: response.etag,
		lastModified: response.lastModified,
		bytes: Buffer.byteLength(response.body),
	}
	if (response.status === 304) {
		// Unchanged: its links from last time still lead to the pages below it (bounded again: a row
		// stored before the bound may hold more).
		const links = linksToKeep(page.links, pageCapOf(source))
		await enqueueLinks(source, page, links)
		await finishPage(source, page, { status: 'unchanged' }, { fetched: true, ...validators, links })
		return politeness(source, started)
	}
	let content: PageContent
	try {
		content = await runInSandbox<PageContent>('page', [response.body, response.url], {
			reuseKey: source.id,
			owner: source.user_id,
		})
	} catch (error) {
		if (!(error instanceof SandboxError)) throw error
		const reason = error.reason === 'failed' ? '' : ` ${error.message}`
		await finishPage(
			source,
			page,
			{ status: 'failed', error: `The page could not be read.${reason}` },
			{
				fetched: true,
				...validators,
			},
		)
		return politeness(source, started)
	}
	const links = content.nofollow
		? []
		: linksToKeep(
				content.links
					.map((link) => normalizePageUrl(link))
					.filter((link): link is string => !!link && inScope(source, link)),
				pageCapOf(source),
			)
	const canonical = content.canonical ? normalizePageUrl(content.canonical) : null
	const self = normalizePageUrl(response.url)
	let outcome: PageOutcome
	if (canonical && canonical !== self && canonical !== page.url && inScope(source, canonical)) {
		await enqueuePage(source, canonical, page.depth)
		outcome = { status: 'skipped', error: `A copy of ${canonical} (its canonical address).` }
	} else if (content.noindex) {
		outcome = { status: 'skipped', error: 'The page asks not to be indexed (noindex).' }
	} else if (!content.text.trim()) {
		outcome = { status: 'skipped', error: 'No readable text was found on that page.' }
	} else {
		const text =
			content.title && !content.text.startsWith(content.title) ? `${content.title}\n\n${content.text}` : content.text
		const hash = createHash('sha256').update(text).digest('hex')
		outcome =
			page.content_hash === hash ? { status: 'unchanged' } : { status: 'indexed', text, title: content.title, hash }
	}
	await enqueueLinks(source, page, links)
	await finishPage(source, page, outcome, { fetched: true, ...validators, links, title: content.title })
	helpers.logger.debug(`Page ${page.url} of source ${source.id}: ${outcome.status}`)
	return politeness(source, started)
}

/** Pages below this one are queued before it counts as done, so the crawl cannot finish early. */
async function enqueueLinks(source: SourceRow, page: PageRow, links: string[]) {
	if (page.depth >= source.options.maxDepth) return
	await enqueueAll(source, links, page.depth + 1)
}

/** Queues the URLs this run has not claimed yet, in their order, until the page cap is reached. */
async function enqueueAll(source: SourceRow, urls: string[], depth: number) {
	if (urls.length === 0) return
	// One query leaves out what this run has already claimed (most links, on most sites).
	const claimed = await prisma.$queryRaw<Array<{ url: string }>>`
		SELECT url FROM knowledge_pages WHERE source_id = ${source.id}::uuid AND run = ${source.run} AND url = ANY(${urls}::text[])`
	const known = new Set(claimed.map((row) => row.url))
	for (const url of urls) {
		if (known.has(url)) continue
		known.add(url)
		// One robots.txt check is bounded (a few milliseconds at worst, robots-rules.ts), but a sitemap's
		// thousands of URLs that it refuses would add up to seconds: the event loop is the web
		// process's, so other work gets a turn between them.
		await nextTurn()
		if (!robotsAllow(source, url)) continue
		if ((await enqueuePage(source, url, depth)) === 'full') return
	}
}

/** Holds this lane for the site's crawl delay before its next request. */
async function politeness(source: SourceRow, startedAt: number) {
	const wait = source.crawl_delay_ms - (performance.now() - startedAt)
	if (wait > 0) await sleep(wait)
}

/**
 * Records a page's outcome, its chunks (swapped in the same transaction), and the source's
 * counters; then, if it was the last page, finishes the source.
 */
async function finishPage(
	source: SourceRow,
	page: PageRow,
	outcome: PageOutcome,
	seen: {
		fetched?: boolean
		etag?: string | null
		lastModified?: string | null
		bytes?: number
		links?: string[]
		title?: string
	},
) {
	let final = outcome
	if (final.status === 'indexed') {
		const overQuota = await checkKnowledgeQuota(source.user_id, final.text.length)
		if (overQuota) final = { status: 'failed', error: overQuota }
	}
	await prisma.$transaction(
		async (tx) => {
			let status = final.status
			let error = 'error' in final ? final.error : null
			let chars: number | null = null
			if (final.status === 'indexed') {
				// One page per content: the same text under two addresses is indexed once.
				await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${source.id}:${final.hash}`}))`
				const [twin] = await tx.$queryRaw<Array<{ url: string }>>`
					SELECT url FROM knowledge_pages
					WHERE source_id = ${source.id}::uuid AND content_hash = ${final.hash} AND id <> ${page.id}::uuid
						AND run = ${source.run} AND status IN ('indexed', 'unchanged')
					LIMIT 1`
				if (twin) {
					status = 'skipped'
					error = `The same text as ${twin.url}.`
					await tx.$executeRaw`DELETE FROM knowledge_chunks WHERE page_id = ${page.id}::uuid`
				} else {
					await replaceChunks(
						tx,
						{ chatbotId: source.chatbot_id, sourceId: source.id, pageId: page.id },
						final.text,
						final.title,
					)
					chars = final.text.length
				}
			}
			const hash = final.status === 'indexed' && status === 'indexed' ? final.hash : null
			// A page that could not be fetched this time (a time-out, a server error) keeps answering
			// from what it said last time; one that is gone, skipped or now a duplicate does not.
			const dropped = status === 'skipped' || (final.status === 'failed' && (final.gone || !page.content_hash))
			const keepsOld = status === 'unchanged' || (status === 'failed' && !dropped)
			const updated = await tx.$executeRaw`
				UPDATE knowledge_pages SET
					status = ${status}, error = ${error},
					title = COALESCE(${seen.title ?? null}, title),
					content_hash = CASE WHEN ${status} = 'indexed' THEN ${hash} WHEN ${keepsOld} THEN content_hash END,
					chars = CASE WHEN ${status} = 'indexed' THEN ${chars ?? 0} WHEN ${keepsOld} THEN chars ELSE 0 END,
					etag = CASE WHEN ${keepsOld} AND ${status} = 'failed' THEN etag ELSE ${seen.etag ?? null} END,
					last_modified = CASE WHEN ${keepsOld} AND ${status} = 'failed' THEN last_modified ELSE ${seen.lastModified ?? null} END,
					links = CASE WHEN ${keepsOld} AND ${status} = 'failed' THEN links ELSE ${seen.links ?? []}::text[] END,
					fetched_at = CASE WHEN ${seen.fetched ?? false} THEN now() ELSE fetched_at END
				WHERE id = ${page.id}::uuid AND run = ${source.run} AND status = 'queued'`
			// Another attempt got here first: nothing more to count.
			if (updated === 0) return
			if (dropped) await tx.$executeRaw`DELETE FROM knowledge_chunks WHERE page_id = ${page.id}::uuid`
			await tx.$executeRaw`
				UPDATE knowledge_sources SET
					pages_fetched = pages_fetched + ${seen.fetched ? 1 : 0},
					pages_indexed = pages_indexed + ${status === 'indexed' ? 1 : 0},
					pages_unchanged = pages_unchanged + ${status === 'unchanged' ? 1 : 0},
					pages_skipped = pages_skipped + ${status === 'skipped' ? 1 : 0},
					pages_failed = pages_failed + ${status === 'failed' ? 1 : 0},
					pages_done = pages_done + 1,
					bytes_fetched = bytes_fetched + ${seen.bytes ?? 0},
					updated_at = now()
				WHERE id = ${source.id}::uuid AND run = ${source.run}`
		},
		{ timeout: 60_000 },
	)
	await finishIfDone(source)
}

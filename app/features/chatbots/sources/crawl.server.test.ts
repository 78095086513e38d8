// Whole-site import through the real job queue (graphile-worker in this test's database), the real
// SSRF-safe fetcher, the real sandbox and a local website of about 200 pages.
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { INDEXABLE_PAGES, startCrawlSite, widgetCode } from '../../../../tests/support/crawl-site.ts'
import { startHostileRobotsSite } from '../../../../tests/support/hostile-robots.ts'
import { startSlowSite } from '../../../../tests/support/noisy-neighbours.ts'
import { loadSourceModules } from '../../../../tests/support/source-modules.ts'

const site = await startCrawlSite()
/** A second copy of the site, untouched by the re-sync test. */
const freshSite = await startCrawlSite()
/** A site with twenty sitemaps, each answering after a pause. */
const sitemapSite = await startSlowSite({ sitemaps: 20, delayMs: 100 })
/** A site whose 512 KB robots.txt is made to be slow to check, and whose sitemap lists 300 long URLs it refuses. */
const hostileSite = await startHostileRobotsSite({ pages: 300, pathChars: 2000 })
const origins = [site, freshSite, sitemapSite, hostileSite].map(({ origin }) => origin)
/** Pages are given up on sooner than in production, so that slow sites do not hold the tests up. */
const pageTimeout = { CRAWL_PAGE_TIMEOUT_MS: '1500' }
const { db, sources, schema, jobs: taskList, resetEnv } = await loadSourceModules(origins, pageTimeout)
const knowledge = await import('~/features/chatbots/knowledge.server.ts')
const jobs = await import('~/lib/jobs/job-worker.server.ts')
const crawl = await import('./crawl-discovery.server.ts')
let userId: string
let chatbotId: string

beforeAll(async () => {
	const user = await db.prisma.user.create({
		data: { email: `crawl-${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() },
	})
	userId = user.id
	const chatbot = await db.prisma.chatbot.create({
		data: { userId, name: 'Widgets', knowledgeBase: '', systemPrompt: 'Help.' },
	})
	chatbotId = chatbot.id
})

afterAll(async () => {
	await db.prisma.user.deleteMany({ where: { id: userId } })
	await Promise.all([site.close(), freshSite.close(), sitemapSite.close(), hostileSite.close()])
	resetEnv()
})

const startWorker = (concurrency = 2, staleLockSeconds = 60) =>
	jobs.startJobWorker({
		connectionString: process.env.DATABASE_URL!,
		concurrency,
		taskList: taskList.jobTaskList,
		staleLockSeconds,
		// These tests are about what a crawl visits and counts, across workers: every slot may take
		// its pages. The share of slots per account has tests of its own (job-worker, noisy-neighbours).
		accountShare: 2 * concurrency,
	})

async function pendingJobs() {
	const [{ n }] = await db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM graphile_worker.jobs`
	return n
}

/** Waits until the source is no longer queued or running and the queue is empty. */
async function settled(sourceId: string, timeoutMs = 90_000) {
	const until = Date.now() + timeoutMs
	for (;;) {
		const source = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
		if (!['queued', 'running'].includes(source.status) && (await pendingJobs()) === 0) return source
		if (Date.now() > until)
			throw new Error(
				`Source still ${source.status}: ${JSON.stringify(source, (_key, value) => (typeof value === 'bigint' ? Number(value) : value))}, ${await pendingJobs()} jobs pending`,
			)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

async function addSite(form: Record<string, string>) {
	const parsed = schema.WebsiteSourceSchema.parse({ scope: 'site', ...form })
	expect(await sources.addWebsiteSource(userId, chatbotId, parsed)).toBe(true)
	const source = await db.prisma.knowledgeSource.findFirstOrThrow({
		where: { chatbotId, origin: { startsWith: parsed.url } },
		orderBy: { createdAt: 'desc' },
	})
	return source.id
}

const pagesOf = (sourceId: string) => db.prisma.knowledgePage.findMany({ where: { sourceId }, orderBy: { url: 'asc' } })

/** Chunk rows that repeat a (page, position), and chunks whose page no longer answers: both must be none. */
async function duplicateOrOrphanChunks(sourceId: string) {
	const [{ duplicates }] = await db.prisma.$queryRaw<[{ duplicates: number }]>`
		SELECT count(*)::int AS duplicates FROM (
			SELECT page_id, position FROM knowledge_chunks WHERE source_id = ${sourceId}::uuid
			GROUP BY page_id, position HAVING count(*) > 1) d`
	const [{ orphans }] = await db.prisma.$queryRaw<[{ orphans: number }]>`
		SELECT count(*)::int AS orphans FROM knowledge_chunks k LEFT JOIN knowledge_pages p ON p.id = k.page_id
		WHERE k.source_id = ${sourceId}::uuid AND (p.id IS NULL OR p.content_hash IS NULL)`
	return { duplicates, orphans }
}

async function chunksStating(sourceId: string, text: string) {
	const [{ n }] = await db.prisma.$queryRaw<[{ n: number }]>`
		SELECT count(*)::int AS n FROM knowledge_chunks WHERE source_id = ${sourceId}::uuid AND strpos(content, ${text}) > 0`
	return n
}

let siteSourceId: string

test('two workers crawl the whole site once: robots, sitemap, duplicates and every failure accounted for', async () => {
	// Two workers on one database: two app instances sharing the queue.
	const [first, second] = await Promise.all([startWorker(), startWorker()])
	try {
		siteSourceId = await addSite({ url: site.origin, maxPages: '250' })
		const source = await settled(siteSourceId)
		const pages = await pagesOf(siteSourceId)
		const byPath = new Map(pages.map((page) => [new URL(page.url).pathname + new URL(page.url).search, page]))

		expect(source.status).toBe('ready')
		expect(source.pagesIndexed).toBe(INDEXABLE_PAGES)
		expect(source.pagesDone).toBe(source.pagesFound)
		expect(pages.filter((page) => page.status === 'indexed')).toHaveLength(INDEXABLE_PAGES)
		// Disallowed by robots.txt, not a page, not followed, or another spelling of a page: never visited.
		for (const path of ['/private/secret', '/brochure.pdf', '/skip-me', '/about?utm_source=newsletter']) {
			expect(byPath.has(path), path).toBe(false)
			expect(site.hits.get(path), path).toBeUndefined()
		}
		// Same text twice, and a page whose canonical address is another: indexed once.
		const twins = [byPath.get('/about')!, byPath.get('/dup-b')!]
		expect(twins.map((page) => page.status).sort()).toEqual(['indexed', 'skipped'])
		expect(twins.find((page) => page.status === 'skipped')!.error).toMatch(/^The same text as /)
		expect(byPath.get('/docs/canonical-copy')).toMatchObject({
			status: 'skipped',
			error: `A copy of ${site.origin}/about (its canonical address).`,
		})
		// A link that leads off the site is not a page of it: skipped, with the reason.
		expect(byPath.get('/leave')).toMatchObject({
			status: 'skipped',
			error: expect.stringContaining('redirects off the site'),
		})
		// Each failure is reported on its page and does not fail the source.
		expect(byPath.get('/gone')).toMatchObject({ status: 'failed', error: 'The page answered with HTTP 404.' })
		expect(byPath.get('/slow')).toMatchObject({ status: 'failed', error: 'The page did not load within 2 seconds.' })
		expect(byPath.get('/deep')).toMatchObject({
			status: 'failed',
			error: 'The page could not be read. Its elements nest more than 512 levels deep.',
		})
		expect(source.pagesFailed).toBe(3)
		expect(source.pagesSkipped).toBe(3)
		// Two workers, and still every page fetched exactly once.
		for (const page of pages) expect(site.hits.get(new URL(page.url).pathname), page.url).toBe(1)
		expect(await duplicateOrOrphanChunks(siteSourceId)).toEqual({ duplicates: 0, orphans: 0 })
		expect(source.chunkCount).toBeGreaterThanOrEqual(INDEXABLE_PAGES)

		// A fact stated only on a page deep in the site is found, and cites that page.
		expect(await chunksStating(siteSourceId, `${widgetCode(9, 18)} and`)).toBe(1)
		const [hit] = await knowledge.searchKnowledge(chatbotId, `Which widget has the part code ${widgetCode(7, 15)}?`)
		expect(hit).toMatchObject({ url: `${site.origin}/section/7/page/15`, title: 'Widget 7-15' })
		expect(hit.content).toContain(widgetCode(7, 15))
		// Chrome outside the main content is not knowledge.
		const [{ n: chrome }] = await db.prisma.$queryRaw<[{ n: number }]>`
			SELECT count(*)::int AS n FROM knowledge_chunks WHERE source_id = ${siteSourceId}::uuid
			AND (content LIKE '%We use cookies%' OR content LIKE '%Test Widgets Ltd ·%')`
		expect(chrome).toBe(0)

		// Re-sync after three pages changed: exactly those three are re-indexed, the rest answer 304.
		site.change(['/section/3/page/4', '/section/5/page/9', '/section/8/page/2'])
		site.remove('/section/9/page/18')
		const before = new Map(site.hits)
		expect(await sources.resyncSource(userId, siteSourceId)).toBe('started')
		const resynced = await settled(siteSourceId)
		expect(resynced.status).toBe('ready')
		expect(resynced.run).toBe(2)
		expect(resynced.pagesIndexed).toBe(3)
		expect(resynced.pagesUnchanged).toBe(INDEXABLE_PAGES - 4)
		expect(
			(await knowledge.searchKnowledge(chatbotId, widgetCode(3, 4, 1)))[0]?.url,
			'the changed page answers with its new text',
		).toBe(`${site.origin}/section/3/page/4`)
		expect(await chunksStating(siteSourceId, `${widgetCode(3, 4)} and`), 'the old text is gone').toBe(0)
		// The removed page's chunks went with it.
		expect(await chunksStating(siteSourceId, `${widgetCode(9, 18)} and`)).toBe(0)
		for (const page of await pagesOf(siteSourceId)) {
			const path = new URL(page.url).pathname
			expect((site.hits.get(path) ?? 0) - (before.get(path) ?? 0), path).toBe(1)
		}
		expect(await duplicateOrOrphanChunks(siteSourceId)).toEqual({ duplicates: 0, orphans: 0 })
	} finally {
		await Promise.all([first.stop(), second.stop()])
	}
}, 120_000)

test('page cap, depth and include/exclude patterns bound the crawl', async () => {
	const worker = await startWorker()
	try {
		const capped = await settled(
			await addSite({ url: `${site.origin}/`, maxPages: '15', exclude: '/section/1*\n/about' }),
		)
		const cappedPages = await pagesOf(capped.id)
		expect(capped.status).toBe('ready')
		expect(capped.pagesFound).toBe(15)
		expect(cappedPages).toHaveLength(15)
		expect(cappedPages.filter((page) => /\/section\/1(\/|$)|\/about/.test(page.url))).toEqual([])
		// Each page keeps only the links a re-sync could follow: no more than the crawl may visit.
		expect(cappedPages.some((page) => page.links.length > 0)).toBe(true)
		for (const page of cappedPages) expect(page.links.length, page.url).toBeLessThanOrEqual(15)

		const section = await settled(
			await addSite({ url: `${site.origin}/section/4`, include: '/section/4/*', maxDepth: '1' }),
		)
		const sectionPages = await pagesOf(section.id)
		// The start page, and only the pages under it one link away (the sitemap's other pages are outside the pattern).
		expect(sectionPages.map((page) => new URL(page.url).pathname).sort()).toEqual(
			['/section/4', ...Array.from({ length: 18 }, (_, i) => `/section/4/page/${i + 1}`)].sort(),
		)
		expect(section.pagesIndexed).toBe(19)
	} finally {
		await worker.stop()
	}
}, 120_000)

test('removing a source removes its pages and chunks; another user cannot touch it', async () => {
	const stranger = await db.prisma.user.create({
		data: { email: `stranger-${randomUUID()}@example.com`, passwordHash: 'x' },
	})
	try {
		expect(await sources.removeSource(stranger.id, siteSourceId)).toBe(false)
		expect(await sources.resyncSource(stranger.id, siteSourceId)).toBe('missing')
		expect(await sources.removeSource(userId, siteSourceId)).toBe(true)
		const [{ n }] = await db.prisma.$queryRaw<[{ n: number }]>`
			SELECT count(*)::int AS n FROM knowledge_chunks WHERE source_id = ${siteSourceId}::uuid`
		expect(n).toBe(0)
		expect(await pagesOf(siteSourceId)).toEqual([])
	} finally {
		await db.prisma.user.delete({ where: { id: stranger.id } })
	}
})

test('a worker killed mid-crawl: the jobs it held run again elsewhere, with no duplicate or orphan chunks', async () => {
	// The first worker is a separate process, so it can be killed outright (SIGKILL, no clean-up).
	const script = fileURLToPath(new URL('../../../../tests/support/job-worker-process.ts', import.meta.url))
	const child = fork(script, [], {
		execArgv: ['--import', 'tsx'],
		env: { ...process.env, CRAWL_DELAY_MS: '40', JOB_CONCURRENCY: '2' },
		stdio: 'ignore',
	})
	let worker: Awaited<ReturnType<typeof startWorker>> | undefined
	try {
		const sourceId = await addSite({ url: `${freshSite.origin}/`, exclude: '/slow', maxPages: '250' })
		const until = Date.now() + 60_000
		for (;;) {
			const { pagesDone } = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
			if (pagesDone >= 30) break
			if (Date.now() > until) throw new Error('The worker process never got going')
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
		// Frozen while it holds a job (SIGSTOP), then killed: that job is locked by a dead worker.
		for (let held = 0; ;) {
			child.kill('SIGSTOP')
			;[{ held }] = await db.prisma.$queryRaw<[{ held: number }]>`
				SELECT count(*)::int AS held FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL`
			if (held > 0) break
			child.kill('SIGCONT')
			await new Promise((resolve) => setTimeout(resolve, 10))
		}
		child.kill('SIGKILL')
		await new Promise((resolve) => child.once('exit', resolve))
		const midway = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
		expect(midway.status).toBe('running')
		const warn = vi.mocked(console.warn)
		warn.mockClear()

		// This worker notices that the killed one stopped answering and takes over its jobs.
		worker = await startWorker(2, 2)
		const source = await settled(sourceId)
		expect(source.status).toBe('ready')
		expect(source.pagesDone).toBe(source.pagesFound)
		expect(source.pagesIndexed).toBe(INDEXABLE_PAGES)
		expect(await duplicateOrOrphanChunks(sourceId)).toEqual({ duplicates: 0, orphans: 0 })
		expect(warn).toHaveBeenCalledWith(
			expect.stringMatching(/^\[jobs\] unlocked the jobs of \d+ worker\(s\) that stopped responding/),
		)
	} finally {
		if (child.exitCode === null) child.kill('SIGKILL')
		await worker?.stop()
	}
}, 120_000)

test('a crawl reads each sitemap in a step of its own; a repeated start queues nothing twice; it ends when all are read', async () => {
	const sourceId = await addSite({ url: sitemapSite.origin, maxPages: '100' })
	const { run } = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
	const helpers = {
		logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
		job: { attempts: 1, max_attempts: 3 },
	} as unknown as Parameters<typeof crawl.crawlWebsite>[1]
	// The first step reads robots.txt only: it queues the first page and one job per sitemap, and
	// fetches no sitemap itself (before, one job fetched all twenty, one after another).
	await crawl.crawlWebsite({ sourceId, run }, helpers)
	// A retried or restarted first step claims nothing twice.
	await crawl.crawlWebsite({ sourceId, run }, helpers)
	const sitemapFetches = () =>
		[...sitemapSite.hits].filter(([path]) => path.startsWith('/sitemap')).reduce((sum, [, n]) => sum + n, 0)
	expect(sitemapFetches()).toBe(0)
	const queued = await db.prisma.$queryRaw<Array<{ task: string; n: number }>>`
		SELECT t.identifier AS task, count(*)::int AS n FROM graphile_worker._private_jobs j
		JOIN graphile_worker._private_tasks t ON t.id = j.task_id
		WHERE j.payload->>'sourceId' = ${sourceId} GROUP BY 1 ORDER BY 1`
	expect(Object.fromEntries(queued.map(({ task, n }) => [task, n]))).toEqual({
		'crawl-page': 1,
		'crawl-sitemap': 20,
		'crawl-website': 1,
	})
	// Pages done (none yet) are not enough to finish while sitemaps are unread.
	expect((await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })).status).toBe('running')

	const worker = await startWorker()
	try {
		const source = await settled(sourceId, 60_000)
		expect(source.status).toBe('ready')
		expect(source.sitemapsRead).toHaveLength(20)
		// The first page and the twenty the sitemaps list, each fetched once.
		expect(source.pagesFound).toBe(21)
		expect(source.pagesIndexed).toBe(21)
		expect(sitemapFetches()).toBe(20)
		expect(sitemapSite.hits.get('/page7')).toBe(1)
	} finally {
		await worker.stop()
	}
}, 90_000)

/**
 * The longest the event loop may be held. One robots.txt check takes milliseconds; the 300 of this
 * sitemap in a row took 2 s on an idle machine and 7 s on a busy one.
 */
const MAX_STALL_MS = 1000

test("a hostile robots.txt cannot hold the web process's event loop, even over a sitemap of URLs it refuses", async () => {
	// Each of the sitemap's 300 URLs is refused only after the 1,000 slow rules kept were tried on its
	// 2,000 characters (a few milliseconds each; robots-parser took seconds each). All at once, without
	// a turn for other work between them, they held the loop for seconds.
	const sourceId = await addSite({ url: hostileSite.origin, maxPages: '100' })
	const { run } = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
	const helpers = {
		logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
		job: { attempts: 1, max_attempts: 3 },
	} as unknown as Parameters<typeof crawl.crawlWebsite>[1]
	const delay = monitorEventLoopDelay({ resolution: 10 })
	delay.enable()
	try {
		await crawl.crawlWebsite({ sourceId, run }, helpers)
		await crawl.crawlSitemap({ sourceId, run, url: `${hostileSite.origin}/sitemap.xml` }, helpers)
	} finally {
		delay.disable()
		// The jobs these steps queued were run here, by hand: no worker of a later test takes them.
		await db.prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE payload->>'sourceId' = ${sourceId}`
	}
	expect(delay.max / 1e6).toBeLessThan(MAX_STALL_MS)
	const source = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
	// Every page refused (none claimed, none fetched): the run ends with nothing read.
	expect(source).toMatchObject({ status: 'failed', pagesFound: 0, sitemapsRead: [`${hostileSite.origin}/sitemap.xml`] })
	expect(await pagesOf(sourceId)).toEqual([])
}, 120_000)

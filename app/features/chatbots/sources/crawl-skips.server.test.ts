// A healthy docs site links to files that are not pages (README.md, LICENSE, a JSON spec, a release
// archive, GitHub): its import counts them as skipped, with the reason, and only the broken page as
// failed. Every page not indexed can be listed, 50 at a time. Through the real job queue, fetcher
// and sandbox, against a local site.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BROKEN, DOCS_PAGES, NOT_PAGES, startDocsLinksSite } from '../../../../tests/support/docs-links-site.ts'
import { loadSourceModules } from '../../../../tests/support/source-modules.ts'

const site = await startDocsLinksSite()
const { db, sources, schema, jobs: taskList, resetEnv } = await loadSourceModules([site.origin])
const jobs = await import('~/lib/jobs/job-worker.server.ts')
let userId: string
let chatbotId: string

beforeAll(async () => {
	userId = (
		await db.prisma.user.create({
			data: { email: `skips-${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() },
		})
	).id
	chatbotId = (
		await db.prisma.chatbot.create({ data: { userId, name: 'Acme Docs', knowledgeBase: '', systemPrompt: 'Help.' } })
	).id
})

afterAll(async () => {
	await db.prisma.user.deleteMany({ where: { id: userId } })
	await site.close()
	resetEnv()
})

async function settled(sourceId: string) {
	const until = Date.now() + 60_000
	for (;;) {
		const source = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
		const [{ n }] = await db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM graphile_worker.jobs`
		if (!['queued', 'running'].includes(source.status) && n === 0) return source
		if (Date.now() > until) throw new Error(`Source still ${source.status}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

let sourceId: string

test('links to files and other sites are skipped with the reason; only the broken page fails', async () => {
	const worker = await jobs.startJobWorker({
		connectionString: process.env.DATABASE_URL!,
		concurrency: 2,
		taskList: taskList.jobTaskList,
		accountShare: 4,
	})
	try {
		const form = schema.WebsiteSourceSchema.parse({ url: site.origin, scope: 'site' })
		expect(await sources.addWebsiteSource(userId, chatbotId, form)).toBe(true)
		sourceId = (await db.prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId } })).id
		const source = await settled(sourceId)
		expect(source).toMatchObject({
			status: 'ready',
			pagesIndexed: DOCS_PAGES.length,
			pagesSkipped: NOT_PAGES.length,
			pagesFailed: 1,
		})
		const pages = await db.prisma.knowledgePage.findMany({ where: { sourceId } })
		const byPath = new Map(pages.map((page) => [new URL(page.url).pathname, page]))
		const reason = (path: string) => ({ status: byPath.get(path)?.status, error: byPath.get(path)?.error })
		expect(reason('/README.md')).toEqual({ status: 'skipped', error: 'The address is not a web page (text/markdown).' })
		expect(reason('/CHANGELOG.md')).toEqual({
			status: 'skipped',
			error: 'The address is not a web page (text/markdown).',
		})
		expect(reason('/LICENSE')).toEqual({ status: 'skipped', error: 'The address is not a web page (text/plain).' })
		expect(reason('/spec')).toEqual({ status: 'skipped', error: 'The address is not a web page (application/json).' })
		// Refused from its headers: not read up to the size cap and then called too large.
		expect(reason('/releases/latest')).toEqual({
			status: 'skipped',
			error: 'The address is not a web page (application/gzip).',
		})
		expect(reason('/github')).toEqual({
			status: 'skipped',
			error: 'The page redirects off the site, to https://github.com.',
		})
		expect(reason(BROKEN)).toEqual({ status: 'failed', error: 'The page answered with HTTP 404.' })

		// What the chatbot's page lists: the newest 20 at most, each with its status.
		const [summary] = (await sources.listSources(userId, chatbotId))!
		expect(summary).toMatchObject({ pagesSkipped: NOT_PAGES.length, pagesFailed: 1 })
		expect(summary.problems).toHaveLength(NOT_PAGES.length + 1)
	} finally {
		await worker.stop()
	}
}, 90_000)

test('every page not indexed is reachable, 50 at a time, failed first; filtered; only by its owner', async () => {
	// 130 more skipped pages of this run (a big site's copies), as the crawl records them.
	const { run } = await db.prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })
	await db.prisma.knowledgePage.createMany({
		data: Array.from({ length: 130 }, (_, i) => ({
			sourceId,
			url: `${site.origin}/copies/${String(i).padStart(3, '0')}`,
			run,
			status: 'skipped',
			error: 'The same text as another page.',
		})),
	})
	const total = NOT_PAGES.length + 1 + 130
	const list = (page: number, status: 'failed' | 'skipped' | null = null) =>
		sources.listSourceProblems(userId, chatbotId, sourceId, { page, status })

	const first = (await list(1))!
	expect(first).toMatchObject({ total, page: 1, pageCount: 3, source: { failed: 1, skipped: total - 1 } })
	expect(first.rows).toHaveLength(50)
	expect(first.rows[0]).toEqual({
		url: `${site.origin}${BROKEN}`,
		status: 'failed',
		error: 'The page answered with HTTP 404.',
	})
	const last = (await list(3))!
	expect(last.rows).toHaveLength(total - 100)
	// Together the pages list each one once.
	const all = [...first.rows, ...(await list(2))!.rows, ...last.rows].map((row) => row.url)
	expect(new Set(all).size).toBe(total)
	// Past the end: the last page.
	expect((await list(99))!.page).toBe(3)

	const failed = (await list(1, 'failed'))!
	expect(failed).toMatchObject({ total: 1, pageCount: 1 })
	expect((await list(1, 'skipped'))!.total).toBe(total - 1)

	const stranger = await db.prisma.user.create({
		data: { email: `stranger-${randomUUID()}@example.com`, passwordHash: 'x' },
	})
	try {
		expect(await sources.listSourceProblems(stranger.id, chatbotId, sourceId, { page: 1, status: null })).toBeNull()
		expect(await sources.listSourceProblems(userId, randomUUID(), sourceId, { page: 1, status: null })).toBeNull()
		expect(await sources.listSourceProblems(userId, chatbotId, 'not-an-id', { page: 1, status: null })).toBeNull()
	} finally {
		await db.prisma.user.delete({ where: { id: stranger.id } })
	}
})

// The `crawl-page` job, one per page of a crawl: visits the page (page-visit.server.ts), queues the
// pages it leads to, and records its outcome. Each page's chunks are swapped in one transaction
// together with its row and the source's counters, guarded by the row's `status = 'queued'`, so a
// retried or restarted job never counts or indexes twice, nor leaves duplicate or orphan chunks.
// docs/decisions/0016-knowledge-sources.md
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import { checkKnowledgeQuota } from '~/features/chatbots/knowledge-quota.server.ts'
import { replaceChunks } from '~/features/chatbots/knowledge.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { logValue } from '~/lib/log.ts'
import { CRAWL_STEP_ATTEMPTS, laneOf, pageCapOf, politeness, robotsAllow } from './crawl-rules.server.ts'
import { claimUrl, copyOf, unclaimedUrls } from './page-dedupe.server.ts'
import { loadCrawlPage, visitPage, type CrawlPage, type PageOutcome, type PageSeen } from './page-visit.server.ts'
import {
	claimPageSlot,
	countPage,
	finishIfDone,
	loadCrawlSource,
	SourceRunPayload,
	type CrawlSource,
} from './source-status.server.ts'

export const crawlPageJob = defineJob({
	name: 'crawl-page',
	payload: SourceRunPayload.extend({ pageId: z.guid() }),
	run: crawlPage,
})

async function crawlPage(
	{ sourceId, run, pageId }: { sourceId: string; run: number; pageId: string },
	helpers: JobHelpers,
) {
	const source = await loadCrawlSource(sourceId)
	if (!source || source.run !== run || source.status !== 'running') return
	const page = await loadCrawlPage(pageId)
	// Done already (a job retried after its work committed) or claimed by a newer run.
	if (!page || page.run !== run || page.status !== 'queued') return
	try {
		const visit = await visitPage(source, page)
		if (visit.canonical) await enqueuePage(source, visit.canonical, page.depth)
		// Pages below this one are queued before it counts as done, so the crawl cannot finish early.
		if (visit.seen.links && page.depth < source.options.maxDepth)
			await enqueueAll(source, visit.seen.links, page.depth + 1)
		await recordPage(source, page, visit.outcome, visit.seen)
		helpers.logger.debug(`Page ${page.url} of source ${source.id}: ${visit.outcome.status}`)
		if (visit.startedAt !== null) await politeness(source, visit.startedAt)
	} catch (error) {
		if (helpers.job.attempts < helpers.job.max_attempts) throw error
		// Its last attempt: the page fails, the crawl goes on.
		helpers.logger.error(`Page ${logValue(page.url)} of source ${sourceId} failed for good: ${String(error)}`)
		await recordPage(source, page, { status: 'failed', error: 'The page could not be processed.' }, {})
	}
}

/**
 * Claims a URL for this run and queues its page job, all in one transaction; 'seen' when the run
 * already has it, 'full' when the source's page cap is reached.
 */
export async function enqueuePage(
	source: CrawlSource,
	url: string,
	depth: number,
): Promise<'queued' | 'seen' | 'full'> {
	class Full extends Error {}
	try {
		return await prisma.$transaction(async (tx) => {
			const pageId = await claimUrl(tx, source, url, depth)
			if (!pageId) return 'seen'
			// Rolls the claim back with it: the URL stays free for a run with room.
			if (!(await claimPageSlot(tx, source, pageCapOf(source)))) throw new Full()
			await queueJob(
				crawlPageJob,
				{ sourceId: source.id, run: source.run, pageId },
				{ accountId: source.userId, queueName: laneOf(source, url), maxAttempts: CRAWL_STEP_ATTEMPTS },
				tx,
			)
			return 'queued'
		})
	} catch (error) {
		if (error instanceof Full) return 'full'
		throw error
	}
}

/** Queues the URLs this run has not claimed yet, in their order, until the page cap is reached. */
export async function enqueueAll(source: CrawlSource, urls: string[], depth: number) {
	for (const url of await unclaimedUrls(source, urls)) {
		// One robots.txt check is bounded (a few milliseconds at worst, robots-rules.ts), but a sitemap's
		// thousands of URLs that it refuses would add up to seconds: the event loop is the web
		// process's, so other work gets a turn between them.
		await nextTurn()
		if (!robotsAllow(source, url)) continue
		if ((await enqueuePage(source, url, depth)) === 'full') return
	}
}

/**
 * Records a page's outcome, its chunks (swapped in the same transaction), and the source's
 * counters; then, if it was the last page, finishes the source.
 */
async function recordPage(source: CrawlSource, page: CrawlPage, outcome: PageOutcome, seen: PageSeen) {
	let final = outcome
	if (final.status === 'indexed') {
		const overQuota = await checkKnowledgeQuota(source.userId, final.text.length)
		if (overQuota) final = { status: 'failed', error: overQuota }
	}
	await prisma.$transaction(
		async (tx) => {
			let status = final.status
			let error = 'error' in final ? final.error : null
			let chars = 0
			if (final.status === 'indexed') {
				// One page per content: the same text under two addresses is indexed once.
				const twin = await copyOf(tx, source, page.id, final.hash)
				if (twin) {
					status = 'skipped'
					error = `The same text as ${twin}.`
					await tx.knowledgeChunk.deleteMany({ where: { pageId: page.id } })
				} else {
					await replaceChunks(
						tx,
						{ chatbotId: source.chatbotId, sourceId: source.id, pageId: page.id },
						final.text,
						final.title,
					)
					chars = final.text.length
				}
			}
			// A page that could not be fetched this time (a time-out, a server error) keeps answering
			// from what it said last time; one that is gone, skipped or now a duplicate does not.
			const dropped = status === 'skipped' || (final.status === 'failed' && (final.gone || !page.contentHash))
			const keepsOld = status === 'unchanged' || (status === 'failed' && !dropped)
			// A failure that keeps the old text keeps what the last visit saw too (fields left out stay).
			const keepsSeen = keepsOld && status === 'failed'
			const { count } = await tx.knowledgePage.updateMany({
				where: { id: page.id, run: source.run, status: 'queued' },
				data: {
					status,
					error,
					...(seen.title != null && { title: seen.title }),
					...(status === 'indexed' && final.status === 'indexed'
						? { contentHash: final.hash, chars }
						: !keepsOld && { contentHash: null, chars: 0 }),
					...(!keepsSeen && {
						etag: seen.etag ?? null,
						lastModified: seen.lastModified ?? null,
						links: seen.links ?? [],
					}),
					...(seen.fetched && { fetchedAt: new Date() }),
				},
			})
			// Another attempt got here first: nothing more to count.
			if (count === 0) return
			if (dropped) await tx.knowledgeChunk.deleteMany({ where: { pageId: page.id } })
			await countPage(tx, source, status, seen)
		},
		{ timeout: 60_000 },
	)
	await finishIfDone(source)
}

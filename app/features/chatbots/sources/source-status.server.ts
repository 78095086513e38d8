// A page or website source's row through a crawl: read with its owner, started, its page and sitemap
// slots claimed under the caps, each page's outcome counted, and the run finished once every page
// found is done and every sitemap read. Several page jobs of a run (on several instances) write it
// at once, so each change is one statement whose WHERE holds the condition (`run`, `status`, a cap):
// two jobs can never both take the last slot, lose a count, or finish the run twice.
import { z } from 'zod'
import { queueKnowledgeTestRuns } from '~/features/chatbots/test-sets/runs.server.ts'
import type { KnowledgeSource, Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import type { CrawlOptions, SourceKind } from './source-schema.ts'

type Tx = Prisma.TransactionClient

/** A source as its crawl reads it, with its owner (the account its jobs are done for). */
export type CrawlSource = Pick<
	KnowledgeSource,
	'id' | 'chatbotId' | 'origin' | 'status' | 'run' | 'robotsTxt' | 'crawlDelayMs' | 'bytesFetched'
> & {
	kind: SourceKind
	userId: string
	/** The owner's settings; `pageCap` is this run's cap, set when the run starts (startCrawlRun). */
	options: CrawlOptions & { pageCap?: number }
}

/** Which run of which source a change is for: a change for an earlier run changes nothing. */
type RunOf = Pick<CrawlSource, 'id' | 'run'>

/** The payload of a job that works on one run of a source: a job of an earlier run does nothing. */
export const SourceRunPayload = z.object({ sourceId: z.guid(), run: z.number().int() })

export async function loadCrawlSource(sourceId: string): Promise<CrawlSource | null> {
	const source = await prisma.knowledgeSource.findUnique({
		where: { id: sourceId },
		select: {
			id: true,
			chatbotId: true,
			kind: true,
			origin: true,
			status: true,
			run: true,
			options: true,
			robotsTxt: true,
			crawlDelayMs: true,
			bytesFetched: true,
			chatbot: { select: { userId: true } },
		},
	})
	if (!source) return null
	const { chatbot, kind, options, ...row } = source
	// The kind and options are written by sources.server.ts from its validated forms.
	return { ...row, kind: kind as SourceKind, userId: chatbot.userId, options: options as CrawlSource['options'] }
}

/** Pages the owner's other sources hold: they count against the owner's page allowance. */
export function pagesHeldElsewhere(source: Pick<CrawlSource, 'id' | 'userId'>) {
	return prisma.knowledgePage.count({
		where: { source: { id: { not: source.id }, chatbot: { userId: source.userId } } },
	})
}

/** The run is running, with what robots.txt said and its page cap (kept in its options). */
export async function startCrawlRun(
	source: RunOf,
	settings: { robotsTxt: string; crawlDelayMs: number; pageCap: number },
) {
	// SQL for the jsonb merge, and for a start time that a retried first step keeps.
	await prisma.$executeRaw`
		UPDATE knowledge_sources
		SET status = 'running', started_at = COALESCE(started_at, now()), robots_txt = ${settings.robotsTxt},
			crawl_delay_ms = ${settings.crawlDelayMs}, options = options || jsonb_build_object('pageCap', ${settings.pageCap}::int),
			updated_at = now()
		WHERE id = ${source.id}::uuid AND run = ${source.run}`
}

/** Takes one of the run's page slots; false when the run is over or its page cap is reached. */
export async function claimPageSlot(tx: Tx, source: RunOf, cap: number) {
	const { count } = await tx.knowledgeSource.updateMany({
		where: { id: source.id, run: source.run, status: 'running', pagesFound: { lt: cap } },
		data: { pagesFound: { increment: 1 } },
	})
	return count > 0
}

/** Whether the run has found as many pages as it may visit. */
export async function isFull(source: Pick<CrawlSource, 'id'>, cap: number) {
	const row = await prisma.knowledgeSource.findUnique({ where: { id: source.id }, select: { pagesFound: true } })
	return !row || row.pagesFound >= cap
}

/**
 * Claims a sitemap for the run: false when the run already has it, is over, is full, or has read
 * `maxFiles` sitemaps already (SQL: Prisma cannot compare an array's length).
 */
export async function claimSitemap(
	tx: Tx,
	source: RunOf,
	address: string,
	{ cap, maxFiles }: { cap: number; maxFiles: number },
) {
	const claimed = await tx.$executeRaw`
		UPDATE knowledge_sources SET sitemaps_found = array_append(sitemaps_found, ${address}), updated_at = now()
		WHERE id = ${source.id}::uuid AND run = ${source.run} AND status = 'running' AND pages_found < ${cap}
			AND NOT (${address} = ANY(sitemaps_found)) AND cardinality(sitemaps_found) < ${maxFiles}`
	return claimed > 0
}

/** The sitemap counts as read (once, however often its step ran). */
export async function markSitemapRead(source: RunOf, address: string) {
	await prisma.knowledgeSource.updateMany({
		where: { id: source.id, run: source.run, NOT: { sitemapsRead: { has: address } } },
		data: { sitemapsRead: { push: address } },
	})
}

type PageStatus = 'indexed' | 'unchanged' | 'skipped' | 'failed'

/** A page's outcome in the run's counters (in the transaction that records the page). */
export async function countPage(
	tx: Tx,
	source: RunOf,
	status: PageStatus,
	seen: { fetched?: boolean; bytes?: number },
) {
	await tx.knowledgeSource.updateMany({
		where: { id: source.id, run: source.run },
		data: {
			pagesFetched: { increment: seen.fetched ? 1 : 0 },
			pagesIndexed: { increment: status === 'indexed' ? 1 : 0 },
			pagesUnchanged: { increment: status === 'unchanged' ? 1 : 0 },
			pagesSkipped: { increment: status === 'skipped' ? 1 : 0 },
			pagesFailed: { increment: status === 'failed' ? 1 : 0 },
			pagesDone: { increment: 1 },
			bytesFetched: { increment: seen.bytes ?? 0 },
		},
	})
}

export async function failSource(source: RunOf, message: string) {
	await prisma.knowledgeSource.updateMany({
		where: { id: source.id, run: source.run },
		data: { status: 'failed', error: message, syncedAt: new Date() },
	})
}

/**
 * When every page found is done and every sitemap read: the source is ready (or failed, if no page
 * could be read), pages of earlier runs go, and the chatbot's tests are queued to run. Whichever job gets here first with the run complete
 * finishes it; the others find it finished.
 */
export async function finishIfDone(source: RunOf) {
	await prisma.$transaction(async (tx) => {
		const [finished] = await tx.$queryRaw<
			Array<Pick<KnowledgeSource, 'pagesIndexed' | 'pagesUnchanged' | 'chatbotId'>>
		>`
			UPDATE knowledge_sources s SET
				status = CASE WHEN s.pages_indexed + s.pages_unchanged > 0 THEN 'ready' ELSE 'failed' END,
				synced_at = now(), updated_at = now()
			WHERE s.id = ${source.id}::uuid AND s.run = ${source.run} AND s.status = 'running' AND s.pages_done >= s.pages_found
				AND cardinality(s.sitemaps_read) >= cardinality(s.sitemaps_found)
			RETURNING s.pages_indexed AS "pagesIndexed", s.pages_unchanged AS "pagesUnchanged", s.chatbot_id AS "chatbotId"`
		if (!finished) return
		const readable = finished.pagesIndexed + finished.pagesUnchanged
		// Pages the site no longer has (or links to) leave with their chunks.
		await tx.knowledgePage.deleteMany({ where: { sourceId: source.id, run: { lt: source.run } } })
		// The totals and the first page's error, worked out by the database in the same statement.
		await tx.$executeRaw`
			UPDATE knowledge_sources s SET
				chars = (SELECT COALESCE(sum(chars), 0) FROM knowledge_pages p WHERE p.source_id = s.id AND p.content_hash IS NOT NULL),
				chunk_count = (SELECT count(*) FROM knowledge_chunks k WHERE k.source_id = s.id),
				error = CASE WHEN ${readable} > 0 THEN NULL ELSE 'No page could be read: ' || COALESCE(
					(SELECT p.error FROM knowledge_pages p WHERE p.source_id = s.id ORDER BY p.depth, p.url LIMIT 1), 'nothing was found.') END
			WHERE s.id = ${source.id}::uuid`
		// The chatbot's tests run on what it now knows (docs/decisions/0057-chatbot-test-sets.md).
		await queueKnowledgeTestRuns(tx, finished.chatbotId)
	})
}

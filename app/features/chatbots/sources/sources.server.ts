import { queueKnowledgeTestRuns } from '~/features/chatbots/test-sets/runs.server.ts'
// A chatbot's knowledge sources as its owner manages them: listed with their progress, added
// (files, a page, a whole site), re-synced, cancelled, scheduled and removed. Every call names the
// user, so another user's source id behaves like a missing one. The work itself is queued as a job
// in the same transaction as the row (ingest-file.server.ts, crawl-discovery.server.ts); the request
// returns at once.
import { Prisma, type Chatbot, type KnowledgePage, type KnowledgeSource } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { formatTimeAgo } from '~/lib/format-duration.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { dropStaged, stageBytes } from '~/lib/large-values.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { crawlWebsiteJob } from './crawl-discovery.server.ts'
import { ingestFileJob } from './ingest-file.server.ts'
import { normalizePageUrl } from './site-rules.ts'
import {
	crawlOptionsOf,
	SOURCE_PAGES_PER_PAGE,
	sourceLimits,
	type SourceKind,
	type SourceSummary,
	type SourceStatus,
	type SyncSchedule,
	type WebsiteSourceForm,
} from './source-schema.ts'

type Tx = Prisma.TransactionClient

/** The chatbot's sources, oldest first, with each website's page problems. Null: not the user's chatbot. */
export async function listSources(userId: string, chatbotId: string): Promise<SourceSummary[] | null> {
	if (!isUuid(chatbotId)) return null
	const chatbot = await prisma.chatbot.findFirst({ where: { id: chatbotId, userId }, select: { id: true } })
	if (!chatbot) return null
	const sources = await prisma.knowledgeSource.findMany({
		where: { chatbotId },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		omit: { fileData: true, robotsTxt: true },
	})
	// SQL: the newest 20 problems of each source (a window function), for all its sources at once.
	const problems = await prisma.$queryRaw<Array<Pick<KnowledgePage, 'sourceId' | 'url' | 'status' | 'error'>>>`
		SELECT source_id AS "sourceId", url, status, error FROM (
			SELECT p.source_id, p.url, p.status, p.error,
				row_number() OVER (PARTITION BY p.source_id ORDER BY p.fetched_at DESC NULLS LAST, p.url) AS n
			FROM knowledge_pages p JOIN knowledge_sources s ON s.id = p.source_id
			WHERE s.chatbot_id = ${chatbotId}::uuid AND p.run = s.run AND p.status IN ('failed', 'skipped')
		) ranked WHERE n <= 20`
	return sources.map((source) => ({
		id: source.id,
		kind: source.kind as SourceKind,
		origin: source.origin,
		status: source.status as SourceStatus,
		error: source.error,
		syncSchedule: source.syncSchedule as SyncSchedule,
		pagesFound: source.pagesFound,
		pagesFetched: source.pagesFetched,
		pagesIndexed: source.pagesIndexed,
		pagesUnchanged: source.pagesUnchanged,
		pagesSkipped: source.pagesSkipped,
		pagesFailed: source.pagesFailed,
		pagesDone: source.pagesDone,
		chars: source.chars,
		chunkCount: source.chunkCount,
		syncedAt: source.syncedAt?.toISOString() ?? null,
		syncedAgo: source.syncedAt ? formatTimeAgo(source.syncedAt) : null,
		createdAt: source.createdAt.toISOString(),
		problems: problems
			.filter((problem) => problem.sourceId === source.id)
			.map(({ url, status, error }) => ({ url, status, error: error ?? '' })),
	}))
}

/**
 * One page (`page`, from 1) of the pages a page or website source did not index in its latest run,
 * failed ones first, then by address; `status` narrows it to the failed or the skipped ones. Every
 * one of them is reachable this way: the chatbot's page shows only the newest 20. Null when the source
 * is not this user's chatbot's.
 */
export async function listSourceProblems(
	userId: string,
	chatbotId: string,
	sourceId: string,
	{ page, status }: { page: number; status: 'failed' | 'skipped' | null },
) {
	if (!isUuid(chatbotId) || !isUuid(sourceId)) return null
	const source = await prisma.knowledgeSource.findFirst({
		where: { id: sourceId, chatbotId, chatbot: { userId }, kind: { in: ['page', 'website'] } },
		select: { id: true, kind: true, origin: true, run: true },
	})
	if (!source) return null
	const where = { sourceId, run: source.run, status: status ? status : { in: ['failed', 'skipped'] } }
	// Counted from the rows listed (not the run's counters): the filters add up to what they show.
	const counts = await prisma.knowledgePage.groupBy({
		by: ['status'],
		where: { sourceId, run: source.run, status: { in: ['failed', 'skipped'] } },
		_count: true,
	})
	const countOf = (wanted: string) => counts.find((row) => row.status === wanted)?._count ?? 0
	const [failed, skipped] = [countOf('failed'), countOf('skipped')]
	const total = status === 'failed' ? failed : status === 'skipped' ? skipped : failed + skipped
	const pageCount = Math.max(1, Math.ceil(total / SOURCE_PAGES_PER_PAGE))
	const current = Math.min(Math.max(1, page), pageCount)
	// 'failed' sorts before 'skipped': the pages to look at first come first.
	const rows = await prisma.knowledgePage.findMany({
		where,
		orderBy: [{ status: 'asc' }, { url: 'asc' }],
		skip: (current - 1) * SOURCE_PAGES_PER_PAGE,
		take: SOURCE_PAGES_PER_PAGE,
		select: { url: true, status: true, error: true },
	})
	return {
		source: {
			id: source.id,
			kind: source.kind as SourceKind,
			origin: source.origin,
			failed,
			skipped,
		},
		rows: rows.map((row) => ({ url: row.url, status: row.status as 'failed' | 'skipped', error: row.error ?? '' })),
		total,
		page: current,
		pageCount,
	}
}

export class SourceLimitError extends Error {}

async function assertRoomForSources(tx: Tx, userId: string, adding: number) {
	// One count at a time per user, to the end of the transaction that adds: two creates at once
	// each saw the other's sources uncommitted and both passed (120 of 100).
	await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sources:${userId}`}, 0))`
	const [{ count }] = await tx.$queryRaw<Array<{ count: number }>>`
		SELECT count(*)::int AS count FROM knowledge_sources s JOIN chatbots c ON c.id = s.chatbot_id
		WHERE c.user_id = ${userId}::uuid AND s.kind <> 'text'`
	if (count + adding > sourceLimits.sourcesPerUser)
		throw new SourceLimitError(
			`Your chatbots can have ${sourceLimits.sourcesPerUser} files and websites in all. Remove one first.`,
		)
}

/**
 * The chatbot, locked for this transaction, when it is the user's. NO KEY UPDATE: adding sources is
 * serialised per chatbot, but does not wait for a job that is writing the chatbot's chunks (their
 * foreign keys share-lock its row for the job's whole transaction).
 */
async function ownedChatbot(tx: Tx, userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return false
	// SQL: Prisma's client takes no row locks.
	const rows = await tx.$queryRaw<Array<Pick<Chatbot, 'id'>>>`
		SELECT id FROM chatbots WHERE id = ${chatbotId}::uuid AND user_id = ${userId}::uuid FOR NO KEY UPDATE`
	return rows.length > 0
}

/** An uploaded file whose bytes are staged (lib/large-values.server.ts says why). */
export type StagedFile = { name: string; stagedId: string }

/** Stages the files' bytes ahead of the transaction that makes them sources. */
export async function stageFiles(files: Array<{ name: string; bytes: Uint8Array }>): Promise<StagedFile[]> {
	const staged: StagedFile[] = []
	try {
		for (const file of files) staged.push({ name: file.name, stagedId: await stageBytes(file.bytes) })
	} catch (error) {
		await dropStagedFiles(staged)
		throw error
	}
	return staged
}

/** Drops what a transaction did not use (it deletes what it used). */
export const dropStagedFiles = (files: StagedFile[]) => dropStaged(files.map((file) => file.stagedId))

/** Long enough for ten 10 MB files to be copied from staging by the database. */
const FILES_TRANSACTION = { timeout: 20_000 }

/**
 * Makes each staged file a source named by its file name (what answers cite), its bytes copied
 * by the database, and queues its `ingest-file` job, which reads it; false when the chatbot is not
 * the user's. Throws SourceLimitError. Runs in the caller's transaction: the create form's, so the
 * chatbot and its files commit together.
 */
export async function insertFileSources(tx: Tx, userId: string, chatbotId: string, files: StagedFile[]) {
	if (!(await ownedChatbot(tx, userId, chatbotId))) return false
	await assertRoomForSources(tx, userId, files.length)
	for (const file of files) {
		const name = fileNameShown(file.name)
		const [source] = await tx.$queryRaw<Array<Pick<KnowledgeSource, 'id' | 'run'>>>`
			INSERT INTO knowledge_sources (chatbot_id, kind, origin, title, file_data)
			SELECT ${chatbotId}::uuid, 'file', ${name}, ${name}, bytes FROM staged_uploads WHERE id = ${file.stagedId}::uuid
			RETURNING id, run`
		if (!source) throw new Error(`The staged bytes of "${name}" are gone`)
		await queueJob(ingestFileJob, { sourceId: source.id, run: source.run }, { accountId: userId, maxAttempts: 3 }, tx)
	}
	await tx.$executeRaw`DELETE FROM staged_uploads WHERE id = ANY(${files.map((file) => file.stagedId)}::uuid[])`
	return true
}

/**
 * "Add file" on a chatbot's page: each file becomes a source, stored and queued for its job; false
 * when the chatbot is not the user's. Throws SourceLimitError.
 */
export async function addFileSources(
	userId: string,
	chatbotId: string,
	files: Array<{ name: string; bytes: Uint8Array }>,
) {
	const staged = await stageFiles(files)
	try {
		return await prisma.$transaction((tx) => insertFileSources(tx, userId, chatbotId, staged), FILES_TRANSACTION)
	} finally {
		await dropStagedFiles(staged)
	}
}

/**
 * A file's name as it is kept and shown (sources, citations): without control characters and
 * without the direction marks that make "‮txt.exe" read as "exe.txt", 255 characters at most.
 */
export function fileNameShown(name: string) {
	// oxlint-disable-next-line no-control-regex -- control characters are what is removed
	const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim()
	return (clean || 'file').slice(0, 255)
}

/** Queues a page or a whole site; false when the chatbot is not the user's. Throws SourceLimitError. */
export async function addWebsiteSource(userId: string, chatbotId: string, form: WebsiteSourceForm, tx?: Tx) {
	const work = async (tx: Tx) => {
		if (!(await ownedChatbot(tx, userId, chatbotId))) return false
		await assertRoomForSources(tx, userId, 1)
		const url = normalizePageUrl(form.url)!
		const kind = form.scope === 'site' ? 'website' : 'page'
		const [source] = await tx.$queryRaw<Array<Pick<KnowledgeSource, 'id' | 'run'>>>`
			INSERT INTO knowledge_sources (chatbot_id, kind, origin, options, sync_schedule)
			VALUES (${chatbotId}::uuid, ${kind}, ${url}, ${JSON.stringify(crawlOptionsOf(form))}::jsonb, ${form.schedule})
			RETURNING id, run`
		await queueCrawl(tx, source.id, source.run, userId)
		return true
	}
	return tx ? work(tx) : prisma.$transaction(work)
}

function queueCrawl(tx: Pick<Tx, '$executeRaw'>, sourceId: string, run: number, accountId: string) {
	return queueJob(
		crawlWebsiteJob,
		{ sourceId, run },
		{ accountId, jobKey: `crawl-website:${sourceId}`, maxAttempts: 3 },
		tx,
	)
}

/** Starts a new run of a page or website source: its old chunks answer until each page's new ones are in. */
async function startSync(tx: Tx, where: Prisma.Sql) {
	// SQL: every counter reset and the run counted up in one UPDATE, over a condition the callers write
	// in SQL (the scheduler's is an interval by schedule), returning each source's owner.
	const started = await tx.$queryRaw<Array<Pick<KnowledgeSource, 'id' | 'run'> & { ownerId: string }>>`
		UPDATE knowledge_sources SET
			run = run + 1, status = 'queued', error = NULL, started_at = NULL, pages_found = 0, pages_fetched = 0,
			pages_indexed = 0, pages_unchanged = 0, pages_skipped = 0, pages_failed = 0, pages_done = 0, bytes_fetched = 0,
			sitemaps_found = '{}', sitemaps_read = '{}', updated_at = now()
		WHERE kind IN ('page', 'website') AND status IN ('ready', 'failed', 'cancelled') AND ${where}
		RETURNING id, run, (SELECT user_id FROM chatbots c WHERE c.id = knowledge_sources.chatbot_id)::text AS "ownerId"`
	for (const source of started) await queueCrawl(tx, source.id, source.run, source.ownerId)
	return started.length
}

async function isOwnedSource(userId: string, sourceId: string) {
	return isUuid(sourceId) && (await prisma.knowledgeSource.count({ where: { id: sourceId, chatbot: { userId } } })) > 0
}

/** 'started', 'busy' (it is running now), or 'missing'. */
export async function resyncSource(userId: string, sourceId: string) {
	if (!(await isOwnedSource(userId, sourceId))) return 'missing'
	const started = await prisma.$transaction((tx) => startSync(tx, sqlSourceId(sourceId)))
	return started > 0 ? 'started' : 'busy'
}

const sqlSourceId = (sourceId: string) => Prisma.sql`id = ${sourceId}::uuid`

/** Stops a queued or running import; what it indexed so far keeps answering. False: nothing to stop. */
export async function cancelSource(userId: string, sourceId: string) {
	if (!(await isOwnedSource(userId, sourceId))) return false
	const { count } = await prisma.knowledgeSource.updateMany({
		where: { id: sourceId, status: { in: ['queued', 'running'] } },
		data: { status: 'cancelled', error: 'Stopped by you.' },
	})
	return count > 0
}

export async function setSourceSchedule(userId: string, sourceId: string, schedule: SyncSchedule) {
	if (!(await isOwnedSource(userId, sourceId))) return false
	const { count } = await prisma.knowledgeSource.updateMany({
		where: { id: sourceId, kind: { in: ['page', 'website'] } },
		data: { syncSchedule: schedule },
	})
	return count > 0
}

/**
 * Removes a file or website source and, by cascade, its pages and chunks, and queues the chatbot's
 * tests to run without them. The typed text stays.
 */
export async function removeSource(userId: string, sourceId: string) {
	if (!isUuid(sourceId)) return false
	const source = await prisma.knowledgeSource.findFirst({
		where: { id: sourceId, chatbot: { userId }, kind: { not: 'text' } },
		select: { chatbotId: true },
	})
	if (!source) return false
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.knowledgeSource.deleteMany({ where: { id: sourceId, kind: { not: 'text' } } })
		if (count > 0) await queueKnowledgeTestRuns(tx, source.chatbotId)
		return count > 0
	})
}

/** The scheduler's hourly pass: every daily or weekly source whose last sync is that old starts again. */
export async function resyncDueSources() {
	return prisma.$transaction((tx) =>
		startSync(
			tx,
			Prisma.sql`sync_schedule <> 'off' AND (synced_at IS NULL OR synced_at < now() - CASE sync_schedule
				WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END + interval '10 minutes')`,
		),
	)
}

/** Hourly (server/jobs.ts): starts the scheduled re-syncs that are due. */
export const resyncDueJob = defineJob({
	name: 'resync-due',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const started = await resyncDueSources()
		if (started > 0) helpers.logger.info(`Started the scheduled re-sync of ${started} sources`)
	},
})

// A chatbot's typed text (its Knowledge Base Content) is indexed by a job, like files and pages:
// a save stores the text and queues `index-text` in the same short transaction, and the job cuts it
// into chunks. Indexing 6 MB takes seconds; on a request it held a database connection (and the
// chatbot's row lock) for all of them. docs/decisions/0023-database-pool-share.md
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import type { Chatbot, KnowledgeSource, Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { replaceChunks } from './knowledge.server.ts'
import { queueKnowledgeTestRuns } from './test-sets/runs.server.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

const TEXT_INDEX_ATTEMPTS = 3

/** A chatbot's typed text, after each save (docs/decisions/0023-database-pool-share.md). */
export const indexTextJob = defineJob({
	name: 'index-text',
	payload: z.object({ chatbotId: z.guid() }),
	run: indexTextSource,
})

/**
 * Marks the chatbot's typed text as waiting to be indexed and queues its job. Run it in the
 * transaction that saves the text: the new text and its job commit together. Each save starts a new
 * run of the text source; the job indexes whatever text the row holds when it runs, so of several
 * quick saves the newest text wins. One queue per chatbot runs its text jobs one at a time, and the
 * job key folds saves made while a job waits into that one job.
 */
export async function queueTextIndex(
	db: Db,
	{ userId, chatbotId, chars }: { userId: string; chatbotId: string; chars: number },
) {
	// SQL: an upsert on the partial unique index of the text source (one per chatbot), which
	// Prisma's upsert cannot name, with the run counted up in the same statement.
	await db.$executeRaw`
		INSERT INTO knowledge_sources (chatbot_id, kind, status, chars)
		VALUES (${chatbotId}::uuid, 'text', 'queued', ${chars})
		ON CONFLICT (chatbot_id) WHERE kind = 'text'
		DO UPDATE SET run = knowledge_sources.run + 1, status = 'queued', chars = EXCLUDED.chars, error = NULL,
			started_at = NULL, updated_at = now()`
	const key = `${indexTextJob.name}:${chatbotId}`
	await queueJob(
		indexTextJob,
		{ chatbotId },
		{ accountId: userId, queueName: key, jobKey: key, maxAttempts: TEXT_INDEX_ATTEMPTS },
		db,
	)
}

/**
 * The `index-text` job: replaces the chunks of the chatbot's text source with those of its current
 * text. Until its transaction commits, the old chunks keep answering. A save made meanwhile has
 * started a new run (and queued the next job), so this one leaves the source queued for it.
 */
export async function indexTextSource({ chatbotId }: { chatbotId: string }, helpers?: Pick<JobHelpers, 'job'>) {
	// The text and the run it belongs to, read together: one statement, so one snapshot. (Prisma
	// reads a relation with a second query, where a save between the two would pair the old text
	// with the new run, and this job would mark the new run ready with the old text.)
	const [row] = await prisma.$queryRaw<
		Array<Pick<KnowledgeSource, 'id' | 'run' | 'status'> & Pick<Chatbot, 'knowledgeBase'>>
	>`
		SELECT s.id, s.run, s.status, c.knowledge_base AS "knowledgeBase"
		FROM knowledge_sources s JOIN chatbots c ON c.id = s.chatbot_id
		WHERE s.chatbot_id = ${chatbotId}::uuid AND s.kind = 'text'`
	if (!row || !['queued', 'running'].includes(row.status)) return
	const { id: sourceId, run, knowledgeBase: text } = row
	await prisma.knowledgeSource.updateMany({
		where: { id: sourceId, run, status: 'queued' },
		data: { status: 'running', startedAt: new Date() },
	})
	try {
		await prisma.$transaction(
			async (tx) => {
				const chunks = await replaceChunks(tx, { chatbotId, sourceId }, text)
				// Last, so the source's row is locked only for the moment before the commit. SQL: the
				// status changes only if no save has started a new run meanwhile, decided in the statement.
				await tx.$executeRaw`
					UPDATE knowledge_sources SET chunk_count = ${chunks}, synced_at = now(), updated_at = now(),
						status = CASE WHEN run = ${run} THEN 'ready' ELSE status END,
						error = CASE WHEN run = ${run} THEN NULL ELSE error END
					WHERE id = ${sourceId}::uuid`
				// The text changed (a save of the same text is not indexed again): its tests run on it.
				await queueKnowledgeTestRuns(tx, chatbotId)
			},
			{ timeout: 60_000 },
		)
	} catch (error) {
		// The last attempt says so on the source, instead of leaving it "Indexing" for ever.
		if (helpers && helpers.job.attempts >= helpers.job.max_attempts) {
			await prisma.knowledgeSource.updateMany({
				where: { id: sourceId, run },
				data: { status: 'failed', error: 'The text could not be indexed. Save it again to retry.' },
			})
		}
		throw error
	}
}

// Queues a background job from app code, inside the caller's transaction when it has one: the row
// that the job will work on and the job itself commit together, or neither does.
// Jobs done for an account carry its id: the worker caps how many of them run at once, and a job of
// an account with a short backlog runs before the 100th queued page of another.
// docs/decisions/0022-fair-background-work.md
import type { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import type { JobDefinition } from './define-job.server.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw'>

export type JobSpec = {
	/**
	 * The account (owner user id) the job works for, on every job done for an account. It becomes a
	 * graphile-worker flag the worker uses for the account's share of slots, and sets the job's priority.
	 */
	accountId?: string
	/** Jobs with the same queue name run one at a time, across every instance. */
	queueName?: string
	/** A pending job with the same key is replaced rather than added twice. */
	jobKey?: string
	/**
	 * How a pending job with the same key is replaced: 'replace' (graphile-worker's default) takes
	 * the new run time too; 'preserve_run_at' keeps the pending one's, so repeated queueing cannot
	 * push it back for ever (the handoff digest, ADR 0072).
	 */
	jobKeyMode?: 'replace' | 'preserve_run_at'
	maxAttempts?: number
	runAt?: Date
}

/** The graphile-worker flag of an account's jobs. */
const accountFlag = (accountId: string) => `account:${accountId}`

/** Jobs an account has waiting beyond which its next one gets no later place (priority is a smallint). */
const MAX_BACKLOG_PRIORITY = 10_000

/** Queues a job of this definition; its payload must be what the job's schema takes. */
export async function queueJob<Schema extends z.ZodType>(
	job: JobDefinition<Schema>,
	payload: z.input<Schema>,
	spec: JobSpec = {},
	db: Db = prisma,
) {
	const { accountId, queueName = null, jobKey = null, jobKeyMode = null, maxAttempts = null, runAt = null } = spec
	const flag = accountId ? accountFlag(accountId) : null
	// graphile-worker takes the lowest priority first: an account's job queues behind its own backlog,
	// so a newcomer's first job goes ahead of another account's hundred queued pages.
	await db.$executeRaw`
		SELECT graphile_worker.add_job(
			${job.name},
			${JSON.stringify(payload)}::json,
			queue_name => ${queueName}::text,
			run_at => ${runAt}::timestamptz,
			max_attempts => ${maxAttempts}::int,
			job_key => ${jobKey}::text,
			job_key_mode => ${jobKeyMode}::text,
			priority => CASE WHEN ${flag}::text IS NULL THEN 0 ELSE (
				SELECT LEAST(count(*), ${MAX_BACKLOG_PRIORITY})::int FROM graphile_worker._private_jobs
				WHERE flags ? ${flag}::text AND locked_by IS NULL) END,
			flags => CASE WHEN ${flag}::text IS NULL THEN NULL ELSE ARRAY[${flag}::text] END
		)`
}

// Queues a background job from app code, inside the caller's transaction when it has one: the row
// that the job will work on and the job itself commit together, or neither does.
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw'>

export type JobSpec = {
	/** Jobs with the same queue name run one at a time, across every instance. */
	queueName?: string
	/** A pending job with the same key is replaced rather than added twice. */
	jobKey?: string
	maxAttempts?: number
	runAt?: Date
}

export async function queueJob(identifier: string, payload: object, spec: JobSpec = {}, db: Db = prisma) {
	const { queueName = null, jobKey = null, maxAttempts = null, runAt = null } = spec
	await db.$executeRaw`
		SELECT graphile_worker.add_job(
			${identifier},
			${JSON.stringify(payload)}::json,
			queue_name => ${queueName}::text,
			run_at => ${runAt}::timestamptz,
			max_attempts => ${maxAttempts}::int,
			job_key => ${jobKey}::text
		)`
}

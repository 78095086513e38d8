// A background job as a feature declares it: its name, the schema of its payload and the work it
// does. The job's definition is what code queues (queueJob takes it, so a payload of the wrong shape
// does not compile) and what the worker runs (taskListOf reads each payload through its schema
// first). A payload that does not fit (a job queued by an older release, or by hand) is logged and
// fails for good: retrying cannot make it fit, and the work must never see it.
// docs/decisions/0042-typed-jobs-and-crawl-parts.md
import type { JobHelpers, TaskList } from 'graphile-worker'
import { z } from 'zod'
import { logValue } from '~/lib/log.ts'

export type JobDefinition<Schema extends z.ZodType = z.ZodType> = {
	/** graphile-worker's task identifier: the name jobs are stored and scheduled under. */
	readonly name: string
	readonly payload: Schema
	// A method, not a property: a definition with a narrower payload is still a JobDefinition (for
	// the lists that register them), while defineJob checks `run` against its own schema.
	run(payload: z.output<Schema>, helpers: JobHelpers): Promise<unknown>
}

export function defineJob<Schema extends z.ZodType>(job: JobDefinition<Schema>): JobDefinition<Schema> {
	return job
}

/** The payload of a job that runs on a schedule: graphile-worker's cron adds `_cron`, which is not read. */
export const scheduledPayload = z.object({})

/** The task list graphile-worker runs: each job's work, behind its payload's schema. */
export function taskListOf(jobs: readonly JobDefinition[]): TaskList {
	const tasks: TaskList = {}
	for (const job of jobs) {
		if (tasks[job.name]) throw new Error(`Two jobs are named ${job.name}`)
		tasks[job.name] = async (payload, helpers) => {
			const parsed = job.payload.safeParse(payload)
			if (!parsed.success) return failForGood(job.name, payload, parsed.error, helpers)
			await job.run(parsed.data, helpers)
		}
	}
	return tasks
}

/**
 * Logs the refused payload with what is wrong with it, uses up the job's attempts, and fails it:
 * graphile-worker keeps the job with its error (for whoever looks), and never runs it again.
 */
async function failForGood(name: string, payload: unknown, error: z.ZodError, helpers: JobHelpers) {
	const problems = error.issues
		.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(payload)'}: ${issue.message}`)
		.join('; ')
	const message = `Job ${name} #${helpers.job.id} has a payload its schema refuses (${problems}), so it will not be retried`
	helpers.logger.error(`${message}. Payload: ${logValue(JSON.stringify(payload) ?? String(payload), 500)}`)
	await helpers.withPgClient((client) =>
		client.query('UPDATE graphile_worker._private_jobs SET max_attempts = attempts WHERE id = $1::bigint', [
			helpers.job.id,
		]),
	)
	throw new Error(message)
}

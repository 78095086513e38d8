// Background jobs in PostgreSQL through graphile-worker 0.16 (the last line that runs on Node 20):
// restart-safe, shared by every app instance (jobs are rows taken with SKIP LOCKED), retried with
// exponential backoff, and scheduled by its crontab, which runs each entry once across instances.
// docs/decisions/0015-background-jobs.md
import { Logger, run, type TaskList } from 'graphile-worker'
import pg from 'pg'

/** graphile-worker's log lines in the server log, prefixed; its debug chatter left out. */
const jobLogger = new Logger((scope) => (level, message) => {
	if (level === 'debug') return
	const where = scope.taskIdentifier ? ` ${scope.taskIdentifier}${scope.jobId ? ` #${scope.jobId}` : ''}` : ''
	const line = `[jobs${where}] ${message}`
	// The message already carries the error's text (and a failed job's stack); the error object is not dumped.
	if (level === 'error') console.error(line)
	else if (level === 'warning') console.warn(line)
	else console.log(line)
})

export type JobWorkerOptions = {
	connectionString: string
	/** Jobs this process runs at once. */
	concurrency: number
	taskList: TaskList
	/** graphile-worker crontab lines (the scheduler runs in every worker; each entry fires once). */
	crontab?: string
}

/** The running worker; `stop` waits for the jobs in hand, then closes its connections. */
export async function startJobWorker({ connectionString, concurrency, taskList, crontab }: JobWorkerOptions) {
	// Its own pool, with an error handler: a connection the database drops (a restart, a shutdown)
	// is logged and replaced instead of crashing the process with an unhandled 'error' event.
	const pgPool = new pg.Pool({ connectionString, max: Math.max(2, concurrency + 1) })
	pgPool.on('error', (error) => console.warn(`[jobs] database connection lost: ${error.message}`))
	const runner = await run({
		pgPool,
		concurrency,
		taskList,
		crontab,
		logger: jobLogger,
		// The server's own SIGTERM handler stops the runner, before the database goes.
		noHandleSignals: true,
		// New jobs wake the worker through LISTEN/NOTIFY; polling is only the fallback.
		pollInterval: 2_000,
	})
	return {
		stop: async () => {
			await runner.stop()
			await pgPool.end()
		},
	}
}

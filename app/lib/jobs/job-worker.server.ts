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
	/**
	 * A job locked this long by a worker that has not said it is alive for as long is unlocked, so
	 * another worker retries it (graphile-worker itself waits four hours for a killed process).
	 */
	staleLockSeconds?: number
}

/** The running worker; `stop` waits for the jobs in hand, then closes its connections. */
export async function startJobWorker({
	connectionString,
	concurrency,
	taskList,
	crontab,
	staleLockSeconds = 60,
}: JobWorkerOptions) {
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
	const workerIds = new Set<string>()
	runner.events.on('worker:create', ({ worker }) => workerIds.add(worker.workerId))
	runner.events.on('worker:stop', ({ worker }) => workerIds.delete(worker.workerId))
	let beating = Promise.resolve()
	const beat = () => {
		beating = heartbeat(pgPool, [...workerIds], staleLockSeconds).catch((error: Error) =>
			console.warn(`[jobs] heartbeat failed: ${error.message}`),
		)
	}
	beat()
	const timer = setInterval(beat, Math.max(1000, (staleLockSeconds * 1000) / 3))
	timer.unref()
	return {
		stop: async () => {
			clearInterval(timer)
			await beating
			await runner.stop()
			await pgPool.query('DELETE FROM job_worker_heartbeats WHERE worker_id = ANY($1::text[])', [[...workerIds]])
			await pgPool.end()
		},
	}
}

/**
 * Says this process's workers are alive, then unlocks the jobs and queues held by workers that are
 * not (their process was killed): those jobs run again elsewhere, as if they had failed once.
 */
async function heartbeat(pool: pg.Pool, workerIds: string[], staleLockSeconds: number) {
	await pool.query(
		`INSERT INTO job_worker_heartbeats (worker_id, seen_at) SELECT unnest($1::text[]), now()
		 ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`,
		[workerIds],
	)
	const { rows } = await pool.query<{ locked_by: string }>(
		`SELECT DISTINCT locked_by FROM (
			SELECT locked_by, locked_at FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL
			UNION ALL
			SELECT locked_by, locked_at FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL
		 ) locks
		 WHERE locked_at < now() - make_interval(secs => $1)
		   AND NOT EXISTS (
			SELECT 1 FROM job_worker_heartbeats h
			WHERE h.worker_id = locks.locked_by AND h.seen_at > now() - make_interval(secs => $1))`,
		[staleLockSeconds],
	)
	await pool.query(`DELETE FROM job_worker_heartbeats WHERE seen_at < now() - interval '1 day'`)
	if (rows.length === 0) return
	const dead = rows.map((row) => row.locked_by)
	await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead])
	console.warn(`[jobs] unlocked the jobs of ${dead.length} worker(s) that stopped responding: ${dead.join(', ')}`)
}

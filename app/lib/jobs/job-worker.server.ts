// Background jobs in PostgreSQL through graphile-worker 0.16 (the last line that runs on Node 20):
// restart-safe, shared by every app instance (jobs are rows taken with SKIP LOCKED), retried with
// exponential backoff, and scheduled by its crontab, which runs each entry once across instances.
// docs/decisions/0015-background-jobs.md
import { EventEmitter } from 'node:events'
import { Logger, run, type TaskList, type WorkerEvents } from 'graphile-worker'
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
	/**
	 * Jobs of one account (flagged by queueJob's `accountId`) that run at once among this runner's
	 * tasks, across every instance; the rest wait while other accounts' jobs take the free slots.
	 * Defaults to half the concurrency, rounded up. docs/decisions/0022-fair-background-work.md
	 */
	accountShare?: number
	/** A name for this runner's log lines (the webhook lane runs beside the main one). */
	name?: string
}

/** The running worker; `stop` waits for the jobs in hand, then closes its connections. */
export async function startJobWorker({
	connectionString,
	concurrency,
	taskList,
	crontab,
	staleLockSeconds = 60,
	accountShare = Math.ceil(concurrency / 2),
	name = 'jobs',
}: JobWorkerOptions) {
	// Its own pool, with an error handler: a connection the database drops (a restart, a shutdown)
	// is logged and replaced instead of crashing the process with an unhandled 'error' event.
	const pgPool = new pg.Pool({ connectionString, max: Math.max(2, concurrency + 1) })
	pgPool.on('error', (error) => console.warn(`[${name}] database connection lost: ${error.message}`))
	const share = accountShareGate(pgPool, Object.keys(taskList), accountShare)
	// Listening before the first worker starts: its first fetch must be seen to end.
	const events = new EventEmitter() as WorkerEvents
	share.listen(events)
	const runner = await run({
		events,
		pgPool,
		concurrency,
		taskList,
		// No crontab: no schedule at all. (Left out, graphile-worker reads ./crontab, and an empty
		// string is the same to it: it then logs that cron is disabled, which reads like an outage.)
		...(crontab ? { crontab } : { parsedCronItems: [] }),
		// Before each fetch: the accounts that hold their share already are skipped for this one.
		forbiddenFlags: share.forbiddenFlags,
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
			console.warn(`[${name}] heartbeat failed: ${error.message}`),
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
 * Each account's share of this runner's slots. graphile-worker asks for the flags to skip before
 * every fetch; the answer is the accounts whose flagged jobs of these tasks are locked (running) that
 * many times already, read from the jobs table, so it holds across instances and restarts (a dead
 * worker's locks are released by the heartbeat below). Fetches in this process are serialised, from
 * the question to the job's lock, so two idle workers cannot both take the account's last slot; two
 * instances fetching in the same instant can still, for one job's time.
 */
function accountShareGate(pool: pg.Pool, tasks: string[], share: number) {
	let turn: Promise<void> = Promise.resolve()
	let release: (() => void) | null = null
	const done = () => {
		const next = release
		release = null
		next?.()
	}
	return {
		forbiddenFlags: async () => {
			const previous = turn
			let mine!: () => void
			turn = new Promise<void>((resolve) => (mine = resolve))
			await previous
			// A failed query ends the fetch too (graphile-worker reports it as worker:getJob:error); a
			// fetch that never reports (it should not happen) gives up its turn after a while.
			release = mine
			setTimeout(() => release === mine && done(), 10_000).unref()
			const { rows } = await pool.query<{ flag: string }>(
				`SELECT f.flag FROM graphile_worker._private_jobs j
				 JOIN graphile_worker._private_tasks t ON t.id = j.task_id,
				 LATERAL jsonb_object_keys(j.flags) AS f(flag)
				 WHERE j.locked_by IS NOT NULL AND j.flags IS NOT NULL AND t.identifier = ANY($1::text[])
				   AND f.flag LIKE 'account:%'
				 GROUP BY f.flag HAVING count(*) >= $2`,
				[tasks, share],
			)
			return rows.map((row) => row.flag)
		},
		/** The fetch is over once the job is locked (or none was found): the next worker may ask. */
		listen(events: WorkerEvents) {
			events.on('job:start', done)
			events.on('worker:getJob:empty', done)
			events.on('worker:getJob:error', done)
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

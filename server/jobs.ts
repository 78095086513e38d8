// Every background job the app runs, and when. Features export the work; this list names it for
// graphile-worker (app/lib/jobs/job-worker.server.ts). docs/decisions/0015-background-jobs.md
import type { TaskList } from 'graphile-worker'
import { pruneExpiredAccountTokens } from '~/features/accounts/account-tokens.server.ts'
import { pruneRateLimits } from '~/lib/rate-limit.server.ts'
import { pruneExpiredSessions } from '~/lib/session.server.ts'

export const jobTaskList: TaskList = {
	/** Retention: expired sessions and e-mailed tokens, and rate-limit windows over a day old. */
	'prune-expired': async (_payload, helpers) => {
		const sessions = await pruneExpiredSessions()
		const tokens = await pruneExpiredAccountTokens()
		const windows = await pruneRateLimits()
		helpers.logger.info(
			`Removed ${sessions} expired sessions, ${tokens} expired tokens, ${windows} old rate-limit windows`,
		)
	},
}

/** Hourly; `jobKey` keeps one pending run however many instances schedule it. */
export const jobCrontab = '0 * * * * prune-expired ?jobKey=prune-expired&max=1'

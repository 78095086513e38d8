// Retention of what signing in leaves behind: expired sessions and e-mailed tokens, and rate-limit
// windows over a day old. Hourly (server/jobs.ts). docs/decisions/0015-background-jobs.md
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { pruneRateLimits } from '~/lib/rate-limit.server.ts'
import { pruneExpiredSessions } from '~/lib/session.server.ts'
import { pruneExpiredAccountTokens } from './account-tokens.server.ts'

export const pruneExpiredJob = defineJob({
	name: 'prune-expired',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const sessions = await pruneExpiredSessions()
		const tokens = await pruneExpiredAccountTokens()
		const windows = await pruneRateLimits()
		helpers.logger.info(
			`Removed ${sessions} expired sessions, ${tokens} expired tokens, ${windows} old rate-limit windows`,
		)
	},
})

// Every background job the app runs, and when. Features export the work; this list names it for
// graphile-worker (app/lib/jobs/job-worker.server.ts). docs/decisions/0015-background-jobs.md
import type { TaskList } from 'graphile-worker'
import { sendAccountEmail } from '~/features/accounts/account-mail.server.ts'
import { pruneExpiredAccountTokens } from '~/features/accounts/account-tokens.server.ts'
import { pruneConversations } from '~/features/chatbots/conversations/conversations.server.ts'
import { deliverLead } from '~/features/chatbots/conversations/leads.server.ts'
import { crawlPage, crawlWebsite, ingestFile } from '~/features/chatbots/sources/crawl.server.ts'
import { resyncDueSources } from '~/features/chatbots/sources/sources.server.ts'
import { indexTextSource, TEXT_INDEX_TASK } from '~/features/chatbots/text-source.server.ts'
import { pruneRateLimits } from '~/lib/rate-limit.server.ts'
import { pruneExpiredSessions } from '~/lib/session.server.ts'

type SourceJob = { sourceId: string; run: number }

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
	/** Knowledge sources (docs/decisions/0016-knowledge-sources.md). */
	'ingest-file': async (payload, helpers) => {
		await ingestFile(payload as SourceJob, helpers)
	},
	'crawl-website': async (payload, helpers) => {
		await crawlWebsite(payload as SourceJob, helpers)
	},
	'crawl-page': async (payload, helpers) => {
		await crawlPage(payload as SourceJob & { pageId: string }, helpers)
	},
	/** A chatbot's typed text, after each save (docs/decisions/0023-database-pool-share.md). */
	[TEXT_INDEX_TASK]: async (payload, helpers) => {
		await indexTextSource(payload as { chatbotId: string }, helpers)
	},
	'resync-due': async (_payload, helpers) => {
		const started = await resyncDueSources()
		if (started > 0) helpers.logger.info(`Started the scheduled re-sync of ${started} sources`)
	},
	/** Conversation logs (docs/decisions/0019-conversation-logs.md): retention, and leads to webhooks. */
	'prune-conversations': async (_payload, helpers) => {
		const removed = await pruneConversations()
		if (removed > 0) helpers.logger.info(`Removed ${removed} conversations past their chatbot's retention`)
	},
	'deliver-lead': async (payload, helpers) => {
		await deliverLead(payload as { leadId: string }, helpers)
	},
	/** Account e-mails, queued by requests so none waits on (or fails with) the mail server. */
	'send-email': async (payload) => {
		await sendAccountEmail(payload)
	},
}

/** Hourly; `jobKey` keeps one pending run however many instances schedule it. */
export const jobCrontab = [
	'0 * * * * prune-expired ?jobKey=prune-expired&max=1',
	'30 * * * * resync-due ?jobKey=resync-due&max=1',
	'15 * * * * prune-conversations ?jobKey=prune-conversations&max=1',
].join('\n')

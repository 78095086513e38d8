// Every background job the app runs, and when. Features export the work; this list names it for
// graphile-worker (app/lib/jobs/job-worker.server.ts). docs/decisions/0015-background-jobs.md
import type { TaskList } from 'graphile-worker'
import { sendAccountEmail } from '~/features/accounts/account-mail.server.ts'
import { pruneExpiredAccountTokens } from '~/features/accounts/account-tokens.server.ts'
import { pruneConversations } from '~/features/chatbots/conversations/conversations.server.ts'
import { deliverLead } from '~/features/chatbots/conversations/leads.server.ts'
import { crawlPage, crawlSitemap, crawlWebsite, ingestFile } from '~/features/chatbots/sources/crawl.server.ts'
import { resyncDueSources } from '~/features/chatbots/sources/sources.server.ts'
import { indexTextSource, TEXT_INDEX_TASK } from '~/features/chatbots/text-source.server.ts'
import { startJobWorker } from '~/lib/jobs/job-worker.server.ts'
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
	'crawl-sitemap': async (payload, helpers) => {
		await crawlSitemap(payload as SourceJob & { url: string }, helpers)
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
}

/**
 * Deliveries to outside servers run on a lane of their own (a second runner that knows only these
 * tasks): a webhook receiver that never answers holds a webhook slot for WEBHOOK_TIMEOUT_MS, and a
 * stalled mail server its own time-out, never a slot of the imports. docs/decisions/0022-fair-background-work.md
 */
export const webhookTaskList: TaskList = {
	'deliver-lead': async (payload, helpers) => {
		await deliverLead(payload as { leadId: string }, helpers)
	},
	/** Account e-mails, queued by requests so none waits on (or fails with) the mail server. */
	'send-email': async (payload) => {
		await sendAccountEmail(payload)
	},
}

export type JobLanesOptions = {
	connectionString: string
	concurrency: number
	webhookConcurrency: number
	accountShare?: number
	staleLockSeconds?: number
	crontab?: string
}

/** The job runners of one process: the main lane, and the webhook lane beside it. */
export async function startJobLanes({ webhookConcurrency, accountShare, ...options }: JobLanesOptions) {
	const lanes = [
		await startJobWorker({
			...options,
			taskList: jobTaskList,
			accountShare: accountShare ?? Math.ceil(options.concurrency / 2),
		}),
	]
	if (webhookConcurrency > 0) {
		lanes.push(
			await startJobWorker({
				...options,
				// The main lane schedules; this one has no crontab.
				crontab: undefined,
				concurrency: webhookConcurrency,
				taskList: webhookTaskList,
				accountShare: accountShare ?? Math.ceil(webhookConcurrency / 2),
				name: 'webhooks',
			}),
		)
	}
	return { stop: () => Promise.all(lanes.map((lane) => lane.stop())).then(() => {}) }
}

/** Hourly; `jobKey` keeps one pending run however many instances schedule it. */
export const jobCrontab = [
	'0 * * * * prune-expired ?jobKey=prune-expired&max=1',
	'30 * * * * resync-due ?jobKey=resync-due&max=1',
	'15 * * * * prune-conversations ?jobKey=prune-conversations&max=1',
].join('\n')

// Every background job the app runs, on which lane, and when. Each feature declares its jobs (name,
// payload schema, work: app/lib/jobs/define-job.server.ts); this file only lists them for
// graphile-worker (app/lib/jobs/job-worker.server.ts). docs/decisions/0015-background-jobs.md,
// docs/decisions/0042-typed-jobs-and-crawl-parts.md
import { sendEmailJob } from '~/features/accounts/account-mail.server.ts'
import { pruneExpiredJob } from '~/features/accounts/prune-expired.server.ts'
import { pruneConversationsJob } from '~/features/chatbots/conversations/conversations.server.ts'
import { deliverLeadJob } from '~/features/chatbots/conversations/leads.server.ts'
import {
	handoffDigestJob,
	handoffEmailJob,
	handoffIdleJob,
	handoffTimeoutJob,
} from '~/features/chatbots/handoff/handoff.server.ts'
import { retokenizeKnowledgeJob } from '~/features/chatbots/knowledge.server.ts'
import { crawlSitemapJob, crawlWebsiteJob } from '~/features/chatbots/sources/crawl-discovery.server.ts'
import { crawlPageJob } from '~/features/chatbots/sources/crawl-pages.server.ts'
import { ingestFileJob } from '~/features/chatbots/sources/ingest-file.server.ts'
import { resyncDueJob } from '~/features/chatbots/sources/sources.server.ts'
import { testRegressionMailJob, testRunJob, testScheduleJob } from '~/features/chatbots/test-sets/runs.server.ts'
import { indexTextJob } from '~/features/chatbots/text-source.server.ts'
import { closeIdleCallsJob } from '~/features/voice/conversations.server.ts'
import { summarizeCallJob } from '~/features/voice/inquiry.server.ts'
import { taskListOf, type JobDefinition } from '~/lib/jobs/define-job.server.ts'
import { startJobWorker } from '~/lib/jobs/job-worker.server.ts'

export const jobTaskList = taskListOf([
	pruneExpiredJob,
	// Knowledge sources (docs/decisions/0016-knowledge-sources.md) and the typed text.
	ingestFileJob,
	crawlWebsiteJob,
	crawlSitemapJob,
	crawlPageJob,
	indexTextJob,
	retokenizeKnowledgeJob,
	resyncDueJob,
	pruneConversationsJob,
	// Chatbots' test sets (docs/decisions/0057-chatbot-test-sets.md).
	testRunJob,
	testScheduleJob,
	// A voice call's notes, written by its model after the call (app/features/voice/inquiry.server.ts).
	summarizeCallJob,
	// Voice calls nobody hung up, ended once idle (app/features/voice/conversations.server.ts).
	closeIdleCallsJob,
	// A visitor nobody joined: the lead form, and the owner's e-mail queued (docs/decisions/0061-live-handoff-over-listen-notify.md).
	handoffTimeoutJob,
	// A person who took a conversation over and left it: the bot answers again (the same ADR).
	handoffIdleJob,
])

/**
 * Deliveries to outside servers run on a lane of their own (a second runner that knows only these
 * tasks): a webhook receiver that never answers holds a webhook slot for WEBHOOK_TIMEOUT_MS, and a
 * stalled mail server its own time-out, never a slot of the imports. docs/decisions/0022-fair-background-work.md
 */
export const webhookTaskList = taskListOf([
	deliverLeadJob,
	sendEmailJob,
	handoffEmailJob,
	handoffDigestJob,
	testRegressionMailJob,
])

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

/** Once an hour at `minute`; `jobKey` keeps one pending run however many instances schedule it. */
const hourly = (minute: number, job: JobDefinition) => `${minute} * * * * ${job.name} ?jobKey=${job.name}&max=1`

export const jobCrontab = [
	hourly(0, pruneExpiredJob),
	hourly(30, resyncDueJob),
	hourly(15, pruneConversationsJob),
	// Within the hour of an upgrade that changed the tokenizer; a query that finds nothing after that.
	hourly(45, retokenizeKnowledgeJob),
	// Each minute: a call left open is shown live at most a minute past VOICE_IDLE_MINUTES.
	`* * * * * ${closeIdleCallsJob.name} ?jobKey=${closeIdleCallsJob.name}&max=1`,
	// Every chatbot's tests, once a day at 03:20 (the server's clock).
	`20 3 * * * ${testScheduleJob.name} ?jobKey=${testScheduleJob.name}&max=1`,
].join('\n')

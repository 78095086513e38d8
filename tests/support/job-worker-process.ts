// A job worker in a process of its own, on DATABASE_URL, for tests that kill it mid-job.
import { startJobLanes } from '../../server/jobs.ts'

await startJobLanes({
	connectionString: process.env.DATABASE_URL!,
	concurrency: Number(process.env.JOB_CONCURRENCY ?? 2),
	webhookConcurrency: Number(process.env.WEBHOOK_CONCURRENCY ?? 2),
})

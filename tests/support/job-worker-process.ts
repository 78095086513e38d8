// A job worker in a process of its own, on DATABASE_URL, for tests that kill it mid-job.
import { startJobWorker } from '~/lib/jobs/job-worker.server.ts'
import { jobTaskList } from '../../server/jobs.ts'

await startJobWorker({
	connectionString: process.env.DATABASE_URL!,
	concurrency: Number(process.env.JOB_CONCURRENCY ?? 2),
	taskList: jobTaskList,
})

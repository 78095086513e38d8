// For tests without a job worker: runs the queued `index-text` jobs to the end, as a worker would
// (a chatbot's typed text is indexed by a job, app/features/chatbots/text-source.server.ts). Other
// queued jobs stay queued.
import { runOnce } from 'graphile-worker'
import { indexTextJob } from '~/features/chatbots/text-source.server.ts'
import { taskListOf } from '~/lib/jobs/define-job.server.ts'

export async function runTextIndexJobs() {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList: taskListOf([indexTextJob]),
		logger: undefined,
	})
}

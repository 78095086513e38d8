// Runs the send-email jobs queued so far, as the server's job worker would, and returns when they are
// done (a failed one waits for its retry, as in production). Only that task: whatever other jobs a
// test left queued stay where they are.
import { Logger, runOnce } from 'graphile-worker'

const quiet = new Logger(() => () => {})

export async function deliverQueuedEmails() {
	// Imported on first use: the tasks reach the environment, which a test may set up in beforeAll.
	const { sendEmailJob } = await import('~/features/accounts/account-mail.server.ts')
	const { taskListOf } = await import('~/lib/jobs/define-job.server.ts')
	await runOnce({ connectionString: process.env.DATABASE_URL!, taskList: taskListOf([sendEmailJob]), logger: quiet })
}

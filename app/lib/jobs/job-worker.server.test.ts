// The account share and the backlog priority through the real graphile-worker on this test's
// database: one account's many jobs never take more than its share of the slots, and another
// account's job goes ahead of that backlog. docs/decisions/0022-fair-background-work.md
import { randomUUID } from 'node:crypto'
import { expect, test, vi } from 'vitest'
import { z } from 'zod'
import { prisma } from '~/lib/db.server.ts'
import { defineJob, taskListOf } from './define-job.server.ts'
import { startJobWorker } from './job-worker.server.ts'
import { queueJob } from './queue-job.server.ts'

const noisy = randomUUID()
const quiet = randomUUID()

test('one account’s backlog runs at most its share at once, and another account’s job goes ahead of it', async () => {
	vi.spyOn(console, 'log').mockImplementation(() => {})
	const running = new Map<string, number>()
	const most = new Map<string, number>()
	const order: string[] = []
	const fairTestJob = defineJob({
		name: 'fair-test',
		payload: z.object({ account: z.string(), label: z.string() }),
		run: async ({ account, label }) => {
			running.set(account, (running.get(account) ?? 0) + 1)
			most.set(account, Math.max(most.get(account) ?? 0, running.get(account)!))
			order.push(label)
			await new Promise((resolve) => setTimeout(resolve, 150))
			running.set(account, running.get(account)! - 1)
		},
	})
	// Queued before any worker runs: ten of the noisy account's, then one of the quiet account's.
	for (let i = 0; i < 10; i++)
		await queueJob(fairTestJob, { account: noisy, label: `noisy-${i}` }, { accountId: noisy })
	await queueJob(fairTestJob, { account: quiet, label: 'quiet' }, { accountId: quiet })
	// Each job's place: behind its own account's backlog only (graphile-worker runs the lowest first).
	const queued = await prisma.$queryRaw<Array<{ label: string; priority: number }>>`
		SELECT payload->>'label' AS label, priority FROM graphile_worker._private_jobs ORDER BY id`
	expect(queued.map(({ label, priority }) => `${label}:${priority}`)).toEqual([
		...Array.from({ length: 10 }, (_, i) => `noisy-${i}:${i}`),
		'quiet:0',
	])

	const worker = await startJobWorker({
		connectionString: process.env.DATABASE_URL!,
		concurrency: 4,
		accountShare: 2,
		taskList: taskListOf([fairTestJob]),
	})
	try {
		for (let waited = 0; order.length < 11 && waited < 20_000; waited += 50)
			await new Promise((resolve) => setTimeout(resolve, 50))
	} finally {
		await worker.stop()
	}
	expect(order).toHaveLength(11)
	// Four slots, a share of two: the noisy account never ran more than two at once ...
	expect(most.get(noisy)).toBe(2)
	// ... and the quiet account's job, queued last, ran among the first three (not eleventh).
	expect(order.indexOf('quiet')).toBeLessThanOrEqual(2)
}, 30_000)

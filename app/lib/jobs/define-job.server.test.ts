// Jobs declared with a payload schema, through the real graphile-worker on this test's database: a
// payload the schema refuses is logged and fails for good without running the work (and without
// stopping the worker), one that fits runs with its parsed value; queueJob takes a definition, so a
// payload of the wrong shape does not compile (`npx tsc --noEmit` checks the @ts-expect-error lines).
import { randomUUID } from 'node:crypto'
import { Logger, quickAddJob, runOnce } from 'graphile-worker'
import { afterEach, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { prisma } from '~/lib/db.server.ts'
import { defineJob, taskListOf } from './define-job.server.ts'
import { queueJob } from './queue-job.server.ts'

const ran = vi.fn()
const typedJob = defineJob({
	name: 'typed-test',
	payload: z.object({ sourceId: z.guid(), run: z.number().int() }),
	run: async (payload) => void ran(payload),
})

const lines: Array<{ level: string; message: string }> = []
const logger = new Logger(() => (level, message) => void lines.push({ level, message }))
const connectionString = () => process.env.DATABASE_URL!
const runQueued = () => runOnce({ connectionString: connectionString(), taskList: taskListOf([typedJob]), logger })

const jobRows = () =>
	prisma.$queryRaw<Array<{ id: string; attempts: number; max_attempts: number; last_error: string | null }>>`
		SELECT j.id::text, j.attempts, j.max_attempts, j.last_error FROM graphile_worker._private_jobs j
		JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${typedJob.name} ORDER BY j.id`

afterEach(async () => {
	ran.mockReset()
	lines.length = 0
	await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
})

test('a payload its schema refuses is logged with its job and problems, and fails for good; the next job still runs', async () => {
	// Queued by hand (an older release, a person): queueJob would not compile with this payload.
	const bad = await quickAddJob(
		{ connectionString: connectionString() },
		typedJob.name,
		{ sourceId: 'nope', run: 1.5 },
		{
			maxAttempts: 5,
		},
	)
	const sourceId = randomUUID()
	await queueJob(typedJob, { sourceId, run: 2 })

	await runQueued()
	expect(ran).toHaveBeenCalledTimes(1)
	expect(ran).toHaveBeenCalledWith({ sourceId, run: 2 })
	const refused = lines.find((line) => line.message.startsWith(`Job typed-test #${bad.id} has a payload`))
	expect(refused?.level).toBe('error')
	expect(refused?.message).toMatch(/\(sourceId: Invalid GUID; run: Invalid input: expected int, received number\)/)
	expect(refused?.message).toContain('will not be retried')
	expect(refused?.message).toContain(`Payload: ${JSON.stringify(JSON.stringify({ sourceId: 'nope', run: 1.5 }))}`)

	// Kept, failed, with its attempts used up: however long we wait, no worker takes it again.
	const [row] = await jobRows()
	expect(row).toMatchObject({ id: bad.id, attempts: 1, max_attempts: 1 })
	expect(row.last_error).toMatch(/^Job typed-test #\d+ has a payload its schema refuses/)
	await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() - interval '1 hour'`
	await runQueued()
	expect(ran).toHaveBeenCalledTimes(1)
	expect(await jobRows()).toMatchObject([{ id: bad.id, attempts: 1 }])
})

test('queueJob queues a job under its definition’s name, with a payload of its schema', async () => {
	const sourceId = randomUUID()
	await queueJob(typedJob, { sourceId, run: 3 }, { maxAttempts: 2 })
	expect(await jobRows()).toMatchObject([{ attempts: 0, max_attempts: 2 }])
	await runQueued()
	expect(ran).toHaveBeenCalledWith({ sourceId, run: 3 })
	expect(await jobRows()).toEqual([])

	// Never called: these lines are for the type checker, which refuses each of them.
	const _wrongPayloads = () => [
		// @ts-expect-error a job is queued by its definition, not by a name
		queueJob('typed-test', { sourceId, run: 3 }),
		// @ts-expect-error `run` is a number
		queueJob(typedJob, { sourceId, run: '3' }),
		// @ts-expect-error `run` is missing
		queueJob(typedJob, { sourceId }),
	]
})

test('two jobs cannot share a name', () => {
	const twin = defineJob({ name: typedJob.name, payload: z.object({}), run: async () => {} })
	expect(() => taskListOf([typedJob, twin])).toThrow('Two jobs are named typed-test')
})

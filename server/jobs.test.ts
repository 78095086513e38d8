// The retention job through the real queue: graphile-worker installs its schema in the test
// database, takes the job and runs the task; expired rows go, live ones stay.
import { randomUUID } from 'node:crypto'
import { quickAddJob, runOnce } from 'graphile-worker'
import { afterAll, expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { jobCrontab, jobTaskList, startJobLanes, webhookTaskList } from './jobs.ts'

const email = `prune-${randomUUID()}@example.com`
afterAll(async () => {
	await prisma.user.deleteMany({ where: { email } })
	await prisma.rateLimit.deleteMany({ where: { key: { startsWith: 'prune-test:' } } })
})

test('prune-expired removes expired sessions, tokens and old rate-limit windows, and keeps the rest', async () => {
	vi.spyOn(console, 'log').mockImplementation(() => {})
	const user = await prisma.user.create({ data: { email, passwordHash: 'x' } })
	const past = new Date(Date.now() - 60_000)
	const future = new Date(Date.now() + 60 * 60_000)
	const expiredSession = await prisma.session.create({ data: { userId: user.id, expiresAt: past } })
	const liveSession = await prisma.session.create({ data: { userId: user.id, expiresAt: future } })
	await prisma.accountToken.createMany({
		data: [
			{ userId: user.id, purpose: 'verify-email', tokenHash: `expired-${randomUUID()}`, expiresAt: past },
			{ userId: user.id, purpose: 'reset-password', tokenHash: `live-${randomUUID()}`, expiresAt: future },
		],
	})
	await prisma.rateLimit.createMany({
		data: [
			{ key: 'prune-test:old', windowStart: new Date(Date.now() - 2 * 24 * 60 * 60_000), count: 3 },
			{ key: 'prune-test:new', windowStart: new Date(), count: 1 },
		],
	})

	const connectionString = process.env.DATABASE_URL!
	await quickAddJob({ connectionString }, 'prune-expired', {})
	await runOnce({ connectionString, taskList: jobTaskList, logger: undefined })

	expect(await prisma.session.findUnique({ where: { id: expiredSession.id } })).toBeNull()
	expect(await prisma.session.findUnique({ where: { id: liveSession.id } })).not.toBeNull()
	expect((await prisma.accountToken.findMany({ where: { userId: user.id } })).map((t) => t.purpose)).toEqual([
		'reset-password',
	])
	expect(
		(await prisma.rateLimit.findMany({ where: { key: { startsWith: 'prune-test:' } } })).map((r) => r.key),
	).toEqual(['prune-test:new'])
	// The job is done: nothing left in the queue.
	const [{ count }] = await prisma.$queryRaw<Array<{ count: bigint }>>`SELECT count(*) FROM graphile_worker.jobs`
	expect(Number(count)).toBe(0)
})

test("the server's two lanes start without a complaint about a crontab file (only the main lane schedules)", async () => {
	const lines: string[] = []
	for (const level of ['log', 'info', 'warn', 'error'] as const)
		vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')))
	const lanes = await startJobLanes({
		connectionString: process.env.DATABASE_URL!,
		concurrency: 1,
		webhookConcurrency: 1,
		crontab: jobCrontab,
	})
	await lanes.stop()
	vi.restoreAllMocks()
	// The webhook lane has no crontab; graphile-worker used to look for ./crontab and say "cron is disabled".
	expect(lines.filter((line) => /crontab|cron is disabled/i.test(line))).toEqual([])
})

test('every scheduled job is one the main lane runs, and no job is on both lanes', () => {
	const scheduled = jobCrontab.split('\n').map((line) => line.split(' ')[5])
	expect(scheduled).toEqual([
		'prune-expired',
		'resync-due',
		'prune-conversations',
		'retokenize-knowledge',
		'close-idle-calls',
		'chatbot-test-schedule',
	])
	for (const name of scheduled) expect(Object.keys(jobTaskList)).toContain(name)
	for (const name of Object.keys(webhookTaskList)) expect(Object.keys(jobTaskList)).not.toContain(name)
})

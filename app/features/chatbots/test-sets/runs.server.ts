// Runs of a chatbot's test set: each test asked through the answer path visitors get (retrieval, the
// chatbot's model, its "I don't know"), judged (judge.ts), compared with the run before, and kept
// with the reply and the passages it drew on. Nothing of a run is written to the conversation log,
// so runs never show in Conversations, Unanswered or Insights. Runs are jobs: asked for by the owner,
// started by every change to the knowledge or the settings (debounced: a burst of changes is one
// run), and daily. Regressions are e-mailed to the owner by a job on the delivery lane.
// docs/decisions/0057-chatbot-test-sets.md
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import { citedNumbers } from '~/ai/citations.ts'
import { answerChatbotQuestion } from '~/features/chatbots/reply.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { logValue } from '~/lib/log.ts'
import { deliverEmail } from '~/lib/mail.server.ts'
import { consumeRateLimit } from '~/lib/rate-limit.server.ts'
import { judge, regressionsOf, type CitedSource } from './judge.ts'
import { TEST_LIMITS } from './test-schema.ts'
import { testSetCopy } from './test-set-copy.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

const RUN_TRIGGERS = ['manual', 'sources', 'settings', 'schedule'] as const
export type RunTrigger = (typeof RUN_TRIGGERS)[number]

/** A change waits this long for the next one before its run starts: a burst of changes is one run. */
const CHANGE_DEBOUNCE_MS = 3_000
const DAY_MS = 24 * 60 * 60_000
/** How often the run's progress is written while it runs. */
const PROGRESS_EVERY_MS = 500
const REPLY_MAX_CHARS = 4_000

const RunPayload = z.object({ chatbotId: z.guid(), trigger: z.enum(RUN_TRIGGERS) })

export const testRunJob = defineJob({ name: 'chatbot-test-run', payload: RunPayload, run: runTestSet })

/** Daily (server/jobs.ts): a run for every chatbot with tests. */
export const testScheduleJob = defineJob({
	name: 'chatbot-test-schedule',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const queued = await queueScheduledRuns()
		if (queued > 0) helpers.logger.info(`Queued the daily test runs of ${queued} chatbots`)
	},
})

/** On the delivery lane (server/jobs.ts): the owner's e-mail about a run's regressions. */
export const testRegressionMailJob = defineJob({
	name: 'chatbot-test-mail',
	payload: z.object({ runId: z.guid() }),
	run: ({ runId }) => mailRegressions(runId),
})

const runKey = (chatbotId: string) => `${testRunJob.name}:${chatbotId}`

/**
 * Queues a run of the chatbot's tests, when it has any, after `delayMs`; a run already waiting is
 * moved to then instead (its job key), and one queue per chatbot runs its runs one at a time. Runs in
 * the caller's transaction when it has one: the change and its run commit together.
 */
export async function queueTestRun(
	db: Db,
	chatbotId: string,
	trigger: RunTrigger,
	{ delayMs = CHANGE_DEBOUNCE_MS }: { delayMs?: number } = {},
) {
	const [owner] = await db.$queryRaw<Array<{ userId: string }>>`
		SELECT c.user_id::text AS "userId" FROM chatbots c
		WHERE c.id = ${chatbotId}::uuid AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.chatbot_id = c.id)`
	if (!owner) return false
	const key = runKey(chatbotId)
	await queueJob(
		testRunJob,
		{ chatbotId, trigger },
		{ accountId: owner.userId, jobKey: key, queueName: key, runAt: new Date(Date.now() + delayMs), maxAttempts: 1 },
		db,
	)
	return true
}

const dailyRunsKey = (userId: string) => `test-runs:${userId}`

export type ManualRunResult = { queued: true } | { queued: false; message: string }

/** The owner's "Run tests": a queued run shown at once, within the caps. */
export async function requestTestRun(userId: string, chatbotId: string): Promise<ManualRunResult | null> {
	const chatbot = await prisma.chatbot.findFirst({
		where: { id: chatbotId, userId, voiceAgentId: null },
		select: { id: true, _count: { select: { tests: true } } },
	})
	if (!chatbot) return null
	if (chatbot._count.tests === 0) return { queued: false, message: testSetCopy.run.noTests }
	const recent = await consumeRateLimit(`test-run:${chatbotId}`, {
		limit: 1,
		windowMs: TEST_LIMITS.manualRunSeconds * 1000,
	})
	if (!recent.allowed) return { queued: false, message: testSetCopy.run.tooSoon(recent.retryAfterSeconds) }
	const daily = await consumeRateLimit(dailyRunsKey(userId), {
		limit: TEST_LIMITS.runsPerAccountPerDay,
		windowMs: DAY_MS,
	})
	if (!daily.allowed) return { queued: false, message: testSetCopy.run.dailyCap }
	await prisma.$transaction(async (tx) => {
		// One queued run at a time: the job takes it (and a waiting change's run becomes this one).
		await tx.chatbotTestRun.deleteMany({ where: { chatbotId, status: 'queued' } })
		await tx.chatbotTestRun.create({ data: { chatbotId, trigger: 'manual' } })
		await queueTestRun(tx, chatbotId, 'manual', { delayMs: 0 })
	})
	return { queued: true }
}

/** Every chatbot with tests gets a run (the daily schedule). */
async function queueScheduledRuns() {
	const chatbots = await prisma.chatbot.findMany({ where: { tests: { some: {} } }, select: { id: true } })
	for (const chatbot of chatbots) await queueTestRun(prisma, chatbot.id, 'schedule', { delayMs: 0 })
	return chatbots.length
}

/** The run this job does: the owner's queued one, or a new one; null when the account's day is used up. */
async function startRun(chatbotId: string, userId: string, trigger: RunTrigger) {
	const [queued] = await prisma.$queryRaw<Array<{ id: string }>>`
		UPDATE chatbot_test_runs SET status = 'running', started_at = now()
		WHERE id = (SELECT id FROM chatbot_test_runs WHERE chatbot_id = ${chatbotId}::uuid AND status = 'queued'
			ORDER BY created_at LIMIT 1)
		RETURNING id::text`
	if (queued) return queued.id
	// Counted when the owner asked; a run started by a change is counted now.
	const daily = await consumeRateLimit(dailyRunsKey(userId), {
		limit: TEST_LIMITS.runsPerAccountPerDay,
		windowMs: DAY_MS,
	})
	const run = await prisma.chatbotTestRun.create({
		data: daily.allowed
			? { chatbotId, trigger, status: 'running', startedAt: new Date() }
			: { chatbotId, trigger, status: 'failed', error: testSetCopy.run.dailyCap, finishedAt: new Date() },
		select: { id: true },
	})
	return daily.allowed ? run.id : null
}

type Result = {
	testId: string
	passed: boolean
	reason: string
	reply: string
	answered: boolean
	passages: Prisma.InputJsonValue
	cited: Prisma.InputJsonValue
}

/** One test through the visitors' answer path, judged. */
async function runOne(
	chatbot: Parameters<typeof answerChatbotQuestion>[0],
	test: { id: string; question: string; expected: string[]; cite: string | null; mustDecline: boolean },
): Promise<Result & { model: string }> {
	const answer = await answerChatbotQuestion(
		chatbot,
		[{ role: 'user', parts: [{ type: 'text', text: test.question }] }],
		{
			label: 'Test run',
		},
	)
	const text = answer.text ?? ''
	// The sources its citations point at; a reply that cites none by number is judged by those it was given.
	const numbers = citedNumbers(text, answer.sources.length)
	const cited: CitedSource[] = answer.answered
		? (numbers.length > 0 ? numbers.map((n) => answer.sources[n - 1]) : answer.sources).map(({ url, title }) => ({
				url,
				title,
			}))
		: []
	const verdict = judge(test, { text, answered: answer.answered, cited, failure: answer.failure })
	return {
		testId: test.id,
		...verdict,
		reply: text.slice(0, REPLY_MAX_CHARS),
		answered: answer.answered,
		passages: answer.passages,
		cited,
		model: answer.model.label,
	}
}

/** The `chatbot-test-run` job: every test of the chatbot, then the comparison, then the e-mail. */
export async function runTestSet(
	{ chatbotId, trigger }: z.infer<typeof RunPayload>,
	helpers?: Pick<JobHelpers, 'logger'>,
) {
	const chatbot = await prisma.chatbot.findUnique({
		where: { id: chatbotId },
		select: {
			id: true,
			userId: true,
			name: true,
			systemPrompt: true,
			answerModel: true,
			modelConnectionId: true,
			modelName: true,
			temperature: true,
			offlineFallback: true,
		},
	})
	if (!chatbot) return null
	const runId = await startRun(chatbotId, chatbot.userId, trigger)
	if (!runId) return null
	try {
		const tests = await prisma.chatbotTest.findMany({
			where: { chatbotId },
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			select: { id: true, question: true, expected: true, cite: true, mustDecline: true },
		})
		await prisma.chatbotTestRun.update({ where: { id: runId }, data: { total: tests.length } })
		const results: Result[] = []
		let model: string | null = null
		let reported = performance.now()
		for (const test of tests) {
			const { model: label, ...result } = await runOne(chatbot, test)
			model ??= label
			results.push(result)
			if (performance.now() - reported > PROGRESS_EVERY_MS) {
				reported = performance.now()
				await prisma.chatbotTestRun.update({ where: { id: runId }, data: { done: results.length } })
			}
		}
		await finishRun(runId, chatbotId, results, model)
		return runId
	} catch (error) {
		const message = (error as Error).message
		helpers?.logger.error(`Test run ${runId} of chatbot ${chatbotId} failed: ${logValue(message, 300)}`)
		await prisma.chatbotTestRun.update({
			where: { id: runId },
			data: { status: 'failed', error: message.slice(0, 500), finishedAt: new Date() },
		})
		return runId
	}
}

/** The results kept, compared with the run before, the totals written, old runs dropped: all at once. */
async function finishRun(runId: string, chatbotId: string, results: Result[], model: string | null) {
	const previous = await prisma.chatbotTestRun.findFirst({
		where: { chatbotId, status: 'done', id: { not: runId } },
		orderBy: { createdAt: 'desc' },
		select: { results: { select: { testId: true, passed: true } } },
	})
	const before = new Map(previous?.results.map((result) => [result.testId, result.passed]) ?? [])
	const regressions = regressionsOf(results, before)
	const passed = results.filter((result) => result.passed).length
	await prisma.$transaction(async (tx) => {
		// A test deleted while the run ran has no result to keep.
		const still = new Set(
			(await tx.chatbotTest.findMany({ where: { chatbotId }, select: { id: true } })).map((test) => test.id),
		)
		await tx.chatbotTestResult.createMany({
			data: results
				.filter((result) => still.has(result.testId))
				.map((result) => ({ ...result, runId, regression: regressions.has(result.testId) })),
		})
		await tx.chatbotTestRun.update({
			where: { id: runId },
			data: {
				status: 'done',
				done: results.length,
				total: results.length,
				passed,
				failed: results.length - passed,
				regressions: regressions.size,
				model,
				finishedAt: new Date(),
			},
		})
		// The newest runs stay; their results go with the older ones.
		await tx.$executeRaw`
			DELETE FROM chatbot_test_runs WHERE chatbot_id = ${chatbotId}::uuid AND status IN ('done', 'failed') AND id IN (
				SELECT id FROM chatbot_test_runs WHERE chatbot_id = ${chatbotId}::uuid ORDER BY created_at DESC OFFSET ${TEST_LIMITS.runsKept})`
		if (regressions.size > 0) await queueJob(testRegressionMailJob, { runId }, { maxAttempts: 8 }, tx)
	})
}

/** The link in the e-mail: SITE_URL's origin, else this server's own address. */
function siteOrigin() {
	const env = getEnv()
	return env.SITE_URL ? new URL(env.SITE_URL).origin : `http://localhost:${env.PORT}`
}

/** The e-mail to the chatbot's owner listing the run's regressions. */
async function mailRegressions(runId: string) {
	const run = await prisma.chatbotTestRun.findUnique({
		where: { id: runId },
		select: {
			passed: true,
			total: true,
			chatbot: { select: { id: true, name: true, user: { select: { email: true } } } },
			results: {
				where: { regression: true },
				select: { reason: true, test: { select: { question: true } } },
				orderBy: { test: { createdAt: 'asc' } },
			},
		},
	})
	if (!run || run.results.length === 0) return
	const { mail } = testSetCopy
	const link = `${siteOrigin()}/playground/chatbots/${run.chatbot.id}/tests`
	const lines = run.results.map((result) => `- ${result.test.question}\n  ${result.reason}`)
	await deliverEmail({
		to: run.chatbot.user.email,
		subject: mail.subject(run.chatbot.name, run.results.length),
		text: [mail.intro(run.chatbot.name, run.passed, run.total), ...lines, '', mail.outro, link].join('\n'),
	})
}

/** A passage as a result keeps it (reply.server.ts's trace). */
type ResultPassage = { title: string | null; url: string | null; score: number; excerpt: string }

/**
 * What the Tests section shows: the latest run (with its progress while it runs), the trend of the
 * latest finished runs, and the latest finished run's failures, regressions first, each with its reply
 * and passages. Null when the chatbot is not the user's.
 */
export async function testSetOverview(userId: string, chatbotId: string) {
	const chatbot = await prisma.chatbot.findFirst({
		where: { id: chatbotId, userId, voiceAgentId: null },
		select: { id: true },
	})
	if (!chatbot) return null
	const runs = await prisma.chatbotTestRun.findMany({
		where: { chatbotId },
		orderBy: { createdAt: 'desc' },
		take: 20,
		omit: { chatbotId: true },
	})
	const latest = runs[0] ?? null
	const finished = runs.find((run) => run.status === 'done') ?? null
	const results = finished
		? await prisma.chatbotTestResult.findMany({
				where: { runId: finished.id },
				select: {
					testId: true,
					passed: true,
					regression: true,
					reason: true,
					reply: true,
					answered: true,
					passages: true,
					cited: true,
					test: { select: { question: true, createdAt: true } },
				},
			})
		: []
	const failing = results
		.filter((result) => !result.passed)
		.sort(
			(a, b) => Number(b.regression) - Number(a.regression) || a.test.createdAt.getTime() - b.test.createdAt.getTime(),
		)
		.map(({ test, passages, cited, ...result }) => ({
			...result,
			question: test.question,
			passages: passages as ResultPassage[],
			cited: cited as CitedSource[],
		}))
	return {
		latest,
		finished,
		trend: runs.filter((run) => run.status === 'done').reverse(),
		failing,
		lastResults: new Map(results.map((result) => [result.testId, result.passed])),
	}
}

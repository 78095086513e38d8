// Runs of a test set (a chatbot's or a voice assistant's: its subject): each test asked through the
// subject's own answer path (a chatbot's visitors', a voice assistant's callers' as a typed turn:
// subject.server.ts), judged (judge.ts), compared with the run before, and kept with the reply and
// the passages it drew on. Nothing of a run is written to a conversation log or a call, so runs never
// show in Conversations, Unanswered, Insights, Calls or the dashboard. Runs are jobs: asked for by
// the owner, started by every change to the knowledge or the settings (debounced: a burst of changes
// is one run), and daily. Regressions are e-mailed to the owner by a job on the delivery lane.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import type { TracedPassage } from '~/ai/knowledge-retriever.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { logValue } from '~/lib/log.ts'
import { deliverEmail } from '~/lib/mail.server.ts'
import { consumeRateLimit } from '~/lib/rate-limit.server.ts'
import { judge, regressionsOf, type CitedSource } from './judge.ts'
import { ownsSubject, subjectAnswerer, subjectKnowledge, subjectOwner, type SubjectAnswer } from './subject.server.ts'
import { subjectWhere, testsPathOf, type SubjectKind, type TestSubject } from './subject.ts'
import { TEST_LIMITS } from './test-schema.ts'
import { subjectCopy, testSetCopy } from './test-set-copy.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

const RUN_TRIGGERS = ['manual', 'sources', 'settings', 'schedule'] as const
export type RunTrigger = (typeof RUN_TRIGGERS)[number]

/** A change waits this long for the next one before its run starts: a burst of changes is one run. */
const CHANGE_DEBOUNCE_MS = 3_000
const DAY_MS = 24 * 60 * 60_000
const REPLY_MAX_CHARS = 4_000
/**
 * A run queued or running for longer than this is taken as abandoned (its worker stopped mid-run):
 * it no longer holds back "Run tests", so an owner is never locked out by a run that will not end.
 */
const RUN_ABANDONED_MS = 60 * 60_000

/** Whether a run is still under way: queued or running, and not abandoned. */
export const runInProgress = (run: { status: string; createdAt: Date }, now = Date.now()) =>
	(run.status === 'queued' || run.status === 'running') && now - run.createdAt.getTime() < RUN_ABANDONED_MS

/** A chatbot's run names it (as before voice assistants had tests), a voice assistant's names the agent. */
const RunPayload = z.union([
	z.object({ chatbotId: z.guid(), trigger: z.enum(RUN_TRIGGERS) }),
	z.object({ agentId: z.guid(), trigger: z.enum(RUN_TRIGGERS) }),
])
type RunPayload = z.infer<typeof RunPayload>

const subjectOf = (payload: RunPayload): TestSubject =>
	'chatbotId' in payload ? { kind: 'chatbot', id: payload.chatbotId } : { kind: 'agent', id: payload.agentId }

const payloadOf = (subject: TestSubject, trigger: RunTrigger): RunPayload =>
	subject.kind === 'chatbot' ? { chatbotId: subject.id, trigger } : { agentId: subject.id, trigger }

export const testRunJob = defineJob({
	name: 'chatbot-test-run',
	payload: RunPayload,
	run: (payload, helpers) => runTestSet(subjectOf(payload), payload.trigger, helpers),
})

/** Daily (server/jobs.ts): a run for every chatbot and voice assistant with tests. */
export const testScheduleJob = defineJob({
	name: 'chatbot-test-schedule',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const queued = await queueScheduledRuns()
		if (queued > 0) helpers.logger.info(`Queued the daily test runs of ${queued} chatbots and voice assistants`)
	},
})

/** On the delivery lane (server/jobs.ts): the owner's e-mail about a run's regressions. */
export const testRegressionMailJob = defineJob({
	name: 'chatbot-test-mail',
	payload: z.object({ runId: z.guid() }),
	run: ({ runId }) => mailRegressions(runId),
})

/** A chatbot's runs keep the key they had before voice assistants had tests. */
const runKey = (subject: TestSubject) =>
	subject.kind === 'chatbot' ? `${testRunJob.name}:${subject.id}` : `${testRunJob.name}:agent:${subject.id}`

type SubjectRow = { kind: SubjectKind; id: string; userId: string }

/** Queues the run of each subject (found with its tests), after `delayMs`. */
async function queueRuns(db: Db, subjects: SubjectRow[], trigger: RunTrigger, delayMs: number) {
	for (const { kind, id, userId } of subjects) {
		const subject = { kind, id }
		const key = runKey(subject)
		await queueJob(
			testRunJob,
			payloadOf(subject, trigger),
			{ accountId: userId, jobKey: key, queueName: key, runAt: new Date(Date.now() + delayMs), maxAttempts: 1 },
			db,
		)
	}
	return subjects.length > 0
}

/**
 * Queues a run of the subject's tests, when it has any, after `delayMs`; a run already waiting is
 * moved to then instead (its job key), and one queue per subject runs its runs one at a time. Runs in
 * the caller's transaction when it has one: the change and its run commit together.
 */
export async function queueTestRun(
	db: Db,
	subject: TestSubject,
	trigger: RunTrigger,
	{ delayMs = CHANGE_DEBOUNCE_MS }: { delayMs?: number } = {},
) {
	const subjects =
		subject.kind === 'chatbot'
			? await db.$queryRaw<SubjectRow[]>`
				SELECT 'chatbot' AS kind, c.id::text AS id, c.user_id::text AS "userId" FROM chatbots c
				WHERE c.id = ${subject.id}::uuid AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.chatbot_id = c.id)`
			: await db.$queryRaw<SubjectRow[]>`
				SELECT 'agent' AS kind, a.id::text AS id, a.user_id::text AS "userId" FROM agents a
				WHERE a.id = ${subject.id}::uuid AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.agent_id = a.id)`
	return queueRuns(db, subjects, trigger, delayMs)
}

/**
 * A change to the knowledge of `chatbotId` (a source added, re-synced, removed, its typed text
 * indexed): a 'sources' run of every subject with tests that answers from it. That is the chatbot
 * itself, the voice assistants whose own knowledge it is (a knowledge-only row), and those that chose
 * it (while it is their owner's), as app/ai/spoken-reply.server.ts's agentKnowledgeBaseId decides.
 */
export async function queueKnowledgeTestRuns(db: Db, chatbotId: string) {
	const subjects = await db.$queryRaw<SubjectRow[]>`
		SELECT 'chatbot' AS kind, c.id::text AS id, c.user_id::text AS "userId" FROM chatbots c
		WHERE c.id = ${chatbotId}::uuid AND c.voice_agent_id IS NULL
			AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.chatbot_id = c.id)
		UNION ALL
		SELECT 'agent', a.id::text, a.user_id::text FROM agents a JOIN chatbots c ON c.id = ${chatbotId}::uuid
		WHERE ((a.knowledge_chatbot_id = c.id AND c.user_id = a.user_id)
				OR (a.knowledge_chatbot_id IS NULL AND c.voice_agent_id = a.id))
			AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.agent_id = a.id)`
	return queueRuns(db, subjects, 'sources', CHANGE_DEBOUNCE_MS)
}

/**
 * The chatbot `chatbotId` is about to be deleted (call it in the deleting transaction, before the
 * delete, which clears their choice): the voice assistants that chose it as their knowledge answer
 * from their own from then on, a knowledge change for them, so a 'sources' run of each with tests.
 */
export async function queueChosenKnowledgeGoneRuns(db: Db, chatbotId: string) {
	const subjects = await db.$queryRaw<SubjectRow[]>`
		SELECT 'agent' AS kind, a.id::text AS id, a.user_id::text AS "userId" FROM agents a
		WHERE a.knowledge_chatbot_id = ${chatbotId}::uuid
			AND EXISTS (SELECT 1 FROM chatbot_tests t WHERE t.agent_id = a.id)`
	return queueRuns(db, subjects, 'sources', CHANGE_DEBOUNCE_MS)
}

const dailyRunsKey = (userId: string) => `test-runs:${userId}`

export type ManualRunResult = { queued: true } | { queued: false; message: string }

/** The owner's "Run tests": a queued run shown at once, within the caps. */
export async function requestTestRun(userId: string, subject: TestSubject): Promise<ManualRunResult | null> {
	if (!(await ownsSubject(userId, subject))) return null
	const owner = subjectWhere(subject)
	if ((await prisma.chatbotTest.count({ where: owner })) === 0)
		return { queued: false, message: testSetCopy.run.noTests }
	// A second click (or a second tab) while a run is under way is refused, not queued behind it.
	const underWay = await prisma.chatbotTestRun.findFirst({
		where: {
			...owner,
			status: { in: ['queued', 'running'] },
			createdAt: { gt: new Date(Date.now() - RUN_ABANDONED_MS) },
		},
		select: { id: true },
	})
	if (underWay) return { queued: false, message: testSetCopy.run.inProgress }
	const recent = await consumeRateLimit(`test-run:${subject.id}`, {
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
		await tx.chatbotTestRun.deleteMany({ where: { ...owner, status: 'queued' } })
		await tx.chatbotTestRun.create({ data: { ...owner, trigger: 'manual' } })
		await queueTestRun(tx, subject, 'manual', { delayMs: 0 })
	})
	return { queued: true }
}

/** Every chatbot and voice assistant with tests gets a run (the daily schedule). */
async function queueScheduledRuns() {
	const subjects = await prisma.$queryRaw<SubjectRow[]>`
		SELECT DISTINCT CASE WHEN t.chatbot_id IS NULL THEN 'agent' ELSE 'chatbot' END AS kind,
			COALESCE(t.chatbot_id, t.agent_id)::text AS id, COALESCE(c.user_id, a.user_id)::text AS "userId"
		FROM chatbot_tests t LEFT JOIN chatbots c ON c.id = t.chatbot_id LEFT JOIN agents a ON a.id = t.agent_id`
	await queueRuns(prisma, subjects, 'schedule', 0)
	return subjects.length
}

/** The run this job does: the owner's queued one, or a new one; null when the account's day is used up. */
async function startRun(subject: TestSubject, userId: string, trigger: RunTrigger) {
	const owner = subjectWhere(subject)
	const queued = await prisma.chatbotTestRun.findFirst({
		where: { ...owner, status: 'queued' },
		orderBy: { createdAt: 'asc' },
		select: { id: true },
	})
	// Taken by this job only if still queued (a second job of the same subject cannot run meanwhile: one queue).
	if (queued) {
		const { count } = await prisma.chatbotTestRun.updateMany({
			where: { id: queued.id, status: 'queued' },
			data: { status: 'running', startedAt: new Date() },
		})
		if (count > 0) return queued.id
	}
	if (queued) return queued.id
	// Counted when the owner asked; a run started by a change is counted now.
	const daily = await consumeRateLimit(dailyRunsKey(userId), {
		limit: TEST_LIMITS.runsPerAccountPerDay,
		windowMs: DAY_MS,
	})
	const run = await prisma.chatbotTestRun.create({
		data: daily.allowed
			? { ...owner, trigger, status: 'running', startedAt: new Date() }
			: { ...owner, trigger, status: 'failed', error: testSetCopy.run.dailyCap, finishedAt: new Date() },
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

/** One test through the subject's answer path, judged. */
async function runOne(
	ask: (question: string) => Promise<SubjectAnswer>,
	test: { id: string; question: string; expected: string[]; cite: string | null; mustDecline: boolean },
): Promise<Result & { model: string }> {
	const answer = await ask(test.question)
	const verdict = judge(test, answer)
	return {
		testId: test.id,
		...verdict,
		reply: answer.text.slice(0, REPLY_MAX_CHARS),
		answered: answer.answered,
		passages: answer.passages,
		cited: answer.cited,
		model: answer.model.label,
	}
}

/** The run's row updated; false when it is gone (its chatbot or voice assistant deleted meanwhile: cascade). */
async function updateRun(runId: string, data: Prisma.ChatbotTestRunUpdateManyMutationInput) {
	const { count } = await prisma.chatbotTestRun.updateMany({ where: { id: runId }, data })
	return count > 0
}

/** What the job logs when the run's subject was deleted while it ran: an end, not a failure. */
const goneLine = (runId: string, subject: TestSubject) =>
	`Test run ${runId} of ${subject.kind} ${subject.id} stopped: the ${subject.kind === 'chatbot' ? 'chatbot' : 'voice assistant'} was deleted while it ran`

/** The `chatbot-test-run` job: every test of the subject, then the comparison, then the e-mail. */
export async function runTestSet(subject: TestSubject, trigger: RunTrigger, helpers?: Pick<JobHelpers, 'logger'>) {
	const [owner, ask] = await Promise.all([subjectOwner(subject), subjectAnswerer(subject)])
	if (!owner || !ask) return null
	const runId = await startRun(subject, owner.userId, trigger)
	if (!runId) return null
	try {
		const tests = await prisma.chatbotTest.findMany({
			where: subjectWhere(subject),
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			select: { id: true, question: true, expected: true, cite: true, mustDecline: true },
		})
		if (!(await updateRun(runId, { total: tests.length }))) {
			helpers?.logger.info(goneLine(runId, subject))
			return null
		}
		const results: Result[] = []
		let model: string | null = null
		for (const test of tests) {
			const { model: label, ...result } = await runOne(ask, test)
			model ??= label
			results.push(result)
			// The progress after every result (first-time user's trial: written every half second, a run
			// of a second showed "0 of 8" until it ended); a one-row update, small beside an answer.
			if (!(await updateRun(runId, { done: results.length }))) {
				helpers?.logger.info(goneLine(runId, subject))
				return null
			}
		}
		await finishRun(runId, subject, results, model)
		return runId
	} catch (error) {
		const message = (error as Error).message
		// Its subject deleted mid-run (the run's row went with it): the job ends quietly, nothing failed.
		const kept = await updateRun(runId, { status: 'failed', error: message.slice(0, 500), finishedAt: new Date() })
		if (!kept) {
			helpers?.logger.info(goneLine(runId, subject))
			return null
		}
		helpers?.logger.error(`Test run ${runId} of ${subject.kind} ${subject.id} failed: ${logValue(message, 300)}`)
		return runId
	}
}

/** The results kept, compared with the run before, the totals written, old runs dropped: all at once. */
async function finishRun(runId: string, subject: TestSubject, results: Result[], model: string | null) {
	const owner = subjectWhere(subject)
	const previous = await prisma.chatbotTestRun.findFirst({
		where: { ...owner, status: 'done', id: { not: runId } },
		orderBy: { createdAt: 'desc' },
		select: { results: { select: { testId: true, passed: true } } },
	})
	const before = new Map(previous?.results.map((result) => [result.testId, result.passed]) ?? [])
	const regressions = regressionsOf(results, before)
	const passed = results.filter((result) => result.passed).length
	await prisma.$transaction(async (tx) => {
		// A test deleted while the run ran has no result to keep.
		const still = new Set(
			(await tx.chatbotTest.findMany({ where: owner, select: { id: true } })).map((test) => test.id),
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
		const old = await tx.chatbotTestRun.findMany({
			where: owner,
			orderBy: { createdAt: 'desc' },
			skip: TEST_LIMITS.runsKept,
			select: { id: true },
		})
		await tx.chatbotTestRun.deleteMany({
			where: { id: { in: old.map((run) => run.id) }, status: { in: ['done', 'failed'] } },
		})
		if (regressions.size > 0) await queueJob(testRegressionMailJob, { runId }, { maxAttempts: 8 }, tx)
	})
}

/** The link in the e-mail: SITE_URL's origin, else this server's own address. */
function siteOrigin() {
	const env = getEnv()
	return env.SITE_URL ? new URL(env.SITE_URL).origin : `http://localhost:${env.PORT}`
}

/** The e-mail to the subject's owner listing the run's regressions. */
async function mailRegressions(runId: string) {
	const run = await prisma.chatbotTestRun.findUnique({
		where: { id: runId },
		select: {
			passed: true,
			total: true,
			chatbotId: true,
			agentId: true,
			results: {
				where: { regression: true },
				select: { reason: true, test: { select: { question: true } } },
				orderBy: { test: { createdAt: 'asc' } },
			},
		},
	})
	if (!run || run.results.length === 0) return
	const subject: TestSubject = run.chatbotId
		? { kind: 'chatbot', id: run.chatbotId }
		: { kind: 'agent', id: run.agentId! }
	const owner = await subjectOwner(subject)
	if (!owner) return
	const { mail } = testSetCopy
	const link = `${siteOrigin()}${testsPathOf(subject)}`
	const lines = run.results.map((result) => `- ${result.test.question}\n  ${result.reason}`)
	await deliverEmail({
		to: owner.email,
		subject: mail.subject(owner.name, run.results.length),
		text: [subjectCopy(subject.kind).mailIntro(owner.name, run.passed, run.total), ...lines, '', mail.outro, link].join(
			'\n',
		),
	})
}

/** A passage as a result keeps it (the answer path's trace). */
type ResultPassage = Pick<TracedPassage, 'title' | 'url' | 'score' | 'excerpt'>

/**
 * What the Tests section shows: the latest run (with its progress while it runs), the trend of the
 * latest finished runs, and the latest finished run's failures, regressions first, each with its reply
 * and passages. Null when the subject is not the user's.
 */
export async function testSetOverview(userId: string, subject: TestSubject) {
	const knowledge = await subjectKnowledge(userId, subject)
	if (!knowledge) return null
	const [runs, changing] = await Promise.all([
		prisma.chatbotTestRun.findMany({
			where: subjectWhere(subject),
			orderBy: { createdAt: 'desc' },
			take: 20,
			omit: { chatbotId: true, agentId: true },
		}),
		// A source being read or re-read: its tests run once it is done (first-time user's trial: the
		// page showed the old score, with no sign that a run was coming, until a reload).
		knowledge.knowledgeBaseId
			? prisma.knowledgeSource.count({
					where: { chatbotId: knowledge.knowledgeBaseId, status: { in: ['queued', 'running'] } },
				})
			: 0,
	])
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
					test: { select: { question: true, createdAt: true, updatedAt: true, mustDecline: true } },
				},
			})
		: []
	// A test saved since the run started: its result was for what it asked before (first-time user's
	// trial: an edited test kept its old failure reason until the next run).
	const since = finished ? (finished.startedAt ?? finished.createdAt).getTime() : Infinity
	const edited = (test: { updatedAt: Date }) => test.updatedAt.getTime() > since
	const failing = results
		.filter((result) => !result.passed)
		.sort(
			(a, b) => Number(b.regression) - Number(a.regression) || a.test.createdAt.getTime() - b.test.createdAt.getTime(),
		)
		.map(({ test, passages, cited, ...result }) => ({
			...result,
			question: test.question,
			mustDecline: test.mustDecline,
			edited: edited(test),
			passages: passages as ResultPassage[],
			cited: cited as CitedSource[],
		}))
	return {
		latest,
		finished,
		trend: runs.filter((run) => run.status === 'done').reverse(),
		failing,
		knowledgeChanging: changing > 0,
		lastResults: new Map(
			results.map((result) => [result.testId, { passed: result.passed, edited: edited(result.test) }]),
		),
	}
}

// A chatbot's test set run through the visitors' answer path with the offline model: each result as
// expected, nothing written to the conversation log, a knowledge change queues the next run by itself
// (once, however many changes), the test that depended on the changed text is a regression, and the
// owner's e-mail lists it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ChatbotFormSchema } from '~/features/chatbots/chatbot-schema.ts'
import { createChatbot, updateChatbot } from '~/features/chatbots/chatbots.server.ts'
import { indexTextSource } from '~/features/chatbots/text-source.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { requestTestRun, runTestSet, testRegressionMailJob, testSetOverview } from './runs.server.ts'
import { chatbotSubject } from './subject.ts'
import { TestFormSchema } from './test-schema.ts'
import { addTests } from './tests.server.ts'

const SHOP = [
	'Warranty\n\nEvery Acme widget carries a seven-year warranty covering the flux capacitor.',
	'Repairs\n\nOur workshop in Pune repairs widgets within 48 hours.',
	'Delivery\n\nWe deliver across India in three to five working days.',
].join('\n\n')

let owner: { id: string; email: string }
beforeAll(async () => {
	const email = `tests-${randomUUID()}@example.com`
	owner = await prisma.user.create({ data: { email, passwordHash: 'x' }, select: { id: true, email: true } })
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner.id } })
})

const form = (knowledgeBase: string) => ChatbotFormSchema.parse({ name: 'Acme help', knowledgeBase, systemPrompt: '' })
const testForm = (question: string, expected: string, mustDecline = false) =>
	TestFormSchema.parse({ question, expected, cite: '', mustDecline })
const queuedRuns = async (chatbotId: string) =>
	(
		await prisma.$queryRaw<[{ n: number }]>`
			SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = ${`chatbot-test-run:${chatbotId}`}`
	)[0].n

test('a run judges every test through the answer path, writes no conversation, and a change that breaks one is a regression e-mailed to the owner', async () => {
	const { chatbot } = await createChatbot(owner.id, form(SHOP), 'http://localhost')
	await indexTextSource({ chatbotId: chatbot.id })
	// No tests yet: a change queues no run.
	expect(await queuedRuns(chatbot.id)).toBe(0)
	expect(
		await addTests(
			owner.id,
			chatbotSubject(chatbot.id),
			[
				testForm('How long is the warranty?', 'seven year | 7 years'),
				testForm('How fast are repairs?', '48 hours'),
				testForm('Who won the football world cup in 1986?', '', true),
			],
			'manual',
		),
	).toBe('added')
	// Another user's post behaves as if the chatbot did not exist.
	expect(await addTests(randomUUID(), chatbotSubject(chatbot.id), [testForm('Hi?', '')], 'manual')).toBe('missing')

	expect(await requestTestRun(owner.id, chatbotSubject(chatbot.id))).toEqual({ queued: true })
	// A second click while that run waits (or runs) is refused, not queued behind it.
	const inProgress = {
		queued: false,
		message: 'The tests are running already. Their results show here when the run finishes.',
	}
	expect(await requestTestRun(owner.id, chatbotSubject(chatbot.id))).toEqual(inProgress)
	expect(await prisma.chatbotTestRun.count({ where: { chatbotId: chatbot.id } })).toBe(1)
	expect(await queuedRuns(chatbot.id)).toBe(1)
	const first = await runTestSet(chatbotSubject(chatbot.id), 'manual')
	// Once it is done, the next click meets only the pause between runs; a run whose worker stopped
	// an hour ago (left "running") holds nothing back.
	await prisma.chatbotTestRun.create({
		data: {
			chatbotId: chatbot.id,
			trigger: 'manual',
			status: 'running',
			createdAt: new Date(Date.now() - 2 * 3600_000),
		},
	})
	expect(await requestTestRun(owner.id, chatbotSubject(chatbot.id))).toEqual({
		queued: false,
		message: expect.stringMatching(/^Tests ran moments ago\. Run them again in \d+ seconds\.$/),
	})
	const run = await prisma.chatbotTestRun.findUniqueOrThrow({
		where: { id: first! },
		include: { results: { include: { test: true } } },
	})
	expect(run).toMatchObject({
		status: 'done',
		trigger: 'manual',
		total: 3,
		passed: 3,
		failed: 0,
		regressions: 0,
		model: expect.any(String),
	})
	const byQuestion = new Map(run.results.map((result) => [result.test.question, result]))
	expect(byQuestion.get('How fast are repairs?')).toMatchObject({
		passed: true,
		answered: true,
		reason: 'Contains “48 hours”.',
	})
	expect(byQuestion.get('How fast are repairs?')!.reply).toContain('48 hours')
	expect(byQuestion.get('How fast are repairs?')!.passages).toEqual(
		expect.arrayContaining([
			expect.objectContaining({ score: expect.any(Number), excerpt: expect.stringContaining('48 hours') }),
		]),
	)
	expect(byQuestion.get('Who won the football world cup in 1986?')).toMatchObject({ passed: true, answered: false })
	// Runs are no visitors: nothing in the log, so nothing in Conversations, Unanswered or Insights.
	expect(await prisma.chatbotConversation.count({ where: { chatbotId: chatbot.id } })).toBe(0)

	// The same knowledge gives the same results: the offline model is deterministic.
	const again = await runTestSet(chatbotSubject(chatbot.id), 'schedule')
	const replies = async (runId: string) =>
		(await prisma.chatbotTestResult.findMany({ where: { runId }, orderBy: { testId: 'asc' } })).map((r) => [
			r.reply,
			r.passed,
		])
	expect(await replies(again!)).toEqual(await replies(first!))

	// The owner rewrites the repairs paragraph; the save's indexing queues one run (a burst folds into it).
	await updateChatbot(owner.id, chatbot.id, form(SHOP.replace('within 48 hours', 'within a week')))
	await indexTextSource({ chatbotId: chatbot.id })
	await updateChatbot(owner.id, chatbot.id, form(SHOP.replace('within 48 hours', 'within a week')))
	await indexTextSource({ chatbotId: chatbot.id })
	expect(await queuedRuns(chatbot.id)).toBe(1)
	const changed = await runTestSet(chatbotSubject(chatbot.id), 'sources')
	const overview = await testSetOverview(owner.id, chatbotSubject(chatbot.id))
	expect(overview?.finished).toMatchObject({ id: changed, passed: 2, failed: 1, regressions: 1 })
	expect(overview?.failing).toEqual([
		expect.objectContaining({
			question: 'How fast are repairs?',
			regression: true,
			reason: 'Does not contain “48 hours”.',
		}),
	])
	expect(overview?.trend.map((point) => point.passed)).toEqual([3, 3, 2])
	expect(await testSetOverview(randomUUID(), chatbotSubject(chatbot.id))).toBeNull()

	await testRegressionMailJob.run({ runId: changed! }, {} as never)
	const [mail] = await prisma.emailOutbox.findMany({ where: { toAddress: owner.email } })
	expect(mail.subject).toBe('1 test of “Acme help” now fails')
	expect(mail.textBody).toContain('- How fast are repairs?\n  Does not contain “48 hours”.')
	expect(mail.textBody).toContain(`/playground/chatbots/${chatbot.id}/tests`)
})

test('a save of only the System Prompt runs the tests as a settings change, without indexing the same text again', async () => {
	const { chatbot } = await createChatbot(owner.id, form(SHOP), 'http://localhost')
	await indexTextSource({ chatbotId: chatbot.id })
	await addTests(owner.id, chatbotSubject(chatbot.id), [testForm('How fast are repairs?', '48 hours')], 'manual')
	const triggers = async () =>
		(
			await prisma.$queryRaw<Array<{ trigger: string }>>`
				SELECT payload->>'trigger' AS trigger FROM graphile_worker._private_jobs WHERE key = ${`chatbot-test-run:${chatbot.id}`}`
		).map((job) => job.trigger)
	const textSource = () => prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId: chatbot.id, kind: 'text' } })
	const indexed = await textSource()

	await updateChatbot(owner.id, chatbot.id, { ...form(SHOP), systemPrompt: 'Answer in one sentence.' })
	expect(await triggers()).toEqual(['settings'])
	expect(await textSource()).toMatchObject({ status: 'ready', run: indexed.run })
	const run = await runTestSet(chatbotSubject(chatbot.id), 'settings')
	expect((await testSetOverview(owner.id, chatbotSubject(chatbot.id)))?.finished).toMatchObject({
		id: run,
		trigger: 'settings',
	})
	// The queued job has been run here: it goes. The same form again changes nothing: no run. A new
	// text is indexed, and runs as a knowledge change.
	await prisma.$executeRaw`SELECT graphile_worker.remove_job(${`chatbot-test-run:${chatbot.id}`})`
	await updateChatbot(owner.id, chatbot.id, { ...form(SHOP), systemPrompt: 'Answer in one sentence.' })
	expect(await triggers()).toEqual([])
	await updateChatbot(owner.id, chatbot.id, {
		...form(`${SHOP}\n\nGift cards are sold in store.`),
		systemPrompt: 'Answer in one sentence.',
	})
	expect(await textSource()).toMatchObject({ status: 'queued', run: indexed.run + 1 })
	await indexTextSource({ chatbotId: chatbot.id })
	expect(await triggers()).toEqual(['sources'])
})

test('while a source is being read, the Tests section says a run is coming (the page refreshes until it has run)', async () => {
	const { chatbot } = await createChatbot(owner.id, form(SHOP), 'http://localhost')
	const overview = () => testSetOverview(owner.id, chatbotSubject(chatbot.id))
	// Created: its text is queued for reading.
	expect((await overview())?.knowledgeChanging).toBe(true)
	await indexTextSource({ chatbotId: chatbot.id })
	expect((await overview())?.knowledgeChanging).toBe(false)
	// A new text is queued again until its job has read it.
	await updateChatbot(owner.id, chatbot.id, form(`${SHOP} Repairs now take 24 hours.`))
	expect((await overview())?.knowledgeChanging).toBe(true)
	await indexTextSource({ chatbotId: chatbot.id })
	expect((await overview())?.knowledgeChanging).toBe(false)
})

// A voice assistant's test set (ADR 0062), run with the offline model: each test asked as a typed turn
// through the assistant's own answer path (its short spoken reply from its knowledge), judged like a
// chatbot's, and never written as a call; a change to its knowledge (its own, or the chatbot it chose)
// queues the next run by itself, a save that changes what it answers does too, and the test that
// depended on the changed text is a regression e-mailed to the owner with a link to its Tests section.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { agentKnowledgeBase, saveAgentKnowledgeText } from '~/features/chatbots/agent-knowledge.server.ts'
import { ChatbotFormSchema } from '~/features/chatbots/chatbot-schema.ts'
import { createChatbot, deleteChatbot, updateChatbot } from '~/features/chatbots/chatbots.server.ts'
import {
	requestTestRun,
	runTestSet,
	testRegressionMailJob,
	testScheduleJob,
	testSetOverview,
} from '~/features/chatbots/test-sets/runs.server.ts'
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TestFormSchema } from '~/features/chatbots/test-sets/test-schema.ts'
import { addTests, listTests } from '~/features/chatbots/test-sets/tests.server.ts'
import { indexTextSource } from '~/features/chatbots/text-source.server.ts'
import { AgentFormSchema } from '~/features/voice/agent-schema.ts'
import { setAgentKnowledgeChatbot, updateAgent } from '~/features/voice/agents.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { agentPageAction } from '~/routes/playground/voicebots/agent-page-actions.server.ts'
import { SHOWROOM_KNOWLEDGE as SHOP, SHOWROOM_KNOWLEDGE_CHANGED } from '../support/showroom-knowledge.ts'

const owner = { id: '', email: `voice-tests-${randomUUID()}@example.com` }
beforeAll(async () => {
	owner.id = (await prisma.user.create({ data: { email: owner.email, passwordHash: 'x' } })).id
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner.id } })
})

const testForm = (question: string, expected: string, mustDecline = false) =>
	TestFormSchema.parse({ question, expected, cite: '', mustDecline })
const agentForm = (instructions: string) =>
	AgentFormSchema.parse({
		name: 'Shop Line',
		voiceId: 'alloy',
		description: '',
		instructions,
		firstMessage: 'Hello!',
		language: 'en',
	})
/** The runs waiting in the job queue for `key`'s subject, with what started them. */
const queuedRuns = (key: string) =>
	prisma.$queryRaw<Array<{ trigger: string }>>`
		SELECT payload->>'trigger' AS trigger FROM graphile_worker._private_jobs WHERE key = ${key}`
const agentRunKey = (agentId: string) => `chatbot-test-run:agent:${agentId}`
const newAgent = () =>
	prisma.agent.create({
		data: { userId: owner.id, name: 'Shop Line', instructions: 'Be brief.', firstMessage: 'Hello!' },
	})

test("an assistant's tests are asked through its spoken answer path, never as a call; a knowledge change runs them and the regression is e-mailed", async () => {
	const agent = await newAgent()
	expect(await saveAgentKnowledgeText(owner.id, agent.id, SHOP)).toBe(true)
	const knowledge = (await agentKnowledgeBase(owner.id, agent.id))!
	await indexTextSource({ chatbotId: knowledge.id })
	// No tests yet: a change queues no run.
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([])

	const subject = agentSubject(agent.id)
	expect(
		await addTests(
			owner.id,
			subject,
			[
				testForm('When is the showroom open?', '10 am'),
				testForm('How fast are repairs?', '48 hours'),
				testForm('Who won the football world cup in 1986?', '', true),
			],
			'manual',
		),
	).toBe('added')
	// Someone else's post, or the assistant's knowledge row posing as a chatbot, finds no such set.
	expect(await addTests(randomUUID(), subject, [testForm('Hi?', '')], 'manual')).toBe('missing')
	expect(await listTests(owner.id, { kind: 'chatbot', id: knowledge.id })).toBeNull()
	expect(await requestTestRun(randomUUID(), subject)).toBeNull()

	expect(await requestTestRun(owner.id, subject)).toEqual({ queued: true })
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([{ trigger: 'manual' }])
	const first = await runTestSet(subject, 'manual')
	const run = await prisma.chatbotTestRun.findUniqueOrThrow({
		where: { id: first! },
		include: { results: { include: { test: true } } },
	})
	expect(run).toMatchObject({ agentId: agent.id, chatbotId: null, status: 'done', total: 3, passed: 3, regressions: 0 })
	const byQuestion = new Map(run.results.map((result) => [result.test.question, result]))
	expect(byQuestion.get('How fast are repairs?')).toMatchObject({ passed: true, answered: true })
	// The spoken path's reply: short, as a caller hears it, from the passage it was given.
	expect(byQuestion.get('How fast are repairs?')!.reply).toContain('48 hours')
	expect(byQuestion.get('How fast are repairs?')!.passages).toEqual(
		expect.arrayContaining([expect.objectContaining({ excerpt: expect.stringContaining('48 hours') })]),
	)
	expect(byQuestion.get('Who won the football world cup in 1986?')).toMatchObject({ passed: true, answered: false })
	// A test run is no call: nothing on the dashboard or in the assistant's calls, no chatbot conversation.
	expect(await prisma.callLog.count({ where: { agentId: agent.id } })).toBe(0)
	expect(await prisma.chatbotConversation.count({ where: { chatbotId: knowledge.id } })).toBe(0)

	// The owner rewrites the repairs paragraph: its indexing queues one run, as a knowledge change.
	expect(await saveAgentKnowledgeText(owner.id, agent.id, SHOWROOM_KNOWLEDGE_CHANGED)).toBe(true)
	await indexTextSource({ chatbotId: knowledge.id })
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([{ trigger: 'sources' }])
	const changed = await runTestSet(subject, 'sources')
	const overview = await testSetOverview(owner.id, subject)
	expect(overview?.finished).toMatchObject({ id: changed, trigger: 'sources', passed: 2, regressions: 1 })
	expect(overview?.failing).toEqual([
		expect.objectContaining({
			question: 'How fast are repairs?',
			regression: true,
			reason: 'Does not contain “48 hours”.',
		}),
	])
	expect(await testSetOverview(randomUUID(), subject)).toBeNull()

	await testRegressionMailJob.run({ runId: changed! }, {} as never)
	const [mail] = await prisma.emailOutbox.findMany({ where: { toAddress: owner.email } })
	expect(mail.subject).toBe('1 test of “Shop Line” now fails')
	expect(mail.textBody).toContain('The latest test run of your voice assistant “Shop Line” passed 2 of 3 tests.')
	expect(mail.textBody).toContain('- How fast are repairs?\n  Does not contain “48 hours”.')
	expect(mail.textBody).toContain(`/playground/voicebots/${agent.id}/tests`)
	expect(await prisma.callLog.count({ where: { agentId: agent.id } })).toBe(0)
})

test("a change to the chatbot an assistant chose runs the assistant's tests too; a save that changes how it answers runs them as a settings change", async () => {
	const { chatbot } = await createChatbot(
		owner.id,
		ChatbotFormSchema.parse({ name: 'Shop help', knowledgeBase: SHOP, systemPrompt: '' }),
		'http://localhost',
	)
	await indexTextSource({ chatbotId: chatbot.id })
	const agent = await newAgent()
	const other = await newAgent()
	expect(await setAgentKnowledgeChatbot(owner.id, agent.id, chatbot.id)).toBe('saved')
	for (const id of [agent.id, other.id])
		await addTests(owner.id, agentSubject(id), [testForm('How fast are repairs?', '48 hours')], 'manual')

	// The chosen chatbot's text changes: the assistant that answers from it runs, the other does not.
	await updateChatbot(
		owner.id,
		chatbot.id,
		ChatbotFormSchema.parse({
			name: 'Shop help',
			knowledgeBase: `${SHOP}\n\nGift cards are sold in store.`,
			systemPrompt: '',
		}),
	)
	await indexTextSource({ chatbotId: chatbot.id })
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([{ trigger: 'sources' }])
	expect(await queuedRuns(agentRunKey(other.id))).toEqual([])
	const run = await runTestSet(agentSubject(agent.id), 'sources')
	expect(await prisma.chatbotTestRun.findUniqueOrThrow({ where: { id: run! } })).toMatchObject({ passed: 1, total: 1 })

	// "Save Changes" with only another voice: the words it answers are the same, no run. With new
	// instructions: a run, as a settings change.
	const save = (fields: Record<string, string>) =>
		agentPageAction(
			new Request(`http://localhost/playground/voicebots/${other.id}`, {
				method: 'POST',
				body: new URLSearchParams({
					intent: 'update',
					name: 'Shop Line',
					description: '',
					firstMessage: 'Hello!',
					language: 'en',
					voiceId: 'alloy',
					...fields,
				}),
			}),
			owner.id,
			other.id,
		)
	expect(((await save({ voiceId: 'nova', instructions: 'Be brief.' })) as Response).status).toBe(302)
	expect(await queuedRuns(agentRunKey(other.id))).toEqual([])
	expect(((await save({ instructions: 'Be brief and warm.' })) as Response).status).toBe(302)
	expect(await queuedRuns(agentRunKey(other.id))).toEqual([{ trigger: 'settings' }])
	expect(await updateAgent(randomUUID(), other.id, agentForm('Hijacked'))).toBeNull()

	// The daily schedule runs every assistant's tests with the chatbots'.
	await testScheduleJob.run({}, { logger: { info: () => {} } } as never)
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([{ trigger: 'schedule' }])
	expect(await queuedRuns(agentRunKey(other.id))).toEqual([{ trigger: 'schedule' }])
})

test("deleting the chatbot an assistant chose runs the assistant's tests, as a knowledge change; another user's delete changes nothing", async () => {
	const { chatbot } = await createChatbot(
		owner.id,
		ChatbotFormSchema.parse({ name: 'Shop help', knowledgeBase: SHOP, systemPrompt: '' }),
		'http://localhost',
	)
	await indexTextSource({ chatbotId: chatbot.id })
	const agent = await newAgent()
	const untested = await newAgent()
	for (const id of [agent.id, untested.id])
		expect(await setAgentKnowledgeChatbot(owner.id, id, chatbot.id)).toBe('saved')
	await addTests(owner.id, agentSubject(agent.id), [testForm('How fast are repairs?', '48 hours')], 'manual')
	const first = await runTestSet(agentSubject(agent.id), 'manual')
	expect(await prisma.chatbotTestRun.findUniqueOrThrow({ where: { id: first! } })).toMatchObject({ passed: 1 })

	// Someone else's delete finds no such chatbot: nothing goes, nothing is queued.
	expect(await deleteChatbot(randomUUID(), chatbot.id)).toBe(false)
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([])

	expect(await deleteChatbot(owner.id, chatbot.id)).toBe(true)
	expect(await prisma.chatbot.count({ where: { id: chatbot.id } })).toBe(0)
	// The assistant answers from its own knowledge now: its tests run on that, as a knowledge change.
	expect(await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ knowledgeChatbotId: null })
	expect(await queuedRuns(agentRunKey(agent.id))).toEqual([{ trigger: 'sources' }])
	// One without tests has nothing to run.
	expect(await queuedRuns(agentRunKey(untested.id))).toEqual([])
	const after = await runTestSet(agentSubject(agent.id), 'sources')
	expect(await prisma.chatbotTestRun.findUniqueOrThrow({ where: { id: after! } })).toMatchObject({
		trigger: 'sources',
		status: 'done',
		passed: 0,
		regressions: 1,
	})
})

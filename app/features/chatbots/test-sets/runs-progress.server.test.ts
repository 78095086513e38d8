// A run as the owner follows it: its progress is written as each result is stored (not only every
// half second: a run of a second showed "0 of N" until it ended), and a chatbot deleted while its run
// is under way ends the job quietly, with an info line, not an uncaught "No record was found for an
// update" (first-time user's trial).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { ChatbotFormSchema } from '~/features/chatbots/chatbot-schema.ts'
import { createChatbot, deleteChatbot } from '~/features/chatbots/chatbots.server.ts'
import { indexTextSource } from '~/features/chatbots/text-source.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { runTestSet } from './runs.server.ts'
import { chatbotSubject } from './subject.ts'
import { TestFormSchema } from './test-schema.ts'
import { addTests } from './tests.server.ts'

// The answer path, with a hook that runs before each question is answered (the run is under way).
const before = vi.hoisted(() => ({ ask: null as null | ((question: string) => Promise<void>) }))
vi.mock('./subject.server.ts', async (original) => {
	const actual = await original<typeof import('./subject.server.ts')>()
	return {
		...actual,
		subjectAnswerer: async (...args: Parameters<typeof actual.subjectAnswerer>) => {
			const ask = await actual.subjectAnswerer(...args)
			return (
				ask &&
				(async (question: string) => {
					await before.ask?.(question)
					return ask(question)
				})
			)
		},
	}
})

const SHOP = [
	'Warranty\n\nEvery Acme widget carries a seven-year warranty covering the flux capacitor.',
	'Repairs\n\nOur workshop in Pune repairs widgets within 48 hours.',
	'Delivery\n\nWe deliver across India in three to five working days.',
].join('\n\n')
const QUESTIONS = [
	'How long is the warranty?',
	'How fast are repairs?',
	'How long does delivery take?',
	'Where is the workshop?',
]

let owner: string
beforeAll(async () => {
	owner = (await prisma.user.create({ data: { email: `runs-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner } })
})

async function chatbotWithTests() {
	const form = ChatbotFormSchema.parse({ name: 'Acme help', knowledgeBase: SHOP, systemPrompt: '' })
	const { chatbot } = await createChatbot(owner, form, 'http://localhost')
	await indexTextSource({ chatbotId: chatbot.id })
	const tests = QUESTIONS.map((question) =>
		TestFormSchema.parse({ question, expected: '', cite: '', mustDecline: false }),
	)
	expect(await addTests(owner, chatbotSubject(chatbot.id), tests, 'manual')).toBe('added')
	return chatbot.id
}

const logger = () => ({ info: vi.fn(), error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

test('the progress a run shows advances as each result is stored', async () => {
	const chatbotId = await chatbotWithTests()
	const seen: string[] = []
	before.ask = async () => {
		const run = await prisma.chatbotTestRun.findFirstOrThrow({
			where: { chatbotId },
			select: { done: true, total: true },
		})
		seen.push(`${run.done} of ${run.total}`)
	}
	try {
		await runTestSet(chatbotSubject(chatbotId), 'manual')
	} finally {
		before.ask = null
	}
	expect(seen).toEqual(['0 of 4', '1 of 4', '2 of 4', '3 of 4'])
	const run = await prisma.chatbotTestRun.findFirstOrThrow({ where: { chatbotId } })
	expect(run).toMatchObject({ status: 'done', done: 4, total: 4 })
})

test('a chatbot deleted while its run is under way ends the job quietly, with an info line', async () => {
	for (const deletedAt of [QUESTIONS[1], QUESTIONS[3]]) {
		const chatbotId = await chatbotWithTests()
		let deleted = false
		before.ask = async (question) => {
			if (question === deletedAt) deleted = await deleteChatbot(owner, chatbotId)
		}
		const log = logger()
		try {
			await expect(runTestSet(chatbotSubject(chatbotId), 'manual', { logger: log as never })).resolves.toBeNull()
		} finally {
			before.ask = null
		}
		expect(deleted).toBe(true)
		expect(log.error).not.toHaveBeenCalled()
		expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/stopped: the chatbot was deleted while it ran$/))
		expect(await prisma.chatbotTestRun.count({ where: { chatbotId } })).toBe(0)
	}
})

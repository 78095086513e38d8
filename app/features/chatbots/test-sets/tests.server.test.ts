// The test set's cap and its all-or-nothing import, on the database: 200 tests a chatbot, even for
// posts at once; an import that would pass the cap writes nothing; a question asked twice is refused.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { chatbotSubject, type TestSubject } from './subject.ts'
import { TestFormSchema } from './test-schema.ts'
import { addTests, importTests, updateTest } from './tests.server.ts'

let owner: string
let chatbotId: string
let subject: TestSubject
beforeAll(async () => {
	owner = (await prisma.user.create({ data: { email: `set-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	chatbotId = (
		await prisma.chatbot.create({ data: { userId: owner, name: 'Set', knowledgeBase: '', systemPrompt: '' } })
	).id
	subject = chatbotSubject(chatbotId)
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner } })
})

const make = (question: string, expected = '') =>
	TestFormSchema.parse({ question, expected, cite: '', mustDecline: false })
const count = () => prisma.chatbotTest.count({ where: { chatbotId } })

test('the cap holds for posts at once, a repeated question is refused, and an import past the cap writes nothing', async () => {
	expect(await addTests(owner, subject, [make('Q0?')], 'manual')).toBe('added')
	expect(await addTests(owner, subject, [make('Q0?')], 'manual')).toBe('duplicate')
	// Four posts of 60 at once, with room for 199: three fit, one is refused whole.
	const results = await Promise.all(
		Array.from({ length: 4 }, (_, post) =>
			addTests(
				owner,
				subject,
				Array.from({ length: 60 }, (_, i) => make(`P${post}-${i}?`)),
				'manual',
			),
		),
	)
	expect(results.toSorted()).toEqual(['added', 'added', 'added', 'full'])
	expect(await count()).toBe(181)

	// An import that would add 20 (one past the cap) writes nothing, not even its update.
	const fresh = (n: number) => Array.from({ length: n }, (_, i) => make(`New ${i}?`))
	expect(await importTests(owner, subject, [make('Q0?', 'changed'), ...fresh(20)])).toBe('full')
	expect(await count()).toBe(181)
	expect((await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId, question: 'Q0?' } })).expected).toEqual([])
	// One that fits updates what it has and adds the rest.
	expect(await importTests(owner, subject, [make('Q0?', 'changed | altered'), ...fresh(19)])).toEqual({
		added: 19,
		updated: 1,
	})
	expect((await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId, question: 'Q0?' } })).expected).toEqual([
		'changed',
		'altered',
	])
	expect(await count()).toBe(200)
	expect(await addTests(owner, subject, [make('One more?')], 'manual')).toBe('full')

	// Someone else's user id finds nothing to change.
	const test0 = await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId, question: 'Q0?' } })
	expect(await updateTest(randomUUID(), subject, test0.id, make('Hijacked?'))).toBe('missing')
	expect(await importTests(randomUUID(), subject, [make('Hijacked?')])).toBe('missing')
})

test('a test saved or re-imported unchanged keeps its time, so it is not "edited since the last run" (attacker trial)', async () => {
	const own = (await prisma.user.create({ data: { email: `same-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	const bot = (
		await prisma.chatbot.create({ data: { userId: own, name: 'Same', knowledgeBase: '', systemPrompt: '' } })
	).id
	const mine = chatbotSubject(bot)
	try {
		expect(await addTests(own, mine, [make('When do you open?', '9 am | nine')], 'manual')).toBe('added')
		const before = await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId: bot } })
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(await updateTest(own, mine, before.id, make('When do you open?', '9 am | nine'))).toBe('saved')
		expect(await importTests(own, mine, [make('When do you open?', '9 am|nine')])).toEqual({ added: 0, updated: 0 })
		const after = await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId: bot } })
		expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime())
		// A real change still counts.
		expect(await importTests(own, mine, [make('When do you open?', '10 am')])).toEqual({ added: 0, updated: 1 })
		const changed = await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId: bot } })
		expect(changed.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime())
		expect(await updateTest(own, mine, before.id, make('When do you open?', '11 am'))).toBe('saved')
		expect((await prisma.chatbotTest.findFirstOrThrow({ where: { chatbotId: bot } })).expected).toEqual(['11 am'])
	} finally {
		await prisma.user.deleteMany({ where: { id: own } })
	}
})

// A chatbot's typed text is indexed by a job: quick saves fold into one pending job and the newest
// text wins; a save made while a job runs leaves the source queued for the next one.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { runTextIndexJobs } from '../../../tests/support/text-index-jobs.ts'
import { ChatbotFormSchema } from './chatbot-schema.ts'
import { createChatbot, updateChatbot } from './chatbots.server.ts'
import { searchKnowledge } from './knowledge.server.ts'
import { indexTextJob, indexTextSource } from './text-source.server.ts'

// The job's chunk writing, with a hook that runs while the job's transaction is open.
const during = vi.hoisted(() => ({ replace: null as null | (() => Promise<void>) }))
vi.mock('./knowledge.server.ts', async (original) => {
	const actual = await original<typeof import('./knowledge.server.ts')>()
	return {
		...actual,
		replaceChunks: async (...args: Parameters<typeof actual.replaceChunks>) => {
			const hook = during.replace
			during.replace = null
			await hook?.()
			return actual.replaceChunks(...args)
		},
	}
})

let owner: string
beforeAll(async () => {
	owner = (await prisma.user.create({ data: { email: `text-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner } })
})

const form = (knowledgeBase: string) => ChatbotFormSchema.parse({ name: 'Texts', knowledgeBase, systemPrompt: '' })
const textSource = (chatbotId: string) =>
	prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId, kind: 'text' }, omit: { fileData: true } })
const pendingTextJobs = async (chatbotId: string) =>
	(
		await prisma.$queryRaw<[{ n: number }]>`
			SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
			JOIN graphile_worker._private_tasks t ON t.id = j.task_id
			WHERE t.identifier = ${indexTextJob.name} AND j.payload->>'chatbotId' = ${chatbotId}`
	)[0].n

test('quick saves fold into one pending job, in a queue of its own chatbot; the newest text is indexed', async () => {
	const { chatbot } = await createChatbot(owner, form('We open at eight.'), 'http://localhost')
	for (const hour of ['nine', 'ten', 'eleven']) await updateChatbot(owner, chatbot.id, form(`We open at ${hour}.`))
	expect(await pendingTextJobs(chatbot.id)).toBe(1)
	const [job] = await prisma.$queryRaw<[{ queue_name: string; key: string }]>`
		SELECT q.queue_name, j.key FROM graphile_worker._private_jobs j
		JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
		WHERE j.payload->>'chatbotId' = ${chatbot.id}`
	expect(job).toEqual({ queue_name: `index-text:${chatbot.id}`, key: `index-text:${chatbot.id}` })
	expect(await textSource(chatbot.id)).toMatchObject({ status: 'queued', run: 4 })

	await runTextIndexJobs()
	expect(await textSource(chatbot.id)).toMatchObject({ status: 'ready', chunkCount: 1 })
	expect((await searchKnowledge(chatbot.id, 'When do you open?'))[0].content).toBe('We open at eleven.')
	expect(await pendingTextJobs(chatbot.id)).toBe(0)
})

test('a save while the job indexes: that job does not mark the source ready, the next one indexes the new text', async () => {
	const { chatbot } = await createChatbot(owner, form('The shop is in Agra.'), 'http://localhost')
	// While the job's transaction is open, the owner saves again (on another connection: no lock waits).
	during.replace = async () => {
		expect(await updateChatbot(owner, chatbot.id, form('The shop moved to Jaipur.'))).toBe(true)
	}
	await indexTextSource({ chatbotId: chatbot.id })
	expect(during.replace).toBeNull()
	expect(await textSource(chatbot.id)).toMatchObject({ status: 'queued', run: 2 })
	// The text it read answers meanwhile; the new one once its job has run.
	expect((await searchKnowledge(chatbot.id, 'Where is the shop?'))[0].content).toContain('Agra')
	await runTextIndexJobs()
	expect(await textSource(chatbot.id)).toMatchObject({ status: 'ready', run: 2 })
	expect((await searchKnowledge(chatbot.id, 'Where is the shop?'))[0].content).toContain('Jaipur')
})

test('a job for a chatbot deleted meanwhile does nothing', async () => {
	const { chatbot } = await createChatbot(owner, form('Soon gone.'), 'http://localhost')
	await prisma.chatbot.delete({ where: { id: chatbot.id } })
	await expect(indexTextSource({ chatbotId: chatbot.id })).resolves.toBeUndefined()
	await runTextIndexJobs()
	expect(await pendingTextJobs(chatbot.id)).toBe(0)
})

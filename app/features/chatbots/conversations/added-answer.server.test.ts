// An owner's answer, added from Unanswered or a failing test ("Add answer"), answers exactly that
// question next time, even where an imported manual has a section headed with the same question:
// the manual is libffi's and Valgrind's, as Debian installs them (tests/fixtures/debian-manuals).
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_MODEL_CHOICE } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { pageContent } from '~/lib/sandbox/parsers.ts'
import { runTextIndexJobs } from '../../../../tests/support/text-index-jobs.ts'
import { ChatbotFormSchema } from '../chatbot-schema.ts'
import { createChatbot } from '../chatbots.server.ts'
import { replaceChunks } from '../knowledge.server.ts'
import { answerChatbotQuestion } from '../reply.server.ts'
import { addAnswer } from './conversations.server.ts'

const MANUALS = path.resolve(import.meta.dirname, '../../../../tests/fixtures/debian-manuals')
const PAGES = ['libffi-introduction', 'libffi-the-basics', 'libffi-thread-safety', 'valgrind-quick-start']

let owner: string
let chatbotId: string
beforeAll(async () => {
	owner = (await prisma.user.create({ data: { email: `added-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	const form = ChatbotFormSchema.parse({
		name: 'Manuals',
		knowledgeBase: 'We answer questions about libffi.',
		systemPrompt: '',
	})
	;({
		chatbot: { id: chatbotId },
	} = await createChatbot(owner, form, 'http://localhost'))
	// The manual's pages, indexed as a crawl indexes them: each page's title, then its text.
	const site = await prisma.knowledgeSource.create({
		data: { chatbotId, kind: 'website', origin: 'http://127.0.0.1:8000/', status: 'ready' },
	})
	for (const name of PAGES) {
		const url = `http://127.0.0.1:8000/${name}.html`
		const { title, text } = pageContent(readFileSync(path.join(MANUALS, `${name}.html`), 'utf8'), url)
		const page = await prisma.knowledgePage.create({
			data: { sourceId: site.id, url, run: 1, status: 'indexed', title },
		})
		await replaceChunks(prisma, { chatbotId, sourceId: site.id, pageId: page.id }, `${title}\n\n${text}`, title)
	}
	await runTextIndexJobs()
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner } })
})

const ask = async (question: string) => {
	const chatbot = { ...DEFAULT_MODEL_CHOICE, answerModel: 'offline', id: chatbotId, name: 'Manuals', systemPrompt: '' }
	return answerChatbotQuestion(chatbot, [{ role: 'user', parts: [{ type: 'text', text: question }] }], {
		label: 'Test',
	})
}

test("the owner's answer to exactly the question a manual's section is headed with answers it", async () => {
	// Without it, the manual's own section answers.
	expect((await ask('What is libffi?')).text).toMatch(/portable, high level programming interface/)
	const answers = {
		'What is libffi?': 'libffi is a small C library that calls a function whose arguments are known only at run time.',
		'Is libffi thread safe?': 'Mostly: prepare each ffi_cif in one thread at a time and the rest is safe to share.',
		'What is Memcheck?': 'Memcheck is the Valgrind tool our team runs on every build to catch leaks and bad reads.',
	}
	for (const [question, answer] of Object.entries(answers))
		expect(await addAnswer(owner, chatbotId, { question, answer, messageIds: [] }, { maxChars: 1e6 })).toEqual({
			error: null,
		})
	await runTextIndexJobs()
	for (const [question, answer] of Object.entries(answers)) {
		const reply = await ask(question)
		expect(reply.text).toContain(answer)
		// The passage retrieval put first is the owner's question and answer, a passage of its own.
		expect(reply.passages[0]).toMatchObject({ url: null, excerpt: `${question} ${answer}` })
	}
	// The manual still answers what the owner did not.
	expect((await ask('What does cif stand for?')).text).toMatch(/Call InterFace/)
})

test('the owner\'s answer to a request that is no question ("Tell me about thread safety", a suggested test) answers it', async () => {
	const question = 'Tell me about thread safety'
	const answer = 'Prepare each ffi_cif in one thread; after that, calls through it may run in any thread.'
	expect((await ask(question)).text).not.toContain(answer)
	expect(await addAnswer(owner, chatbotId, { question, answer, messageIds: [] }, { maxChars: 1e6 })).toEqual({
		error: null,
	})
	await runTextIndexJobs()
	expect((await ask(question)).text).toContain(answer)
})

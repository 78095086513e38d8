// A chatbot answering through an LLM (the real @ai-sdk/groq code against a local OpenAI-compatible
// server): the prompt numbers the retrieved passages with their sources and asks for citations, the
// answer's "[n]" points at the n-th source listed with it, and a follow-up is rewritten by the model
// as a standalone question before the search (or searched with the earlier words when that fails).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { CITATION_INSTRUCTION, citedNumbers, passageHeader } from '~/ai/citations.ts'
import { readUiStream, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let reply: typeof import('~/features/chatbots/reply.server.ts')
let userId: string
let chatbot: import('~/features/chatbots/reply.server.ts').ChatbotForReply
const logged: string[] = []
/** What the fake model rewrites follow-ups to; 'hang' for no answer at all. */
let rewriteTo: string | 'hang' = 'How much does the Eagle cost?'

const filler = 'Prices include delivery anywhere in India and a one-year service plan. '.repeat(12)

beforeAll(async () => {
	fake = await startFakeOpenAi({
		respond: ({ system, lastUser }) => {
			if (system.includes('standalone question')) return rewriteTo
			if (lastUser.includes('scenario:cite')) return 'The Falcon costs 4,999 rupees [1], delivered free [3].'
			return undefined
		},
	})
	process.env.GROQ_API_KEY = 'test-key'
	process.env.GROQ_BASE_URL = fake.baseURL
	process.env.AI_REWRITE_TIMEOUT_MS = '400'
	vi.spyOn(console, 'error').mockImplementation((message) => void logged.push(String(message)))
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	reply = await import('~/features/chatbots/reply.server.ts')
	const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
	const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
	userId = (await prisma.user.create({ data: { email: `llm-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	const knowledgeBase = [
		`The Eagle widget costs 2,999 rupees. ${filler}`,
		`The Falcon widget costs 4,999 rupees. ${filler}`,
		'The Falcon has a titanium frame and a two-year warranty.',
	].join('\n\n')
	const created = await createChatbot(
		userId,
		ChatbotFormSchema.parse({ name: 'Shop', knowledgeBase, systemPrompt: 'Be brief.' }),
		'http://localhost',
	)
	const { runTextIndexJobs } = await import('../support/text-index-jobs.ts')
	await runTextIndexJobs()
	const { DEFAULT_MODEL_CHOICE } = await import('~/ai/models.server.ts')
	chatbot = { ...DEFAULT_MODEL_CHOICE, ...created.chatbot, systemPrompt: 'Be brief.' }
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.GROQ_API_KEY
	delete process.env.GROQ_BASE_URL
	delete process.env.AI_REWRITE_TIMEOUT_MS
	await prisma.user.delete({ where: { id: userId } })
	await fake.close()
})

const turn = (role: 'user' | 'assistant', text: string) => ({ role, parts: [{ type: 'text', text }] })
type Source = { excerpt: string; title: string | null }
const sourcesOf = (data: Array<{ type: string; data: unknown }>) =>
	(data.find((part) => part.type === 'data-sources')?.data ?? []) as Source[]

const ask = (messages: ReturnType<typeof turn>[]) =>
	reply.streamChatbotReply(chatbot, messages, { label: 'Test', withSources: true, errorText: 'Sorry' })

test('the prompt numbers the passages with their source; the answer’s [n] is the n-th source listed', async () => {
	const { text, data, errors } = await readUiStream(
		await ask([turn('user', 'scenario:cite What does the Falcon cost?')]),
	)
	expect(errors).toEqual([])
	const sources = sourcesOf(data)
	const { system } = fake.requests.at(-1)!
	// The owner's System Prompt first, in its own block; the product's text after it (ADR 0028).
	expect(system).toMatch(/^<instructions>\nBe brief\.\n<\/instructions>\n\nYou are "Shop"\./)
	expect(system).toContain(CITATION_INSTRUCTION)
	expect(system).toContain(`${passageHeader(1, 'Knowledge base')}\nThe Falcon widget costs 4,999 rupees.`)
	// Passage 1 of the prompt is source 1 of the list; [3] names no source listed, so it is no citation.
	expect(sources[0].excerpt).toMatch(/^The Falcon widget costs 4,999/)
	expect(sources.length).toBeLessThan(3)
	expect(citedNumbers(text, sources.length)).toEqual([1])
})

test('without sources shown the model is not asked to cite', async () => {
	await readUiStream(
		await reply.streamChatbotReply(chatbot, [turn('user', 'What does the Falcon cost?')], {
			label: 'Test',
			withSources: false,
			errorText: 'Sorry',
		}),
	)
	expect(fake.requests.at(-1)!.system).not.toContain(CITATION_INSTRUCTION)
	expect(fake.requests.at(-1)!.system).not.toContain('[1] Source:')
})

const followUp = [
	turn('user', 'Tell me about the Falcon.'),
	turn('assistant', 'The Falcon has a titanium frame.'),
	turn('user', 'How much does it cost?'),
]

test('a follow-up is rewritten by the model as a standalone question, and that is what is searched', async () => {
	rewriteTo = 'How much does the Eagle cost?'
	const before = fake.requests.length
	const { data } = await readUiStream(await ask(followUp))
	const rewrite = fake.requests.slice(before).find((request) => request.system.includes('standalone question'))
	expect(rewrite?.lastUser).toContain('Visitor: Tell me about the Falcon.')
	expect(rewrite?.lastUser).toContain('Visitor: How much does it cost?')
	// The model's rewrite (the Eagle, on purpose) decided the search, not the carried-forward words.
	expect(sourcesOf(data)[0].excerpt).toMatch(/^The Eagle widget costs 2,999/)
	// A question that stands alone is not rewritten.
	const count = fake.requests.length
	await readUiStream(
		await ask([...followUp, turn('assistant', 'It costs 4,999.'), turn('user', 'Where is your Pune office?')]),
	)
	expect(fake.requests.slice(count).some((request) => request.system.includes('standalone question'))).toBe(false)
})

test('a rewrite that does not come in time is logged, and the search carries the earlier words instead', async () => {
	rewriteTo = 'hang'
	const started = performance.now()
	const { data, errors } = await readUiStream(await ask(followUp))
	expect(performance.now() - started).toBeLessThan(5_000)
	expect(errors).toEqual([])
	expect(sourcesOf(data)[0].excerpt).toMatch(/^The Falcon widget costs 4,999/)
	expect(logged.some((line) => line.includes('rewriting a follow-up failed (no answer within 400 ms)'))).toBe(true)
})

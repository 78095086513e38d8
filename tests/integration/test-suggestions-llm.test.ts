// Suggested tests written by the connected model (ADR 0062), through the model layer's call (the real
// @ai-sdk/groq code against a local OpenAI-compatible server): the model is shown numbered passages
// of the knowledge the chatbot or voice assistant answers from and asked for questions with the words
// a right answer holds; what it writes is kept where the passage holds those words, and the page
// says the model made them. A model that fails, or has written its share this hour, leaves the
// offline suggestions, saying so; an assistant on the offline model never asks it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

let fake: FakeOpenAi
let answer: 'json' | 'prose' = 'json'
let app: Awaited<ReturnType<typeof loadApp>>
let owner: string

/** The app's modules, loaded once the server's model points at the fake (they read the environment). */
const loadApp = async () => ({
	...(await import('~/lib/db.server.ts')),
	...(await import('~/features/chatbots/test-sets/suggestions.server.ts')),
	...(await import('~/features/chatbots/test-sets/subject.ts')),
	...(await import('~/features/chatbots/chatbots.server.ts')),
	...(await import('~/features/chatbots/chatbot-schema.ts')),
	...(await import('~/features/chatbots/text-source.server.ts')),
})
const serverModel = () => ({ GROQ_API_KEY: 'test-key', GROQ_BASE_URL: fake.baseURL })

const SHOP = [
	'Repairs\n\nOur workshop in Pune repairs widgets within 48 hours.',
	'Delivery\n\nWe deliver across India in three to five working days.',
].join('\n\n')

const suggestionRequests = () => fake.requests.filter((request) => request.system.includes('You write test questions'))

beforeAll(async () => {
	fake = await startFakeOpenAi({
		respond: ({ system }) => {
			if (!system.includes('You write test questions')) return undefined
			if (answer === 'prose') return 'I would rather write a poem about widgets.'
			// The number of the passage that holds `words`, as a model reading the prompt would name it.
			const passage = (words: string) => {
				const parts = system.split(/^\[(\d+)\] Source: .*$/m)
				for (let i = 1; i < parts.length; i += 2) if (parts[i + 1].includes(words)) return Number(parts[i])
				return 1
			}
			return JSON.stringify([
				{ question: 'How quickly are widgets repaired?', expected: '48 hours', passage: passage('48 hours') },
				{
					question: 'How long does delivery take?',
					expected: 'three to five working days',
					passage: passage('three to five'),
				},
				// Words the passage does not hold: a test its own knowledge would fail. Dropped.
				{ question: 'Is delivery free?', expected: 'free above 999', passage: passage('three to five') },
			])
		},
	})
	Object.assign(process.env, serverModel())
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	app = await loadApp()
	owner = (await app.prisma.user.create({ data: { email: `suggest-${randomUUID()}@example.com`, passwordHash: 'x' } }))
		.id
})

afterAll(async () => {
	for (const name of Object.keys(serverModel())) delete process.env[name]
	vi.restoreAllMocks()
	await app.prisma.user.deleteMany({ where: { id: owner } })
	await fake.close()
})

/** A chatbot of the owner's whose typed text is indexed. */
async function indexedChatbot() {
	const form = app.ChatbotFormSchema.parse({ name: 'Shop', knowledgeBase: SHOP, systemPrompt: '' })
	const { chatbot } = await app.createChatbot(owner, form, 'http://localhost')
	await app.indexTextSource({ chatbotId: chatbot.id })
	return chatbot.id
}

test('the connected model writes the suggestions from numbered passages; those whose words are not in the passage are dropped', async () => {
	const { chatbotSubject, suggestedTests } = app
	const chatbotId = await indexedChatbot()
	const before = suggestionRequests().length
	const suggested = await suggestedTests(owner, chatbotSubject(chatbotId))
	expect(suggested).toEqual({
		byModel: true,
		madeBy: 'Suggested by Groq llama-3.1-8b-instant.',
		suggestions: [
			{ question: 'How quickly are widgets repaired?', expected: ['48 hours'], cite: null, mustDecline: false },
			{
				question: 'How long does delivery take?',
				expected: ['three to five working days'],
				cite: null,
				mustDecline: false,
			},
		],
	})
	const [request] = suggestionRequests().slice(before)
	expect(request.system).toContain('[1]')
	expect(request.system).toContain('within 48 hours')
	// Another user's chatbot has no suggestions for them, and the model is not asked.
	expect(await suggestedTests(randomUUID(), chatbotSubject(chatbotId))).toBeNull()
	expect(suggestionRequests().length).toBe(before + 1)
})

test("a voice assistant's suggestions come from the knowledge it answers from; a model that fails leaves the offline ones, saying so", async () => {
	const { agentSubject, suggestedTests, prisma } = app
	const chatbotId = await indexedChatbot()
	const agent = await prisma.agent.create({
		data: {
			userId: owner,
			name: 'Shop Line',
			instructions: 'Be brief.',
			firstMessage: 'Hi',
			knowledgeChatbotId: chatbotId,
		},
	})
	expect(await suggestedTests(owner, agentSubject(agent.id))).toMatchObject({
		byModel: true,
		suggestions: [expect.objectContaining({ question: 'How quickly are widgets repaired?' }), expect.anything()],
	})

	answer = 'prose'
	const fallback = await suggestedTests(owner, agentSubject(agent.id))
	answer = 'json'
	expect(fallback).toEqual({
		byModel: false,
		madeBy:
			'Groq llama-3.1-8b-instant could not write suggestions (its answer held no tests whose words are in the sources): these were made offline, from the headings and sentences of the sources.',
		// The knowledge is one short passage: its heading, and the figure of its first sentence.
		suggestions: [{ question: 'Tell me about Repairs', expected: ['48 hours'], cite: null, mustDecline: false }],
	})

	// On the offline model the model is never asked.
	await prisma.agent.update({ where: { id: agent.id }, data: { answerModel: 'offline' } })
	const before = suggestionRequests().length
	expect(await suggestedTests(owner, agentSubject(agent.id))).toMatchObject({
		byModel: false,
		madeBy: 'Suggested offline, from the headings and sentences of the sources.',
	})
	expect(suggestionRequests().length).toBe(before)
})

test('past its share of model suggestions in an hour, the account gets the offline ones, and when to try again', async () => {
	const { chatbotSubject, suggestedTests } = app
	const chatbotId = await indexedChatbot()
	await app.prisma.rateLimit.deleteMany({ where: { key: `test-suggestions:${owner}` } })
	for (let i = 0; i < 20; i++) expect((await suggestedTests(owner, chatbotSubject(chatbotId)))?.byModel).toBe(true)
	const before = suggestionRequests().length
	expect(await suggestedTests(owner, chatbotSubject(chatbotId))).toMatchObject({
		byModel: false,
		madeBy: expect.stringMatching(
			/^The model writes suggestions 20 times an hour: these were made offline\. Try the model again in \d+ minutes?\.$/,
		),
	})
	expect(suggestionRequests().length).toBe(before)
})

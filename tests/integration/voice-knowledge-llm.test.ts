// A voice assistant answering from knowledge through a connected model (the real @ai-sdk/groq code
// against a local OpenAI-compatible server), through the voice API's route (ADR 0054): the prompt
// holds its chatbot's (or its own) passages, numbered, with the citation rule; the reply comes back
// as written (cited, with its address), as spoken (neither), and with the cited sources. A chatbot
// that is not the agent owner's is never searched, whatever the row says.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { CITATION_INSTRUCTION, passageHeader } from '~/ai/citations.ts'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let message: (request: Request) => Promise<Response>
let start: (request: Request) => Promise<Response>
const userIds: string[] = []
let ip = 0

beforeAll(async () => {
	fake = await startFakeOpenAi({
		respond: ({ lastUser }) =>
			lastUser.includes('shipping')
				? 'Shipping to Pune costs $12 and takes 2-3 days [1]. Details: https://shop.example/shipping.'
				: undefined,
	})
	process.env.GROQ_API_KEY = 'test-key'
	process.env.GROQ_BASE_URL = fake.baseURL
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	const [startRoute, messageRoute] = await Promise.all([
		import('~/routes/api/voice-chat/start.ts'),
		import('~/routes/api/voice-chat/message.ts'),
	])
	start = (request) => startRoute.action({ request, params: {}, context: {} } as never) as Promise<Response>
	message = (request) => messageRoute.action({ request, params: {}, context: {} } as never) as Promise<Response>
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.GROQ_API_KEY
	delete process.env.GROQ_BASE_URL
	await prisma.user.deleteMany({ where: { id: { in: userIds } } })
	await fake.close()
})

async function newUser() {
	const user = await prisma.user.create({ data: { email: `voice-kb-${randomUUID()}@example.com`, passwordHash: 'x' } })
	userIds.push(user.id)
	return user.id
}

async function chatbotWith(userId: string, knowledgeBase: string) {
	const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
	const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
	const { chatbot } = await createChatbot(
		userId,
		ChatbotFormSchema.parse({ name: 'Shop', knowledgeBase, systemPrompt: 'Be brief.' }),
		'http://localhost',
	)
	return chatbot.id
}

const agentOf = (userId: string, knowledgeChatbotId: string | null = null) =>
	prisma.agent.create({
		data: { userId, name: 'Shop Line', instructions: 'Be brief.', firstMessage: 'Hello!', knowledgeChatbotId },
	})

/** One turn through the route, and the system prompt the model was given for it. */
async function ask(agentId: string, text: string) {
	// Its own range: voice-api.test.ts uses up 10.91.0.1's budget on purpose.
	const headers = { 'x-app-client-ip': `10.94.0.${ip++}` }
	const started = await start(
		new Request('http://localhost/api/voice-chat/start', {
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'application/json' },
			body: JSON.stringify({ agent_id: agentId }),
		}),
	)
	const { conversation_id } = (await started.json()) as { conversation_id: string }
	const form = new FormData()
	form.set('agent_id', agentId)
	form.set('conversation_id', conversation_id)
	form.set('text', text)
	const before = fake.requests.length
	const response = await message(
		new Request('http://localhost/api/voice-chat/message', { method: 'POST', headers, body: form }),
	)
	expect(response.status).toBe(200)
	const system = fake.requests.slice(before).findLast((request) => !request.system.includes('standalone'))?.system ?? ''
	return { body: (await response.json()) as { reply: string; spoken: string; sources: unknown[] }, system }
}

test("a connected model reads the chosen chatbot's passages, numbered, and is told to cite them", async () => {
	const userId = await newUser()
	const chatbotId = await chatbotWith(userId, 'Shipping to Pune costs 12 dollars and takes two to three days.')
	const { runTextIndexJobs } = await import('../support/text-index-jobs.ts')
	await runTextIndexJobs()
	const agent = await agentOf(userId, chatbotId)

	const { body, system } = await ask(agent.id, 'How much is shipping to Pune?')
	expect(system).toContain(passageHeader(1, 'Knowledge base'))
	expect(system).toContain('Shipping to Pune costs 12 dollars')
	expect(system).toContain(CITATION_INSTRUCTION)
	expect(body.reply).toBe('Shipping to Pune costs $12 and takes 2-3 days [1]. Details: https://shop.example/shipping.')
	expect(body.spoken).toBe(
		'Shipping to Pune costs 12 dollars and takes 2 to 3 days. Details: the link in the transcript.',
	)
	expect(body.sources).toEqual([{ number: 1, title: null, url: null }])
})

test("the assistant's own knowledge base answers the same way", async () => {
	const userId = await newUser()
	const agent = await agentOf(userId)
	const { saveAgentKnowledgeText } = await import('~/features/chatbots/agent-knowledge.server.ts')
	expect(await saveAgentKnowledgeText(userId, agent.id, 'Free shipping on orders over 500 rupees.')).toBe(true)
	const { runTextIndexJobs } = await import('../support/text-index-jobs.ts')
	await runTextIndexJobs()

	const { system } = await ask(agent.id, 'Is there free shipping?')
	expect(system).toContain('Free shipping on orders over 500 rupees.')
	// Another user cannot give this assistant knowledge.
	expect(await saveAgentKnowledgeText(await newUser(), agent.id, 'Hijacked')).toBe(false)
})

test("a chatbot of another user is never searched, even when the agent's row names it", async () => {
	const stranger = await newUser()
	const foreign = await chatbotWith(stranger, 'The vault code for shipping is 9931.')
	const { runTextIndexJobs } = await import('../support/text-index-jobs.ts')
	await runTextIndexJobs()
	const userId = await newUser()
	const { setAgentKnowledgeChatbot } = await import('~/features/voice/agents.server.ts')
	const agent = await agentOf(userId)
	expect(await setAgentKnowledgeChatbot(userId, agent.id, foreign)).toBe('not-found')
	// Written behind the app's back: the turn still does not search it.
	await prisma.agent.update({ where: { id: agent.id }, data: { knowledgeChatbotId: foreign } })
	const { system, body } = await ask(agent.id, 'What is the shipping vault code?')
	expect(system).not.toContain('9931')
	expect(body.sources).toEqual([])
})

// Issue 31: each chatbot and voice assistant answers with the model it chose. A connection stored
// with a sealed key (as the Models page stores it) is called through the real @ai-sdk/groq code
// against a local OpenAI-compatible server, with the chosen model and temperature; each turn records
// the model that answered; a failure is kept in words for the owner (on the row and the turn), and
// with the offline fallback the visitor gets the offline model's answer instead of the apology.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readUiStream, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

const KEY = 'sk-model-choice-0123456789-secret'
let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let reply: typeof import('~/features/chatbots/reply.server.ts')
let userId: string
let chatbotId: string
let connectionId: string
const logged: string[] = []

const KNOWLEDGE = 'Our shop in Pune opens at 9 am and closes at 7 pm, Monday to Saturday.'

beforeAll(async () => {
	fake = await startFakeOpenAi({ apiKey: KEY, models: ['fake-large', 'fake-small'] })
	process.env.AI_TIMEOUT_MS = '8000'
	vi.spyOn(console, 'error').mockImplementation((message) => void logged.push(String(message)))
	vi.spyOn(console, 'log').mockImplementation((message) => void logged.push(String(message)))
	;({ prisma } = await import('~/lib/db.server.ts'))
	reply = await import('~/features/chatbots/reply.server.ts')
	const { sealProviderKey, keyHint } = await import('~/features/models/providers.server.ts')
	const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
	const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
	const { runTextIndexJobs } = await import('../support/text-index-jobs.ts')
	userId = (await prisma.user.create({ data: { email: `models-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	connectionId = (
		await prisma.modelConnection.create({
			data: {
				purpose: 'chat',
				provider: 'openai-compatible',
				name: 'Local LLM',
				baseUrl: fake.baseURL,
				model: 'fake-large',
				models: ['fake-large', 'fake-small'],
				sealedKey: sealProviderKey(KEY),
				keyHint: keyHint(KEY),
			},
		})
	).id
	const created = await createChatbot(
		userId,
		ChatbotFormSchema.parse({ name: 'Shop', knowledgeBase: KNOWLEDGE, systemPrompt: 'Be brief.' }),
		'http://localhost',
	)
	chatbotId = created.chatbot.id
	await runTextIndexJobs()
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
	await prisma.modelConnection.deleteMany({ where: { id: connectionId } })
	await fake.close()
})

const ask = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text', text }] }]

async function choose(choice: Record<string, unknown>) {
	await prisma.chatbot.update({ where: { id: chatbotId }, data: choice })
	return prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
}

/** The preview's streamed answer, logged as a test conversation; its stored reply. */
async function previewTurn(question: string) {
	const chatbot = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
	const clientId = randomUUID()
	const stream = await readUiStream(
		await reply.streamChatbotReply(chatbot, ask(question), {
			label: 'Test',
			withSources: true,
			errorText: 'Sorry, something went wrong.',
			log: { chatbotId, kind: 'test', clientId, visitorId: userId, pageUrl: null, country: null, ipHash: null },
		}),
	)
	const stored = await prisma.chatbotMessage.findFirstOrThrow({
		where: { chatbotId, role: 'assistant', conversation: { clientId } },
	})
	return { stream, stored }
}

describe('a chatbot on a stored connection', () => {
	test('answers from the chosen model of the connection, at its temperature, and the turn names it', async () => {
		await choose({
			answerModel: 'connection',
			modelConnectionId: connectionId,
			modelName: 'fake-small',
			temperature: 0.2,
		})
		const before = fake.requests.length
		const { stream, stored } = await previewTurn('When does the shop open?')
		expect(stream.errors).toEqual([])
		expect(stream.text).toBe('Hello from the fake provider.')
		const sent = fake.requests.slice(before).at(-1)!
		expect(sent.model).toBe('fake-small')
		expect(sent.temperature).toBe(0.2)
		expect(stored.model).toBe('Local LLM fake-small')
		expect(stored.modelError).toBeNull()
	})

	test('a refused key: the visitor gets the apology; the owner sees why, on the chatbot and on the turn', async () => {
		await prisma.modelConnection.update({
			where: { id: connectionId },
			data: { sealedKey: (await import('~/features/models/providers.server.ts')).sealProviderKey('sk-wrong') },
		})
		const { stream, stored } = await previewTurn('When does the shop open?')
		expect(stream.errors).toEqual(['Sorry, something went wrong.'])
		expect(stored.modelError).toBe('The provider refused the key (HTTP 401).')
		expect(stored.model).toBe('Local LLM fake-small')
		const chatbot = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
		expect(chatbot.modelFailure).toBe('The provider refused the key (HTTP 401).')
		expect(chatbot.modelFailureAt).not.toBeNull()
		// The key is in no log line.
		expect(logged.join('\n')).not.toContain('sk-wrong')
		expect(logged.join('\n')).not.toContain(KEY)
	})

	test('with the offline fallback, the offline model answers while the provider refuses, and says so', async () => {
		await choose({ offlineFallback: true })
		const { stream, stored } = await previewTurn('When does the shop open?')
		expect(stream.errors).toEqual([])
		expect(stream.text).toContain('9 am')
		expect(stored.model).toBe('Offline model')
		expect(stored.modelError).toBe('The provider refused the key (HTTP 401).')
		await prisma.chatbot.update({ where: { id: chatbotId }, data: { modelFailure: null, modelFailureAt: null } })
		await previewTurn('When does the shop open?')
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })).modelFailure).toBe(
			'The provider refused the key (HTTP 401).',
		)
		// The no-JavaScript preview's whole answer takes the same path.
		const chatbot = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
		const whole = await reply.answerChatbotQuestion(chatbot, ask('When does the shop open?'), { label: 'Test' })
		expect(whole.text).toContain('9 am')
		expect(whole.model.label).toBe('Offline model')
		expect(whole.failure).toBe('The provider refused the key (HTTP 401).')
	})

	test('once the key is right again, the next answer clears the failure shown to the owner', async () => {
		const { sealProviderKey } = await import('~/features/models/providers.server.ts')
		await prisma.modelConnection.update({ where: { id: connectionId }, data: { sealedKey: sealProviderKey(KEY) } })
		const { stored } = await previewTurn('When does the shop open?')
		expect(stored.model).toBe('Local LLM fake-small')
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })).modelFailure).toBeNull()
	})

	test('a key sealed under another server secret is a failure in words, not a crash', async () => {
		const { sealSecret } = await import('~/lib/secret-box.server.ts')
		await prisma.modelConnection.update({
			where: { id: connectionId },
			data: { sealedKey: sealSecret(KEY, 'model-provider-key', 'another-server-secret-0123456789') },
		})
		await choose({ offlineFallback: false })
		const { stream, stored } = await previewTurn('When does the shop open?')
		expect(stream.errors).toEqual(['Sorry, something went wrong.'])
		expect(stored.modelError).toMatch(/cannot be read: the server’s secret has changed/)
		const { sealProviderKey } = await import('~/features/models/providers.server.ts')
		await prisma.modelConnection.update({ where: { id: connectionId }, data: { sealedKey: sealProviderKey(KEY) } })
	})

	test('"Offline model" chosen: no request reaches the provider', async () => {
		await choose({ answerModel: 'offline', modelConnectionId: null, modelName: null })
		const before = fake.requests.length
		const { stream, stored } = await previewTurn('When does the shop open?')
		expect(stream.text).toContain('9 am')
		expect(stored.model).toBe('Offline model')
		expect(fake.requests.length).toBe(before)
	})

	test('removing the connection puts its chatbots back on the server default', async () => {
		await choose({ answerModel: 'connection', modelConnectionId: connectionId, modelName: 'fake-large' })
		const { removeConnection } = await import('~/features/models/models.server.ts')
		const extra = await prisma.modelConnection.create({
			data: { ...(await prisma.modelConnection.findUniqueOrThrow({ where: { id: connectionId } })), id: undefined },
		})
		await choose({ modelConnectionId: extra.id })
		expect(await removeConnection({ id: userId, email: 'admin@example.com' }, extra.id)).toEqual({
			name: 'Local LLM',
			chatbots: 1,
			agents: 0,
			users: 1,
		})
		const chatbot = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })
		expect(chatbot).toMatchObject({ answerModel: 'default', modelConnectionId: null, modelName: null })
	})
})

describe('the Model form', () => {
	test('saves a connected model for the owner only; a model the connection does not offer is refused', async () => {
		const { saveModelChoice } = await import('~/features/models/model-choice.server.ts')
		const { ModelChoiceSchema } = await import('~/features/models/model-choice-schema.ts')
		const input = ModelChoiceSchema.parse({
			intent: 'save-model',
			model: `connection:${connectionId}:fake-large`,
			temperature: '1.3',
			offlineFallback: 'on',
		})
		const stranger = (
			await prisma.user.create({ data: { email: `other-${randomUUID()}@example.com`, passwordHash: 'x' } })
		).id
		expect(await saveModelChoice({ kind: 'chatbot', id: chatbotId, userId: stranger }, input)).toEqual({
			kind: 'not-found',
		})
		await prisma.user.delete({ where: { id: stranger } })
		expect(await saveModelChoice({ kind: 'chatbot', id: chatbotId, userId }, input)).toEqual({
			kind: 'saved',
			current: { kind: 'llm', label: 'Local LLM fake-large' },
		})
		expect(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })).toMatchObject({
			answerModel: 'connection',
			modelConnectionId: connectionId,
			modelName: 'fake-large',
			temperature: 1.3,
			offlineFallback: true,
		})
		const unknown = { ...input, model: `connection:${connectionId}:gpt-unlisted` }
		expect(await saveModelChoice({ kind: 'chatbot', id: chatbotId, userId }, unknown)).toEqual({
			kind: 'unknown-model',
		})
		expect(ModelChoiceSchema.safeParse({ ...input, temperature: '2.5' }).success).toBe(false)
		expect(ModelChoiceSchema.safeParse({ ...input, temperature: '-1' }).success).toBe(false)
		expect(ModelChoiceSchema.safeParse({ ...input, model: 'connection:not-an-id' }).success).toBe(false)
	})
})

describe('a voice assistant on a stored connection', () => {
	test('each turn records the model that answered; a failure with the fallback is answered offline, in words', async () => {
		const { startConversation, sendVoiceMessage } = await import('~/features/voice/conversations.server.ts')
		const agent = await prisma.agent.create({
			data: {
				userId,
				name: 'Desk',
				description: 'We are open from 9 am to 6 pm.',
				instructions: 'Be warm.',
				firstMessage: 'Hello!',
				answerModel: 'connection',
				modelConnectionId: connectionId,
				modelName: 'fake-large',
			},
		})
		const call = await startConversation({ agent_id: agent.id })
		const signal = new AbortController().signal
		const first = await sendVoiceMessage({
			agent_id: agent.id,
			conversation_id: call.conversation_id,
			text: 'When are you open?',
			audio: null,
			signal,
		})
		expect(first.reply).toBe('Hello from the fake provider.')
		const { sealProviderKey } = await import('~/features/models/providers.server.ts')
		await prisma.modelConnection.update({ where: { id: connectionId }, data: { sealedKey: sealProviderKey('sk-bad') } })
		await prisma.agent.update({ where: { id: agent.id }, data: { offlineFallback: true } })
		const second = await sendVoiceMessage({
			agent_id: agent.id,
			conversation_id: call.conversation_id,
			text: 'When are you open?',
			audio: null,
			signal,
			messageId: 'turn-2',
		})
		expect(second.reply).toContain('9 am')
		const turns = await prisma.voiceMessage.findMany({
			where: { conversationId: call.conversation_id },
			orderBy: { createdAt: 'asc' },
		})
		expect(turns.map((turn) => [turn.model, turn.modelError])).toEqual([
			['Local LLM fake-large', null],
			['Offline model', 'The provider refused the key (HTTP 401).'],
		])
		expect((await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).modelFailure).toBe(
			'The provider refused the key (HTTP 401).',
		)
		await prisma.modelConnection.update({ where: { id: connectionId }, data: { sealedKey: sealProviderKey(KEY) } })
	})
})

describe('speech-to-text from a stored connection', () => {
	test('the newest stored connection transcribes, with its own key, before the environment', async () => {
		const { transcriptionProvider, transcribeAudio } = await import('~/features/voice/transcribe.server.ts')
		const { sealProviderKey } = await import('~/features/models/providers.server.ts')
		const { makeWav } = await import('../support/wav.ts')
		const stored = await prisma.modelConnection.create({
			data: {
				purpose: 'transcription',
				provider: 'openai-compatible',
				name: 'Local Whisper',
				baseUrl: fake.baseURL,
				model: 'whisper-fake',
				sealedKey: sealProviderKey(KEY),
				keyHint: 'sk-m…cret',
			},
		})
		try {
			const settings = await transcriptionProvider()
			expect(settings).toEqual({
				apiKey: KEY,
				baseURL: fake.baseURL,
				model: 'whisper-fake',
				// Named to the owner as the connection it is (the voice test says which speech-to-text is in use).
				connection: 'Local Whisper',
				provider: expect.any(String),
			})
			const before = fake.transcriptions.length
			expect(await transcribeAudio(settings!, makeWav(0.5), 'en')).toBe('What are your opening hours?')
			expect(fake.transcriptions.slice(before)).toEqual([expect.objectContaining({ model: 'whisper-fake' })])
		} finally {
			await prisma.modelConnection.delete({ where: { id: stored.id } })
		}
	})
})

describe('hostile "Save model" posts on the chatbot page', () => {
	test('each gets a 400 with the reason, and the saved choice stays as it was', async () => {
		const { chatbotPageAction } = await import('~/routes/playground/chatbots/chatbot-page-actions.server.ts')
		await choose({ answerModel: 'offline', modelConnectionId: null, modelName: null, temperature: 0.5 })
		const post = (fields: Record<string, string>) =>
			chatbotPageAction(
				new Request(`http://localhost/playground/chatbots/${chatbotId}`, {
					method: 'POST',
					body: new URLSearchParams({ intent: 'save-model', ...fields }),
				}),
				userId,
				chatbotId,
			)
		const hostile: Array<[Record<string, string>, string]> = [
			[{ model: `connection:${randomUUID()}:fake-large`, temperature: '0.7' }, 'That model is no longer connected.'],
			[{ model: `connection:${connectionId}:`, temperature: '0.7' }, 'Choose a model from the list.'],
			[{ model: `connection:${connectionId}:${'x'.repeat(300)}`, temperature: '0.7' }, 'Choose a model from the list.'],
			[{ model: 'gpt-4', temperature: '0.7' }, 'Choose a model from the list.'],
			[{ model: 'default', temperature: 'NaN' }, 'Enter a temperature from 0 to 2.'],
			[{ model: 'default', temperature: '1e3' }, 'Enter a temperature from 0 to 2.'],
			[{ model: 'default', temperature: '' }, 'Enter a temperature from 0 to 2.'],
			[{ temperature: '0.7' }, ''],
		]
		for (const [fields, message] of hostile) {
			const answer = (await post(fields)) as { data: { modelErrors: Record<string, string> }; init: { status: number } }
			expect(answer.init?.status, JSON.stringify(fields).slice(0, 80)).toBe(400)
			expect(Object.values(answer.data.modelErrors)[0]).toContain(message)
		}
		expect(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })).toMatchObject({
			answerModel: 'offline',
			temperature: 0.5,
		})
		const saved = await post({ model: 'default', temperature: '0.9', offlineFallback: 'on' })
		expect(saved).toBeInstanceOf(Response)
		expect((saved as Response).headers.get('Location')).toBe(`/playground/chatbots/${chatbotId}/settings`)
		expect(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })).toMatchObject({
			answerModel: 'default',
			temperature: 0.9,
			offlineFallback: true,
		})
	})
})

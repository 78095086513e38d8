// The Models page's data layer against the real database and a real local OpenAI-compatible
// server: a connection is stored with its key sealed (never in a row, a listing or a log line),
// changed, tested (its result and offered models kept on it), and removed (who used it goes back to
// the server's default). A key sealed under another server secret is told, not thrown.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { PROVIDER_KEY_CONTEXT } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { clearRateLimits } from '~/lib/rate-limit.server.ts'
import { sealSecret } from '~/lib/secret-box.server.ts'
import { startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/fake-openai-server.ts'
import { ConnectProviderSchema, UpdateConnectionSchema } from './model-schema.ts'
import { chargeConnectionTest } from './models-limits.server.ts'
import {
	connectProvider,
	MAX_STORED_CONNECTIONS,
	modelConnections,
	removeConnection,
	testModelConnection,
	updateConnection,
} from './models.server.ts'

const KEY = `sk-models-server-${randomUUID()}`
const OTHER_KEY = `sk-models-other-${randomUUID()}`
const logged: string[] = []
let fake: FakeOpenAi
let admin: { id: string; email: string }

const connectInput = (over: Record<string, string> = {}) =>
	ConnectProviderSchema.parse({
		intent: 'connect',
		purpose: 'chat',
		provider: 'openai-compatible',
		baseUrl: fake.baseURL,
		apiKey: KEY,
		model: 'fake-model',
		name: 'Local fake',
		...over,
	})

/** A Change form as the page posts it (unset fields empty). */
const change = (connectionId: string, over: Record<string, string> = {}) =>
	UpdateConnectionSchema.parse({ intent: 'update', connectionId, name: '', model: '', apiKey: '', ...over })

async function connected(over: Record<string, string> = {}) {
	const answer = await connectProvider(admin, connectInput(over))
	if (answer.kind !== 'connected') throw new Error('not connected')
	return answer.connection.id!
}

beforeAll(async () => {
	fake = await startFakeOpenAi({ apiKey: KEY, models: ['fake-model', 'fake-model-large'] })
	vi.spyOn(console, 'log').mockImplementation((...parts) => void logged.push(parts.map(String).join(' ')))
	const email = `admin-${randomUUID()}@example.com`
	admin = { id: (await prisma.user.create({ data: { email, passwordHash: 'x' } })).id, email }
})
beforeEach(async () => {
	await prisma.modelConnection.deleteMany({})
	await clearRateLimits([`models:test:${admin.id}`])
})
afterAll(async () => {
	await prisma.modelConnection.deleteMany({})
	await fake.close()
	vi.restoreAllMocks()
})

describe('connecting', () => {
	test('a speech-to-text or speech connection without a model names the model the voice API asks for; a chat one none', async () => {
		await connected({ purpose: 'transcription', model: '' })
		await connected({ purpose: 'speech', provider: 'openai', baseUrl: '', model: '' })
		await connected({ purpose: 'chat', model: '' })
		const { stored, voiceAssistants } = await modelConnections()
		expect(stored.map((c) => [c.purpose, c.defaultModel])).toEqual([
			['transcription', 'whisper-large-v3-turbo'],
			['speech', 'tts-1'],
			['chat', null],
		])
		expect(voiceAssistants).toBe(await prisma.agent.count())
	})

	test('stores the key sealed, shows its ends only, and logs the change without it', async () => {
		const id = await connected()
		const row = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ purpose: 'chat', provider: 'openai-compatible', baseUrl: fake.baseURL })
		expect(row.sealedKey).toMatch(/^v1\./)
		expect(row.sealedKey).not.toContain(KEY.slice(4, -4))
		expect(row.keyHint).toBe(`${KEY.slice(0, 4)}…${KEY.slice(-4)}`)
		const { stored } = await modelConnections()
		expect(stored).toHaveLength(1)
		expect(stored[0]).toMatchObject({ id, name: 'Local fake', keyReadable: true, usedBy: { chatbots: 0, agents: 0 } })
		expect(JSON.stringify(stored)).not.toContain(KEY)
		expect(JSON.stringify(stored)).not.toContain(row.sealedKey)
		expect(logged.some((line) => line.includes(`${admin.email} connected chat provider “Local fake”`))).toBe(true)
		expect(logged.join('\n')).not.toContain(KEY)
	})

	test('Groq and OpenAI keep their own address whatever was posted; no name: the provider’s', async () => {
		const id = await connected({ provider: 'groq', baseUrl: 'http://127.0.0.1:1/v1', name: '' })
		const row = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ baseUrl: 'https://api.groq.com/openai/v1', name: 'Groq' })
	})

	test('a local server may take no key: nothing is sealed, the card says "no key"', async () => {
		const id = await connected({ apiKey: '' })
		const row = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ sealedKey: '', keyHint: 'no key' })
		expect((await modelConnections()).stored[0].keyReadable).toBe(true)
	})

	test(`at most ${MAX_STORED_CONNECTIONS} connections`, async () => {
		await prisma.modelConnection.createMany({
			data: Array.from({ length: MAX_STORED_CONNECTIONS }, (_, i) => ({
				purpose: 'chat',
				provider: 'openai-compatible',
				name: `Filler ${i}`,
				baseUrl: fake.baseURL,
				sealedKey: '',
				keyHint: 'no key',
			})),
		})
		expect(await connectProvider(admin, connectInput())).toEqual({ kind: 'too-many' })
	})
})

describe('changing', () => {
	test('an empty key keeps the stored one; a new key is sealed and its last test forgotten', async () => {
		const id = await connected()
		await testModelConnection(admin, { connectionId: id })
		const before = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(before.lastOutcome).toBe('reached')

		await updateConnection(admin, change(id, { name: 'Renamed', model: 'fake-model' }))
		const kept = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(kept).toMatchObject({ name: 'Renamed', sealedKey: before.sealedKey, lastOutcome: 'reached' })

		const shown = await updateConnection(admin, change(id, { name: 'Renamed', model: 'fake-model', apiKey: OTHER_KEY }))
		expect(shown).toMatchObject({ keyHint: `${OTHER_KEY.slice(0, 4)}…${OTHER_KEY.slice(-4)}`, lastTest: null })
		const changed = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(changed.sealedKey).not.toBe(before.sealedKey)
		expect(changed.lastOutcome).toBeNull()
		// The offered models stay to choose from until the next test.
		expect(changed.models).toEqual(['fake-model', 'fake-model-large'])
		expect(logged.join('\n')).not.toContain(OTHER_KEY)
	})

	test('a name left empty goes back to the provider’s; another model forgets the last test', async () => {
		const id = await connected()
		await testModelConnection(admin, { connectionId: id })
		await updateConnection(admin, change(id, { model: 'fake-model-large' }))
		const row = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ name: 'OpenAI-compatible server', model: 'fake-model-large', lastOutcome: null })
	})

	test('an unknown connection changes nothing', async () => {
		expect(await updateConnection(admin, change(randomUUID(), { name: 'x' }))).toBeNull()
	})
})

describe('testing', () => {
	test('a stored connection’s result and offered models are kept on it', async () => {
		const id = await connected()
		const answer = await testModelConnection(admin, { connectionId: id })
		expect(answer).toMatchObject({ kind: 'tested', target: id, result: { outcome: 'reached' } })
		const [shown] = (await modelConnections()).stored
		expect(shown.models).toEqual(['fake-model', 'fake-model-large'])
		expect(shown.lastTest).toMatchObject({ outcome: 'reached' })
		expect(shown.lastTest!.message).toMatch(/^Reached OpenAI-compatible server in \d+ ms: fake-model answered\.$/)
	})

	test('a wrong key is refused in words; the models listed before stay', async () => {
		const id = await connected()
		await testModelConnection(admin, { connectionId: id })
		await updateConnection(admin, change(id, { model: 'fake-model', apiKey: OTHER_KEY }))
		const answer = await testModelConnection(admin, { connectionId: id })
		expect(answer).toMatchObject({
			kind: 'tested',
			result: { outcome: 'refused-key', message: 'The provider refused the key (HTTP 401).' },
		})
		const row = await prisma.modelConnection.findUniqueOrThrow({ where: { id } })
		expect(row).toMatchObject({ lastOutcome: 'refused-key', models: ['fake-model', 'fake-model-large'] })
		expect(logged.join('\n')).not.toContain(OTHER_KEY)
	})

	test('a key sealed under another server secret is told on the page and by the test', async () => {
		const id = await connected()
		await prisma.modelConnection.update({
			where: { id },
			data: { sealedKey: sealSecret(KEY, PROVIDER_KEY_CONTEXT, 'another-server-secret-0123456789abcdef0123') },
		})
		expect((await modelConnections()).stored[0].keyReadable).toBe(false)
		expect(await testModelConnection(admin, { connectionId: id })).toEqual({ kind: 'key-unreadable', target: id })
		// Entered again, it opens.
		await updateConnection(admin, change(id, { model: 'fake-model', apiKey: KEY }))
		expect((await modelConnections()).stored[0].keyReadable).toBe(true)
	})

	test('an unknown connection is not connected; too many tests are refused before calling', async () => {
		const unknown = randomUUID()
		expect(await testModelConnection(admin, { connectionId: unknown })).toEqual({
			kind: 'not-connected',
			target: unknown,
		})
		const id = await connected()
		for (let i = 0; i < 20; i++) await chargeConnectionTest(admin.id)
		const before = fake.requests.length
		expect(await testModelConnection(admin, { connectionId: id })).toMatchObject({ kind: 'rate-limited' })
		expect(fake.requests.length).toBe(before)
	})
})

describe('removing', () => {
	test('the chatbots and voice assistants that used it go back to the server’s default, and are counted', async () => {
		const id = await connected()
		const userId = admin.id
		const chatbot = await prisma.chatbot.create({
			data: {
				userId,
				name: 'Uses it',
				knowledgeBase: '',
				systemPrompt: '',
				answerModel: 'connection',
				modelConnectionId: id,
				modelName: 'fake-model',
			},
		})
		const agents = await Promise.all(
			[1, 2].map((n) =>
				prisma.agent.create({
					data: {
						userId,
						name: `Agent ${n}`,
						instructions: '',
						firstMessage: 'Hello',
						answerModel: 'connection',
						modelConnectionId: id,
						modelName: 'fake-model',
					},
				}),
			),
		)
		expect((await modelConnections()).stored[0].usedBy).toEqual({ chatbots: 1, agents: 2 })
		expect(await removeConnection(admin, id)).toEqual({ name: 'Local fake', chatbots: 1, agents: 2, users: 3 })
		expect(await prisma.modelConnection.findUnique({ where: { id } })).toBeNull()
		expect(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).toMatchObject({
			answerModel: 'default',
			modelConnectionId: null,
			modelName: null,
		})
		for (const agent of agents)
			expect(await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({
				answerModel: 'default',
				modelConnectionId: null,
			})
		expect(logged.some((line) => line.includes('removed chat provider “Local fake”'))).toBe(true)
		expect(await removeConnection(admin, id)).toBeNull()
	})
})

// Issue 32, "the chosen voice speaks": POST /api/voice-chat/speech through its route action with
// plain Requests, against a local fake /audio/speech that answers real espeak-ng audio. Without a
// speech endpoint it answers 501 (the client then uses the browser's voice); with one, the audio
// bytes in the agent's voice; a refused key is a 502 in words without the key; and the conversation
// rules of the other voice routes hold.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

const KEY = 'sk-speech-right-0123456789-secret'
const WRONG_KEY = 'sk-speech-wrong-9876543210-secret'
let fake: FakeOpenAi
let locked: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let speechAction: (request: Request) => Promise<Response>
let startAction: (request: Request) => Promise<Response>
let endAction: (request: Request) => Promise<Response>
let voiceProviders: typeof import('~/features/voice/speech.server.ts').voiceProviders
let seal: (key: string) => string
let userId: string
let agentId: string
const logged: string[] = []
let ip = 0

beforeAll(async () => {
	fake = await startFakeOpenAi()
	locked = await startFakeOpenAi({ apiKey: KEY })
	process.env.AI_TIMEOUT_MS = '2000'
	vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	;({ voiceProviders } = await import('~/features/voice/speech.server.ts'))
	const { sealProviderKey } = await import('~/ai/models.server.ts')
	seal = sealProviderKey
	const route = (module: { action: (args: never) => unknown }) => (request: Request) =>
		module.action({ request, params: {}, context: {} } as never) as Promise<Response>
	speechAction = route(await import('~/routes/api/voice-chat/speech.ts'))
	startAction = route(await import('~/routes/api/voice-chat/start.ts'))
	endAction = route(await import('~/routes/api/voice-chat/end.ts'))
	userId = (await prisma.user.create({ data: { email: `speech-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	agentId = (
		await prisma.agent.create({
			data: {
				userId,
				name: 'Front Desk',
				description: 'Open 9 to 6.',
				instructions: 'Be brief.',
				// What /speech may say in these tests: the greeting's sentences (ADR 0060).
				firstMessage: 'Hello. We open at nine. Deep voice, please.',
				voiceId: 'onyx',
			},
		})
	).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.modelConnection.deleteMany({ where: { purpose: 'speech' } })
	await prisma.user.delete({ where: { id: userId } })
	await fake.close()
	await locked.close()
})

beforeEach(async () => {
	await prisma.modelConnection.deleteMany({ where: { purpose: 'speech' } })
	logged.length = 0
})

const post = (path: string, body: unknown) =>
	new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'x-app-client-ip': `10.97.${ip >> 8}.${ip++ & 255}` },
		body: JSON.stringify(body),
	})
const speak = (body: unknown) => speechAction(post('/api/voice-chat/speech', body))

async function startCall() {
	const response = await startAction(post('/api/voice-chat/start', { agent_id: agentId }))
	return ((await response.json()) as { conversation_id: string }).conversation_id
}

const connect = (data: { provider: string; baseUrl: string; key?: string; name?: string; model?: string }) =>
	prisma.modelConnection.create({
		data: {
			purpose: 'speech',
			provider: data.provider,
			name: data.name ?? 'Speech box',
			baseUrl: data.baseUrl,
			model: data.model ?? null,
			sealedKey: data.key ? seal(data.key) : '',
			keyHint: 'sk-…',
		},
	})

test('no speech endpoint: 501 in words, and the dialog is told the server has none (the browser names its own voice)', async () => {
	const conversation = await startCall()
	const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'We open at nine.' })
	expect(response.status).toBe(501)
	expect(((await response.json()) as { error: string }).error).toMatch(/No speech endpoint is configured/)
	expect(fake.speeches).toHaveLength(0)
	expect(await voiceProviders('onyx')).toMatchObject({ speech: null, serverSpeech: false })
})

test('a stored local server speaks the text in the agent’s voice: real audio, its type from the provider', async () => {
	await connect({ provider: 'openai-compatible', baseUrl: fake.baseURL, name: 'Kokoro' })
	const conversation = await startCall()
	const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'We open at nine.' })
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('audio/wav')
	const audio = new Uint8Array(await response.arrayBuffer())
	expect(new TextDecoder().decode(audio.slice(0, 4))).toBe('RIFF')
	// espeak-ng's words: far more than the 44-byte header of an empty file.
	expect(audio.byteLength).toBeGreaterThan(10_000)
	expect(fake.speeches.at(-1)).toEqual({
		input: 'We open at nine.',
		voice: 'onyx',
		model: 'tts-1',
		responseFormat: null,
	})
	expect((await voiceProviders('onyx')).speech).toBe('tts-1 on a speech server, voice onyx (connection “Kokoro”)')
})

test('the newest speech connection of OpenAI’s shape is the one used; Groq gets its own voice names', async () => {
	await connect({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', name: 'Old one' })
	await connect({ provider: 'elevenlabs', baseUrl: 'https://api.elevenlabs.io', key: 'el-key', name: 'ElevenLabs' })
	await connect({ provider: 'groq', baseUrl: fake.baseURL, key: KEY, name: 'Team Groq' })
	const conversation = await startCall()
	const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'Deep voice, please.' })
	expect(response.status).toBe(200)
	expect(fake.speeches.at(-1)).toEqual({
		input: 'Deep voice, please.',
		voice: 'troy',
		model: 'canopylabs/orpheus-v1-english',
		responseFormat: 'wav',
	})
	expect((await voiceProviders('onyx')).speech).toBe(
		'Groq canopylabs/orpheus-v1-english, voice troy (connection “Team Groq”)',
	)
})

test('a refused key is a 502 in words, the key in neither the answer nor the log', async () => {
	await connect({ provider: 'openai', baseUrl: locked.baseURL, key: WRONG_KEY, name: 'OpenAI' })
	const conversation = await startCall()
	const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'Hello.' })
	expect(response.status).toBe(502)
	const { error } = (await response.json()) as { error: string }
	expect(error).toBe('The speech service failed: The provider refused the key (HTTP 401).')
	expect(logged.join('\n')).toMatch(/speech from “OpenAI” failed/)
	expect(`${error}\n${logged.join('\n')}`).not.toContain(WRONG_KEY)
})

test('a provider slower than the time limit: a 502 saying so, not a hung request', async () => {
	await connect({ provider: 'openai-compatible', baseUrl: fake.baseURL, name: 'Slow box' })
	const { getEnv } = await import('~/lib/env.server.ts')
	fake.speech.delayMs = getEnv().AI_TIMEOUT_MS + 2000
	try {
		const conversation = await startCall()
		const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'Hello.' })
		expect(response.status).toBe(502)
		expect(((await response.json()) as { error: string }).error).toMatch(/No answer within 2 seconds from “Slow box”/)
	} finally {
		fake.speech.delayMs = 0
	}
}, 20_000)

describe('the conversation rules of the other voice routes', () => {
	beforeEach(async () => {
		await connect({ provider: 'openai-compatible', baseUrl: fake.baseURL })
	})

	test('an unknown conversation is a 404, an unknown agent too', async () => {
		const unknown = await speak({ agent_id: agentId, conversation_id: randomUUID(), text: 'Hello.' })
		expect(unknown.status).toBe(404)
		const conversation = await startCall()
		const noAgent = await speak({ agent_id: randomUUID(), conversation_id: conversation, text: 'Hello.' })
		expect(noAgent.status).toBe(404)
	})

	test('an ended conversation is a 409', async () => {
		const conversation = await startCall()
		await endAction(post('/api/voice-chat/end', { agent_id: agentId, conversation_id: conversation }))
		const response = await speak({ agent_id: agentId, conversation_id: conversation, text: 'Hello.' })
		expect(response.status).toBe(409)
	})

	test('text over 600 characters, or none, is a 400; a huge body a 413; all before the provider is called', async () => {
		const conversation = await startCall()
		const before = fake.speeches.length
		const long = await speak({ agent_id: agentId, conversation_id: conversation, text: 'a'.repeat(601) })
		expect(long.status).toBe(400)
		expect(((await long.json()) as { error: string }).error).toBe('text is limited to 600 characters.')
		expect((await speak({ agent_id: agentId, conversation_id: conversation, text: ' ' })).status).toBe(400)
		const huge = await speak({ agent_id: agentId, conversation_id: conversation, text: 'a'.repeat(20_000) })
		expect(huge.status).toBe(413)
		expect(fake.speeches.length).toBe(before)
	})
})

// "Test" against real HTTP: the project's fake OpenAI-compatible server, a server that never
// answers, and a closed port.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/fake-openai-server.ts'
import { testConnection } from './connection-test.server.ts'
import type { ProviderTarget } from './providers.server.ts'

let fake: FakeOpenAi
let silent: http.Server
let silentUrl: string
const KEY = 'gsk_test_0123456789abcdef1a2b'

beforeAll(async () => {
	fake = await startFakeOpenAi({ apiKey: KEY, models: ['fake-model', 'whisper-large-v3-turbo'] })
	silent = http.createServer(() => {}) // takes the request, never answers
	await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
	silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`
})
afterAll(async () => {
	await fake.close()
	silent.closeAllConnections()
	await new Promise((resolve) => silent.close(resolve))
})

const chat = (over: Partial<ProviderTarget> = {}): ProviderTarget => ({
	id: null,
	name: 'Local',
	models: [],
	lastTest: null,
	purpose: 'chat',
	api: 'openai-compatible',
	provider: 'OpenAI-compatible server',
	baseUrl: fake.baseURL,
	model: 'fake-model',
	keyHint: 'gsk_…1a2b',
	origin: 'environment',
	apiKey: KEY,
	...over,
})

test('a working chat connection is reached, its model answers, and its models are listed', async () => {
	const before = fake.requests.length
	const result = await testConnection(chat())
	expect(result).toMatchObject({ outcome: 'reached', models: ['fake-model', 'whisper-large-v3-turbo'] })
	expect(result.message).toMatch(/^Reached OpenAI-compatible server in \d+ ms: fake-model answered\.$/)
	// The model itself was asked (one small request).
	expect(fake.requests.length).toBe(before + 1)
})

test('a wrong key is told as refused, without the key', async () => {
	const result = await testConnection(chat({ apiKey: 'gsk_wrong_key_000000000000' }))
	expect(result.outcome).toBe('refused-key')
	expect(result.message).toBe('The provider refused the key (HTTP 401).')
	expect(result.message).not.toContain('gsk_wrong')
})

test('a model the provider does not offer is named', async () => {
	const result = await testConnection(chat({ model: 'llama-9000' }))
	expect(result).toMatchObject({
		outcome: 'unknown-model',
		message: 'The provider does not offer the model “llama-9000”.',
	})
	// The list to choose from still comes back.
	expect(result.models).toContain('fake-model')
})

test('speech-to-text transcribes a second of sound, not just lists its models', async () => {
	const before = fake.transcriptions.length
	const result = await testConnection(chat({ purpose: 'transcription', model: 'whisper-large-v3-turbo' }))
	expect(result.outcome).toBe('reached')
	expect(result.message).toMatch(/: whisper-large-v3-turbo transcribed a test sound\.$/)
	expect(fake.transcriptions.slice(before)).toEqual([
		expect.objectContaining({ model: 'whisper-large-v3-turbo', bytes: 44 + 32_000 }),
	])
})

test('speech speaks a word in the default model and voice', async () => {
	const before = fake.speeches.length
	const result = await testConnection(chat({ purpose: 'speech', model: null }))
	expect(result.outcome).toBe('reached')
	expect(result.message).toMatch(/^Reached OpenAI-compatible server in \d+ ms: spoke a test word\.$/)
	expect(fake.speeches.slice(before)).toEqual([
		{ input: 'Hello.', voice: 'alloy', model: 'tts-1', responseFormat: 'mp3' },
	])
})

test('a server that lists models but cannot transcribe or speak fails the test, in words', async () => {
	// Lists models like any OpenAI-compatible server; its /audio endpoints are missing or answer a page.
	const partial = http.createServer((req, res) => {
		if (req.url?.endsWith('/models')) {
			res.writeHead(200, { 'Content-Type': 'application/json' })
			return res.end(JSON.stringify({ data: [{ id: 'whisper-1' }, { id: 'tts-1' }] }))
		}
		if (req.url?.endsWith('/audio/speech')) {
			res.writeHead(200, { 'Content-Type': 'text/html' })
			return res.end('<h1>Welcome</h1>')
		}
		res.writeHead(404, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify({ error: { message: 'Not found' } }))
	})
	await new Promise<void>((resolve) => partial.listen(0, '127.0.0.1', resolve))
	try {
		const baseUrl = `http://127.0.0.1:${(partial.address() as AddressInfo).port}/v1`
		const heard = await testConnection(chat({ purpose: 'transcription', model: 'whisper-1', baseUrl }))
		expect(heard.outcome).not.toBe('reached')
		expect(heard.models).toEqual(['tts-1', 'whisper-1'])
		const spoken = await testConnection(chat({ purpose: 'speech', model: 'tts-1', baseUrl }))
		expect(spoken).toMatchObject({
			outcome: 'failed',
			message: 'The provider answered, but not with audio: speech would fail.',
		})
	} finally {
		partial.closeAllConnections()
		await new Promise((resolve) => partial.close(resolve))
	}
})

test('a provider that never answers times out, and a closed port is unreachable', async () => {
	const started = Date.now()
	const hung = await testConnection(chat({ baseUrl: silentUrl }), { timeoutMs: 300 })
	expect(hung.outcome).toBe('timeout')
	expect(hung.message).toBe(`No answer within 300 ms from ${silentUrl}.`)
	expect(Date.now() - started).toBeLessThan(5_000)
	// A port that was just free: nothing listens there.
	const probe = http.createServer()
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
	const closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/v1`
	await new Promise((resolve) => probe.close(resolve))
	const closed = await testConnection(chat({ baseUrl: closedUrl }))
	expect(closed.outcome).toBe('unreachable')
	expect(closed.message).toBe(`Could not reach ${closedUrl} (ECONNREFUSED).`)
})

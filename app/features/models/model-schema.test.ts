// The Models page's forms, as both the browser and the server check them.
import { describe, expect, test } from 'vitest'
import {
	ConnectProviderSchema,
	PROVIDER_KINDS,
	PURPOSE_PROVIDERS,
	RemoveConnectionSchema,
	TestConnectionSchema,
	UpdateConnectionSchema,
} from './model-schema.ts'

const connect = (over: Record<string, string> = {}) =>
	ConnectProviderSchema.safeParse({
		intent: 'connect',
		purpose: 'chat',
		provider: 'openai-compatible',
		baseUrl: 'http://localhost:11434/v1',
		...over,
	})
const problem = (result: ReturnType<typeof connect>) => result.error?.issues.map((i) => `${i.path}: ${i.message}`)

describe('connect', () => {
	test('a local server needs its address but no key; the hosted ones a key', () => {
		expect(connect().success).toBe(true)
		expect(problem(connect({ baseUrl: '' }))).toEqual(['baseUrl: Enter the server’s address.'])
		expect(problem(connect({ provider: 'groq', baseUrl: '' }))).toEqual(['apiKey: Enter the API key.'])
		expect(connect({ provider: 'openai', apiKey: ' sk-1 ' }).data).toMatchObject({ apiKey: 'sk-1' })
	})

	test.each([
		'javascript:alert(1)',
		'file:///etc/passwd',
		'ftp://example.com/v1',
		'http://user:pass@localhost:11434/v1',
		'http://user@localhost:11434/v1',
		'localhost:11434/v1',
		`http://a.example/${'a'.repeat(600)}`,
	])('refuses the address %s', (baseUrl) => {
		expect(problem(connect({ baseUrl }))?.[0]).toMatch(/^baseUrl: Enter (the address as http|an address of at most)/)
	})

	test('private and local addresses are the administrator’s to choose (ADR 0050)', () => {
		for (const baseUrl of ['http://127.0.0.1:8000/v1', 'http://10.0.0.5:1234/v1', 'http://[::1]:11434/v1'])
			expect(connect({ baseUrl }).success).toBe(true)
	})

	test('every provider serves only its purposes', () => {
		const refused = (purpose: 'chat' | 'transcription' | 'speech') =>
			PROVIDER_KINDS.filter((provider) => !connect({ purpose, provider, apiKey: 'k' }).success)
		expect(refused('chat')).toEqual(['elevenlabs'])
		expect(refused('transcription')).toEqual(['elevenlabs'])
		expect(refused('speech')).toEqual(PROVIDER_KINDS.filter((kind) => !PURPOSE_PROVIDERS.speech.includes(kind)))
		expect(refused('speech')).toEqual([])
		expect(problem(connect({ purpose: 'chat', provider: 'elevenlabs', apiKey: 'k' }))).toEqual([
			'provider: ElevenLabs cannot be used for this. Choose another provider.',
		])
		expect(problem(connect({ provider: 'constructor' }))?.[0]).toBe('provider: Choose a provider.')
		expect(problem(connect({ purpose: '__proto__' }))?.[0]).toBe('purpose: Choose what the provider is for.')
	})

	test('sizes are capped: key, name and model', () => {
		expect(problem(connect({ apiKey: 'k'.repeat(401) }))).toEqual(['apiKey: Enter a key of at most 400 characters.'])
		expect(problem(connect({ name: 'n'.repeat(61) }))).toEqual(['name: Enter a name of at most 60 characters.'])
		expect(problem(connect({ model: 'm'.repeat(121) }))).toEqual([
			'model: Enter a model name of at most 120 characters.',
		])
	})
})

describe('change, remove, test', () => {
	const id = '0b6f1a4e-6d52-4c1b-9a57-6f3d8f2f6a10'
	test('name a connection by its uuid', () => {
		expect(UpdateConnectionSchema.safeParse({ intent: 'update', connectionId: id, apiKey: '' }).data).toEqual({
			intent: 'update',
			connectionId: id,
			apiKey: undefined,
			name: undefined,
			model: undefined,
		})
		for (const connectionId of ['x', '../etc', `${id}x`, ''])
			expect(RemoveConnectionSchema.safeParse({ intent: 'remove', connectionId }).success).toBe(false)
	})

	test('a test names a stored connection or a purpose', () => {
		expect(TestConnectionSchema.safeParse({ intent: 'test', connectionId: id }).success).toBe(true)
		expect(TestConnectionSchema.safeParse({ intent: 'test', purpose: 'speech' }).success).toBe(true)
		expect(TestConnectionSchema.safeParse({ intent: 'test', purpose: 'everything' }).success).toBe(false)
		expect(TestConnectionSchema.safeParse({ intent: 'test' }).success).toBe(false)
	})
})

import { randomUUID } from 'node:crypto'
// A provider the administrator connected turns hostile (found by trying it as an attacker, issue
// 31): it echoes the key back in its errors and model list, redirects the prompt elsewhere, or sends
// far more than any answer. The key must reach no owner, page, stored failure or log line; a redirect
// is not followed; an answer is read up to a cap; the words are the owner's to read, not the address.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'

const KEY = 'sk-hostile-0123456789abcdef-secret'
let server: http.Server
let capture: http.Server
let base = ''
let captured = 0
const logged: string[] = []
let prisma: typeof import('~/lib/db.server.ts').prisma
let userId: string

beforeAll(async () => {
	capture = http.createServer((req, res) => {
		captured++
		res.end('{}')
	})
	await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve))
	const capturePort = (capture.address() as AddressInfo).port
	server = http.createServer(async (req, res) => {
		for await (const _ of req);
		const mode = req.url!.split('/')[1]
		const auth = req.headers.authorization ?? ''
		if (mode === 'echo') {
			res.writeHead(req.url!.endsWith('/models') ? 200 : 400, { 'Content-Type': 'application/json' })
			return res.end(
				req.url!.endsWith('/models')
					? JSON.stringify({ data: [{ id: 'good-model' }, { id: `key=${auth}` }] })
					: JSON.stringify({
							error: { message: `Bad request for key ${auth}; Received API Key = ${KEY}\n[jobs] forged line` },
						}),
			)
		}
		if (mode === 'redirect') {
			res.writeHead(307, { Location: `http://127.0.0.1:${capturePort}/v1/chat/completions` })
			return res.end()
		}
		if (mode === 'flood') {
			res.writeHead(200, { 'Content-Type': 'application/json' })
			const block = Buffer.alloc(64 * 1024, 'a')
			for (let i = 0; i < 80 && !res.destroyed; i++) {
				if (!res.write(block)) await new Promise((resolve) => res.once('drain', resolve))
			}
			return res.end()
		}
		res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	process.env.AI_TIMEOUT_MS = '8000'
	vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
	vi.spyOn(console, 'log').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
	vi.spyOn(console, 'warn').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
	;({ prisma } = await import('~/lib/db.server.ts'))
	userId = (await prisma.user.create({ data: { email: `hostile-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
	await new Promise((resolve) => server.close(resolve))
	await new Promise((resolve) => capture.close(resolve))
})

/** A chatbot's whole answer through a connection to `mode` of the hostile server. */
async function answerThrough(mode: string) {
	const { sealProviderKey, keyHint } = await import('~/features/models/providers.server.ts')
	const { answerChatbotQuestion } = await import('~/features/chatbots/reply.server.ts')
	const connection = await prisma.modelConnection.create({
		data: {
			purpose: 'chat',
			provider: 'openai-compatible',
			name: `Hostile ${mode}`,
			baseUrl: `${base}/${mode}/v1`,
			model: 'good-model',
			sealedKey: sealProviderKey(KEY),
			keyHint: keyHint(KEY),
		},
	})
	const chatbot = await prisma.chatbot.create({
		data: {
			userId,
			name: 'Shop',
			knowledgeBase: '',
			systemPrompt: '',
			answerModel: 'connection',
			modelConnectionId: connection.id,
			modelName: 'good-model',
		},
	})
	const answer = await answerChatbotQuestion(chatbot, [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }], {
		label: `Hostile ${mode}`,
	})
	const row = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })
	return { answer, failure: row.modelFailure ?? '' }
}

test('a provider that echoes the key in its errors: the key is in no failure, page or log line', async () => {
	const { answer, failure } = await answerThrough('echo')
	expect(answer.text).toBeNull()
	expect(failure).toMatch(/^The provider answered HTTP 400: Bad request for key \[key\]/)
	expect(failure).not.toContain(KEY)
	// The owner reads the connection's name, never its address.
	expect(failure).not.toContain(base)
	expect(logged.join('\n')).not.toContain(KEY)
	// One log line per event: the provider cannot forge another.
	expect(logged.some((line) => line.includes('\n[jobs] forged line'))).toBe(false)
})

test("the connection test drops a model name that carries the key, and scrubs the provider's words", async () => {
	const { testConnection } = await import('~/features/models/connection-test.server.ts')
	const result = await testConnection({
		id: null,
		purpose: 'chat',
		api: 'openai-compatible',
		provider: 'OpenAI-compatible server',
		name: 'Hostile',
		baseUrl: `${base}/echo/v1`,
		model: 'good-model',
		models: [],
		keyHint: 'sk-h…cret',
		origin: 'stored',
		lastTest: null,
		apiKey: KEY,
	})
	expect(result.models).toEqual(['good-model'])
	expect(result.message).not.toContain(KEY)
	expect(JSON.stringify(result)).not.toContain(KEY)
})

test('a redirect is not followed: the prompt goes nowhere else', async () => {
	const before = captured
	const { answer, failure } = await answerThrough('redirect')
	expect(answer.text).toBeNull()
	expect(captured).toBe(before)
	expect(failure).toBe('The provider answered with a redirect (HTTP 307), which is not followed.')
})

test('an answer larger than any reply is cut off, not read into memory', async () => {
	const { answer, failure } = await answerThrough('flood')
	expect(answer.text).toBeNull()
	expect(failure).toMatch(/larger than 2 MB|could not be read/)
})

test('the Models form refuses a query string in an address and control characters in a name', async () => {
	const { ConnectProviderSchema } = await import('~/features/models/model-schema.ts')
	const connect = (fields: Record<string, string>) =>
		ConnectProviderSchema.safeParse({
			intent: 'connect',
			purpose: 'chat',
			provider: 'openai-compatible',
			baseUrl: 'http://127.0.0.1:11434/v1',
			...fields,
		})
	expect(connect({}).success).toBe(true)
	expect(connect({ baseUrl: 'http://127.0.0.1:11434/v1?api_key=sk-QUERYKEY-123456' }).success).toBe(false)
	expect(connect({ name: 'a\u0000b' }).success).toBe(false)
	expect(connect({ model: 'm\u0000x' }).success).toBe(false)
})

// Creating voice assistants through the builder's actions (the list's and an assistant's page's) with plain Requests: the spec's defaults
// and validation, and the ElevenLabs path against a local fake (success stores its agent_id; a
// failure stores nothing).
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

type Received = { path: string; key: string | undefined; body: Record<string, unknown> }
let eleven: http.Server
let received: Received[] = []
let failNext = false
let action: typeof import('./builder-actions.server.ts').builderAction
let pageAction: typeof import('./agent-page-actions.server.ts').agentPageAction
let prisma: typeof import('~/lib/db.server.ts').prisma
let userId: string

beforeAll(async () => {
	eleven = http.createServer(async (req, res) => {
		let raw = ''
		for await (const chunk of req) raw += chunk
		received.push({ path: req.url ?? '', key: req.headers['xi-api-key'] as string | undefined, body: JSON.parse(raw) })
		if (failNext) {
			res.writeHead(422, { 'Content-Type': 'application/json' })
			return res.end('{"detail":"voice_id not found"}')
		}
		res.writeHead(200, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify({ agent_id: `el_${received.length}` }))
	})
	await new Promise<void>((resolve) => eleven.listen(0, '127.0.0.1', resolve))
	process.env.ELEVENLABS_API_KEY = 'el-test-key'
	process.env.ELEVENLABS_BASE_URL = `http://127.0.0.1:${(eleven.address() as AddressInfo).port}`
	vi.resetModules()
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ builderAction: action } = await import('./builder-actions.server.ts'))
	;({ agentPageAction: pageAction } = await import('./agent-page-actions.server.ts'))
	;({ prisma } = await import('~/lib/db.server.ts'))
	userId = (await prisma.user.create({ data: { email: `voicebot-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.ELEVENLABS_API_KEY
	delete process.env.ELEVENLABS_BASE_URL
	await prisma.user.delete({ where: { id: userId } })
	await new Promise((resolve) => eleven.close(resolve))
})

const post = (fields: Record<string, string>) =>
	action(
		new Request('http://localhost/playground/voicebots', {
			method: 'POST',
			body: new URLSearchParams({ intent: 'create', ...fields }),
		}),
		userId,
	)

async function actionData(result: unknown) {
	if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`)
	return result as unknown as {
		data: { toast: { title: string; description?: string }; errors: Record<string, string> }
		init: { status: number }
	}
}

describe('creating a voice assistant', () => {
	test('name and instructions are required, with the spec message', async () => {
		const missing = await actionData(await post({ name: ' ', instructions: 'Be nice.' }))
		expect(missing.init.status).toBe(400)
		expect(missing.data.toast).toMatchObject({
			title: 'Missing information',
			description: 'Please provide a name and instructions',
		})
		// The field says what it lacks; the toast keeps the spec's sentence.
		expect(missing.data.errors.name).toBe('Please provide a name')
		expect((await actionData(await post({ name: 'A', instructions: '' }))).data.errors.instructions).toBe(
			'Please provide instructions',
		)
		const badVoice = await actionData(await post({ name: 'A', instructions: 'x', voiceId: 'robot' }))
		expect(badVoice.data.errors.voiceId).toBe('Choose one of the voices.')
		expect(received).toHaveLength(0)
	})

	test('with ELEVENLABS_API_KEY the agent is created there first and its id stored', async () => {
		const result = await post({
			name: 'Reception',
			instructions: 'Greet callers.',
			firstMessage: '',
			voiceId: 'shimmer',
			language: 'de',
			description: '',
		})
		expect(result).toBeInstanceOf(Response)
		const created = await prisma.agent.findFirstOrThrow({ where: { userId, name: 'Reception' } })
		// Creating lands on the assistant's own page.
		expect((result as Response).headers.get('location')).toBe(`/playground/voicebots/${created.id}`)
		expect(received.at(-1)).toEqual({
			path: '/v1/convai/agents/create',
			key: 'el-test-key',
			body: {
				name: 'Reception',
				conversation_config: {
					agent: {
						// Left empty: the default greeting, in the assistant's language.
						first_message: 'Hallo! Wie kann ich Ihnen heute helfen?',
						language: 'de',
						prompt: { prompt: 'Greet callers.' },
					},
					tts: { voice_id: 'shimmer' },
				},
			},
		})
		const agent = await prisma.agent.findFirstOrThrow({ where: { userId, name: 'Reception' } })
		expect(agent).toMatchObject({
			elevenAgentId: `el_${received.length}`,
			voiceId: 'shimmer',
			language: 'de',
			description: null,
			firstMessage: 'Hallo! Wie kann ich Ihnen heute helfen?',
		})
		expect(agent.voiceSettings).toEqual({ stability: 0.5, similarity_boost: 0.5, style: 0, use_speaker_boost: true })
	})

	test('an account has at most 20 voice assistants; the 21st is refused before ElevenLabs is asked, also in parallel', async () => {
		const owner = await prisma.user.create({ data: { email: `cap-${randomUUID()}@example.com`, passwordHash: 'x' } })
		await prisma.agent.createMany({
			data: Array.from({ length: 18 }, (_, i) => ({
				userId: owner.id,
				name: `Desk ${i}`,
				instructions: 'x',
				firstMessage: 'Hi',
			})),
		})
		const create = (name: string) =>
			action(
				new Request('http://localhost/playground/voicebots', {
					method: 'POST',
					body: new URLSearchParams({ intent: 'create', name, instructions: 'Greet callers.' }),
				}),
				owner.id,
			)
		const asked = received.length
		// Three at once for the last two places: two are created, one is refused.
		const results = await Promise.all([create('One'), create('Two'), create('Three')])
		expect(results.filter((r) => r instanceof Response)).toHaveLength(2)
		const refused = await actionData(results.find((r) => !(r instanceof Response)))
		expect(refused.init.status).toBe(409)
		expect(refused.data.toast).toMatchObject({
			title: 'Creation failed',
			description: 'You can have up to 20 voice assistants. Delete one you no longer need to create another.',
		})
		expect(await prisma.agent.count({ where: { userId: owner.id } })).toBe(20)
		// Full: refused before ElevenLabs is asked.
		const before = received.length
		expect((await actionData(await create('Four'))).init.status).toBe(409)
		expect(received.length).toBe(before)
		expect(before - asked).toBeGreaterThanOrEqual(2)
		await prisma.user.delete({ where: { id: owner.id } })
	})

	test('saving the settings updates the ElevenLabs twin first; a failure there changes nothing', async () => {
		const agent = await prisma.agent.findFirstOrThrow({ where: { userId, name: 'Reception' } })
		const save = (fields: Record<string, string>) =>
			pageAction(
				new Request(`http://localhost/playground/voicebots/${agent.id}`, {
					method: 'POST',
					body: new URLSearchParams({ intent: 'update', ...fields }),
				}),
				userId,
				agent.id,
			)
		const saved = await save({ name: 'Reception Desk', instructions: 'Greet callers warmly.', language: 'de' })
		expect((saved as Response).headers.get('location')).toBe(`/playground/voicebots/${agent.id}`)
		expect(received.at(-1)).toMatchObject({
			path: `/v1/convai/agents/${agent.elevenAgentId}`,
			body: { name: 'Reception Desk', conversation_config: { agent: { prompt: { prompt: 'Greet callers warmly.' } } } },
		})
		expect(await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({
			name: 'Reception Desk',
			instructions: 'Greet callers warmly.',
		})

		failNext = true
		const failed = await actionData(await save({ name: 'Never Saved', instructions: 'x' }))
		failNext = false
		expect(failed.init.status).toBe(502)
		expect((await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).name).toBe('Reception Desk')
		await prisma.agent.update({ where: { id: agent.id }, data: { name: 'Reception' } })
	})

	test("the page's switch comes back to the section it was flipped on; anywhere else it names is the page", async () => {
		const agent = await prisma.agent.findFirstOrThrow({ where: { userId, name: 'Reception' } })
		const page = `/playground/voicebots/${agent.id}`
		const flip = async (returnTo?: string) => {
			const fields: Record<string, string> = { intent: 'toggle', id: agent.id, active: 'true' }
			if (returnTo !== undefined) fields.returnTo = returnTo
			const answer = await pageAction(
				new Request(`http://localhost${page}`, { method: 'POST', body: new URLSearchParams(fields) }),
				userId,
				agent.id,
			)
			return (answer as Response).headers.get('location')
		}
		expect(await flip()).toBe(page)
		for (const section of ['/calls', '/api', '/settings', '/test'])
			expect(await flip(`${page}${section}`)).toBe(`${page}${section}`)
		for (const elsewhere of [
			'https://evil.example/',
			'//evil.example',
			`${page}/../x`,
			`/playground/voicebots/${randomUUID()}`,
		]) {
			expect(await flip(elsewhere), elsewhere).toBe(page)
		}
		// "Save model" comes back to the Settings section, where the Model card is.
		const model = await pageAction(
			new Request(`http://localhost${page}/settings`, {
				method: 'POST',
				body: new URLSearchParams({ intent: 'save-model', model: 'default', temperature: '0.7' }),
			}),
			userId,
			agent.id,
		)
		expect((model as Response).headers.get('location')).toBe(`${page}/settings`)
	})

	test('a provider failure gives the spec error and stores nothing', async () => {
		failNext = true
		const failed = await actionData(await post({ name: 'Broken', instructions: 'x' }))
		failNext = false
		expect(failed.init.status).toBe(502)
		expect(failed.data.toast).toMatchObject({
			title: 'Creation failed',
			description: 'Failed to create voice assistant',
		})
		expect(await prisma.agent.count({ where: { userId, name: 'Broken' } })).toBe(0)
	})

	test('delete is scoped to the owner', async () => {
		const agent = await prisma.agent.findFirstOrThrow({ where: { userId, name: 'Reception' } })
		const stranger = await prisma.user.create({
			data: { email: `stranger-${randomUUID()}@example.com`, passwordHash: 'x' },
		})
		const del = (who: string) =>
			action(
				new Request('http://localhost/playground/voicebots', {
					method: 'POST',
					body: new URLSearchParams({ intent: 'delete', id: agent.id }),
				}),
				who,
			)
		await del(stranger.id)
		expect(await prisma.agent.count({ where: { id: agent.id } })).toBe(1)
		await del(userId)
		expect(await prisma.agent.count({ where: { id: agent.id } })).toBe(0)
		await prisma.user.delete({ where: { id: stranger.id } })
	})

	test('deleting an agent ends its open calls, so none stays in progress for ever', async () => {
		const agent = await prisma.agent.create({
			data: { userId, name: 'Short-lived', instructions: 'x', firstMessage: 'hi' },
		})
		const started = new Date(Date.now() - 90_000)
		const call = await prisma.callLog.create({
			data: {
				agentId: agent.id,
				callStatus: 'in-progress',
				createdAt: started,
				updatedAt: new Date(started.getTime() + 42_000),
			},
		})
		await action(
			new Request('http://localhost/playground/voicebots', {
				method: 'POST',
				body: new URLSearchParams({ intent: 'delete', id: agent.id }),
			}),
			userId,
		)
		expect(await prisma.callLog.findUniqueOrThrow({ where: { id: call.id } })).toMatchObject({
			callStatus: 'completed',
			callDuration: 42,
			agentId: null,
		})
	})
})

// Issue 32, "After the call": ending a voice conversation (or its going idle) fills
// call_logs.inquiry_details with a summary and the caller's details, and the customer columns they
// said; extractive at once, and written by the agent's model in the job queue when it answers with
// one (the end request never waits for it). A model that fails leaves the extractive notes.
import { randomUUID } from 'node:crypto'
import { runOnce } from 'graphile-worker'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { startFakeOpenAi, type FakeChatRequest, type FakeOpenAi } from '../support/fake-openai-server.ts'

let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let route: Record<'start' | 'message' | 'end', (request: Request) => Promise<Response>>
let runSummaries: () => Promise<void>
let userId: string
let offlineAgent: string
let modelAgent: string
let connectionId: string
let notes: (request: FakeChatRequest) => string | 'hang' | undefined = () => undefined
const logged: string[] = []
let ip = 0

const MODEL_NOTES = {
	summary: 'Asha wants a cleaning on Sunday and was told the clinic is closed then.',
	name: 'Asha Rao',
	phone: null,
	email: 'asha@example.com',
	asked: ['Sunday opening', 'Price of a cleaning'],
}

beforeAll(async () => {
	fake = await startFakeOpenAi({ respond: (request) => notes(request) })
	process.env.AI_TIMEOUT_MS = '3000'
	vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.map(String).join(' ')))
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	const { sealProviderKey } = await import('~/ai/models.server.ts')
	const { summarizeCallJob } = await import('~/features/voice/inquiry.server.ts')
	const { taskListOf } = await import('~/lib/jobs/define-job.server.ts')
	runSummaries = () =>
		runOnce({
			connectionString: process.env.DATABASE_URL!,
			taskList: taskListOf([summarizeCallJob]),
			logger: undefined,
		})
	const load = async (path: string) => {
		const module = await import(path)
		return (request: Request) => module.action({ request, params: {}, context: {} } as never) as Promise<Response>
	}
	route = {
		start: await load('~/routes/api/voice-chat/start.ts'),
		message: await load('~/routes/api/voice-chat/message.ts'),
		end: await load('~/routes/api/voice-chat/end.ts'),
	}
	userId = (await prisma.user.create({ data: { email: `after-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	connectionId = (
		await prisma.modelConnection.create({
			data: {
				purpose: 'chat',
				provider: 'openai-compatible',
				name: 'Notes LLM',
				baseUrl: fake.baseURL,
				model: 'fake-model',
				sealedKey: sealProviderKey('sk-notes-0123456789'),
				keyHint: 'sk-n…6789',
			},
		})
	).id
	const agent = (extra: object) =>
		prisma.agent.create({
			data: {
				userId,
				name: 'Front Desk',
				description: 'We are open from 9 am to 6 pm, Monday to Saturday. Sunday closed.',
				instructions: 'Be brief.',
				firstMessage: 'Hello!',
				...extra,
			},
		})
	offlineAgent = (await agent({ answerModel: 'offline' })).id
	modelAgent = (await agent({ answerModel: 'connection', modelConnectionId: connectionId, modelName: 'fake-model' })).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
	await prisma.modelConnection.deleteMany({ where: { id: connectionId } })
	await fake.close()
})

beforeEach(() => {
	logged.length = 0
	notes = () => undefined
})

const headers = () => ({ 'x-app-client-ip': `10.98.${ip >> 8}.${ip++ & 255}` })
const post = (path: string, body: unknown) =>
	new Request(`http://localhost${path}`, {
		method: 'POST',
		headers: { ...headers(), 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	})
async function converse(agentId: string, lines: string[], start: object = {}) {
	const started = await route.start(post('/api/voice-chat/start', { agent_id: agentId, ...start }))
	const id = ((await started.json()) as { conversation_id: string }).conversation_id
	for (const text of lines) {
		const form = new FormData()
		form.append('agent_id', agentId)
		form.append('conversation_id', id)
		form.append('text', text)
		const sent = await route.message(
			new Request('http://localhost/api/voice-chat/message', { method: 'POST', headers: headers(), body: form }),
		)
		expect(sent.status).toBe(200)
	}
	return id
}
const end = (agentId: string, id: string) =>
	route.end(post('/api/voice-chat/end', { agent_id: agentId, conversation_id: id }))
const row = (id: string) => prisma.callLog.findUniqueOrThrow({ where: { id } })
const CALLER_LINES = [
	'Hi, my name is Asha Rao.',
	'Are you open on Sunday?',
	'My number is +91 98111 22334 and my e-mail asha@example.com',
]

test('ending a call with the offline model: extractive notes and the customer’s details, no job', async () => {
	const id = await converse(offlineAgent, CALLER_LINES)
	expect((await end(offlineAgent, id)).status).toBe(200)
	const done = await row(id)
	expect(done.inquiryDetails).toBe(
		[
			'Summary: Asha Rao asked: “Are you open on Sunday?”.',
			'Name: Asha Rao',
			'Phone: +91 98111 22334',
			'E-mail: asha@example.com',
			'Asked: Are you open on Sunday?',
		].join('\n'),
	)
	expect(done).toMatchObject({
		customerName: 'Asha Rao',
		customerPhone: '+91 98111 22334',
		customerEmail: 'asha@example.com',
		agentName: 'Front Desk',
	})
	const queued = await prisma.$queryRaw<Array<{ n: number }>>`
		SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'summarize-call'`
	expect(queued[0].n).toBe(0)
})

test('details given at the start stay: the transcript fills only what is missing', async () => {
	const id = await converse(offlineAgent, CALLER_LINES, { customer_name: 'A. Rao', customer_phone: '+91 1' })
	await end(offlineAgent, id)
	expect(await row(id)).toMatchObject({
		customerName: 'A. Rao',
		customerPhone: '+91 1',
		customerEmail: 'asha@example.com',
	})
})

test('a call that went idle gets its notes too', async () => {
	const id = await converse(offlineAgent, ['This is Ravi, I need a plumber tomorrow'])
	await prisma.$executeRaw`UPDATE call_logs SET updated_at = now() - interval '11 minutes' WHERE id = ${id}::uuid`
	const form = new FormData()
	form.append('agent_id', offlineAgent)
	form.append('conversation_id', id)
	form.append('text', 'Hello?')
	const late = await route.message(
		new Request('http://localhost/api/voice-chat/message', { method: 'POST', headers: headers(), body: form }),
	)
	expect(late.status).toBe(409)
	const done = await row(id)
	expect(done.callStatus).toBe('completed')
	expect(done.customerName).toBe('Ravi')
	expect(done.inquiryDetails).toMatch(/^Summary: Ravi asked: “I need a plumber tomorrow”\.\nName: Ravi/)
})

test('the scheduled sweep ends a call left open past VOICE_IDLE_MINUTES, with no new conversation started', async () => {
	const { closeIdleCallsJob } = await import('~/features/voice/conversations.server.ts')
	const { taskListOf } = await import('~/lib/jobs/define-job.server.ts')
	const left = await converse(offlineAgent, ['This is Meera, is the clinic open on Monday?'])
	const fresh = await converse(offlineAgent, ['Hello'])
	await prisma.$executeRaw`UPDATE call_logs SET created_at = now() - interval '14 minutes', updated_at = now() - interval '11 minutes' WHERE id = ${left}::uuid`
	// The job as the crontab runs it: through graphile-worker, nothing else touching call_logs.
	const { quickAddJob } = await import('graphile-worker')
	await quickAddJob({ connectionString: process.env.DATABASE_URL! }, closeIdleCallsJob.name, {})
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList: taskListOf([closeIdleCallsJob]),
		logger: undefined,
	})
	const done = await row(left)
	expect([done.callStatus, done.callDuration]).toEqual(['completed', 180])
	expect(done.inquiryDetails).toMatch(/^Summary: Meera asked/)
	// A call still in use is left alone.
	expect((await row(fresh)).callStatus).toBe('in-progress')
	await end(offlineAgent, fresh)
})

test('a question asked with the caller’s details is answered, and the notes keep the details apart from it', async () => {
	const line = 'My name is Asha, 98111 22334, what are your opening hours?'
	const id = await converse(offlineAgent, [line])
	const turns = await prisma.voiceMessage.findMany({ where: { conversationId: id } })
	expect(turns.map((turn) => turn.reply)).toEqual([expect.stringContaining('9 am to 6 pm')])
	await end(offlineAgent, id)
	const done = await row(id)
	expect(done.inquiryDetails).toBe(
		[
			'Summary: Asha asked: “What are your opening hours?”.',
			'Name: Asha',
			'Phone: 98111 22334',
			'Asked: What are your opening hours?',
		].join('\n'),
	)
})

test('an assistant saved with the English default greeting greets in its own language', async () => {
	const { defaultFirstMessage } = await import('~/features/voice/copy.ts')
	const hindi = await prisma.agent.create({
		data: {
			userId,
			name: 'Sahayak',
			instructions: 'Be brief.',
			language: 'hi',
			firstMessage: defaultFirstMessage('en'),
			answerModel: 'offline',
		},
	})
	const started = await route.start(post('/api/voice-chat/start', { agent_id: hindi.id }))
	const body = (await started.json()) as { conversation_id: string; first_message: string }
	expect(body.first_message).toBe(defaultFirstMessage('hi'))
	expect((await row(body.conversation_id)).transcript).toContain(defaultFirstMessage('hi'))
})

test('with a model: the end answers at once with the extractive notes; the job writes the model’s', async () => {
	const id = await converse(modelAgent, CALLER_LINES)
	// The model would never answer the summary: the end must not wait for it.
	notes = (request) => (request.system.includes('call notes') ? 'hang' : undefined)
	expect((await end(modelAgent, id)).status).toBe(200)
	expect((await row(id)).inquiryDetails).toMatch(/^Summary: Asha Rao asked/)

	notes = (request) =>
		request.system.includes('call notes') ? `Here you go: ${JSON.stringify(MODEL_NOTES)}` : undefined
	await runSummaries()
	const summarised = fake.requests.filter((request) => request.system.includes('call notes'))
	expect(summarised.at(-1)!.lastUser).toContain('Caller: Are you open on Sunday?')
	const done = await row(id)
	expect(done.inquiryDetails).toBe(
		[
			`Summary: ${MODEL_NOTES.summary}`,
			'Name: Asha Rao',
			// The model left the phone out: the extractive one fills it.
			'Phone: +91 98111 22334',
			'E-mail: asha@example.com',
			'Asked: Sunday opening · Price of a cleaning',
		].join('\n'),
	)
})

test('a model that answers no JSON, or none in time, leaves the extractive notes and says so in the log', async () => {
	const id = await converse(modelAgent, CALLER_LINES)
	await end(modelAgent, id)
	const extractive = (await row(id)).inquiryDetails
	notes = (request) => (request.system.includes('call notes') ? 'Sure! The caller was nice.' : undefined)
	await runSummaries()
	expect((await row(id)).inquiryDetails).toBe(extractive)
	expect(logged.join('\n')).toMatch(/were not the JSON asked for; the extractive notes stay/)

	const second = await converse(modelAgent, CALLER_LINES)
	await end(modelAgent, second)
	// A model that never answers: its time limit ends the job, which keeps the extractive notes.
	notes = (request) => (request.system.includes('call notes') ? 'hang' : undefined)
	await runSummaries()
	expect((await row(second)).inquiryDetails).toMatch(/^Summary: Asha Rao asked/)
	expect(logged.join('\n')).toMatch(/summarising call .* failed \(no answer within 3000 ms\)/)
})

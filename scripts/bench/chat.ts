// `npm run bench:chat`: what our server adds to a streamed reply. Against a local fake
// OpenAI-compatible provider: time to first token straight from the provider vs. through /api/chat
// (goal: under 20 ms added), then 50 concurrent streams (no errors) and memory per open stream;
// then what storing an embedded chatbot's conversation adds to its time to first token (goal: under
// 5 ms at p50), the same reply with and without its log, alternated, in this process.
import { readFileSync } from 'node:fs'
import { startFakeOpenAi } from '../../tests/support/fake-openai-server.ts'
import { startApp } from './start-app.ts'

const samples = Number(process.env.BENCH_SAMPLES ?? 50)
const concurrent = Number(process.env.BENCH_STREAMS ?? 50)

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** Milliseconds from sending until the first chunk that carries reply text. */
async function timeToFirstToken(url: string, body: unknown, headers: Record<string, string>, marker: string) {
	const started = performance.now()
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	})
	if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let seen = ''
	let first = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		seen += value
		if (!first && seen.includes(marker)) first = performance.now() - started
	}
	if (!first) throw new Error(`${url}: no text in the answer: ${seen.slice(0, 300)}`)
	return first
}

const fake = await startFakeOpenAi({ wordDelayMs: 5 })
const app = await startApp({ GROQ_API_KEY: 'bench-key', GROQ_BASE_URL: fake.baseURL })
let ip = 0
const nextIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`
const uiBody = (text: string) => ({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }] })

try {
	const direct: number[] = []
	const viaApp: number[] = []
	for (let i = 0; i < samples + 5; i++) {
		const d = await timeToFirstToken(
			`${fake.baseURL}/chat/completions`,
			{ model: 'fake', stream: true, messages: [{ role: 'user', content: 'scenario:normal' }] },
			{},
			'"content":"Hello"',
		)
		const v = await timeToFirstToken(
			`${app.origin}/api/chat`,
			uiBody('scenario:normal'),
			{ 'x-forwarded-for': nextIp() },
			'"text-delta"',
		)
		if (i >= 5) {
			direct.push(d)
			viaApp.push(v)
		}
	}

	const before = rssMb(app.pid)
	let peak = before
	const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 20)
	const started = performance.now()
	const results = await Promise.allSettled(
		Array.from({ length: concurrent }, () =>
			timeToFirstToken(
				`${app.origin}/api/chat`,
				uiBody('scenario:slow'),
				{ 'x-forwarded-for': nextIp() },
				'"text-delta"',
			),
		),
	)
	const wall = performance.now() - started
	clearInterval(sampler)
	const failed = results.filter((r) => r.status === 'rejected')

	console.log(
		`\nStreamed chat through /api/chat vs. straight from the provider (${samples} sequential samples after 5 warm-up)`,
	)
	console.log(
		`  time to first token, provider direct: p50 ${percentile(direct, 50).toFixed(1)} ms, p95 ${percentile(direct, 95).toFixed(1)} ms`,
	)
	console.log(
		`  time to first token, through our app: p50 ${percentile(viaApp, 50).toFixed(1)} ms, p95 ${percentile(viaApp, 95).toFixed(1)} ms`,
	)
	const added = percentile(viaApp, 50) - percentile(direct, 50)
	console.log(`  added by our server (p50): ${added.toFixed(1)} ms (goal < 20 ms) ${added < 20 ? 'PASS' : 'MISS'}`)
	console.log(
		`${concurrent} concurrent streams (slow provider, ~1 s each): ${concurrent - failed.length} ok, ${failed.length} failed, ${wall.toFixed(0)} ms wall`,
	)
	if (failed.length) console.log(`  first failure: ${(failed[0] as PromiseRejectedResult).reason}`)
	console.log(
		`  server memory: ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB peak, ~${(((peak - before) * 1024) / concurrent).toFixed(0)} KB per open stream`,
	)
	await conversationLogCost(app.databaseUrl, fake.baseURL)
} finally {
	await app.stop()
	await fake.close()
}

/**
 * An embedded chatbot's reply (retrieval over its knowledge, then the provider) with and without
 * storing the conversation, alternated so both see the same machine: the difference in time to
 * first token is what the log costs the visitor.
 */
async function conversationLogCost(databaseUrl: string, providerUrl: string) {
	process.env.DATABASE_URL = databaseUrl
	process.env.GROQ_API_KEY = 'bench-key'
	process.env.GROQ_BASE_URL = providerUrl
	process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789abcdef0123456789'
	const { prisma } = await import('~/lib/db.server.ts')
	const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
	const { indexTextSource } = await import('~/features/chatbots/text-source.server.ts')
	const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
	const { streamChatbotReply } = await import('~/features/chatbots/reply.server.ts')
	const { DEFAULT_MODEL_CHOICE } = await import('~/ai/models.server.ts')
	const user = await prisma.user.create({ data: { email: `bench-${Date.now()}@example.com`, passwordHash: 'x' } })
	const knowledge = Array.from(
		{ length: 200 },
		(_, i) => `Topic ${i}\nThe widget model W-${i} ships in ${(i % 9) + 1} days and costs ${100 + i} rupees.`,
	).join('\n\n')
	const form = ChatbotFormSchema.parse({ name: 'Bench', knowledgeBase: knowledge, systemPrompt: '' })
	const { chatbot } = await createChatbot(user.id, form, 'http://localhost')
	await indexTextSource({ chatbotId: chatbot.id })
	const reply = (log: boolean, i: number) =>
		streamChatbotReply(
			{ ...DEFAULT_MODEL_CHOICE, id: chatbot.id, name: 'Bench', systemPrompt: '' },
			[{ role: 'user', parts: [{ type: 'text', text: `scenario:normal how long does W-${i % 200} take to ship?` }] }],
			{
				label: 'bench',
				withSources: false,
				errorText: 'Sorry',
				log: log
					? {
							chatbotId: chatbot.id,
							kind: 'embed',
							clientId: `bench-conversation-${i % 50}`,
							visitorId: `bench-visitor-${i % 50}`,
							pageUrl: 'https://shop.example/',
							country: null,
							ipHash: null,
						}
					: undefined,
			},
		)
	const firstToken = async (log: boolean, i: number) => {
		const started = performance.now()
		const response = await reply(log, i)
		const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
		let seen = ''
		let first = 0
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			seen += value
			if (!first && seen.includes('"text-delta"')) first = performance.now() - started
		}
		return first
	}
	const withLog: number[] = []
	const withoutLog: number[] = []
	for (let i = 0; i < samples * 2 + 10; i++) {
		const logged = i % 2 === 0
		const time = await firstToken(logged, i)
		if (i >= 10) (logged ? withLog : withoutLog).push(time)
	}
	const stored = await prisma.chatbotMessage.count({ where: { chatbotId: chatbot.id } })
	console.log(
		`\nAn embedded chatbot's reply with and without its conversation log (${withLog.length} each, alternated)`,
	)
	console.log(
		`  time to first token, not stored: p50 ${percentile(withoutLog, 50).toFixed(1)} ms, p95 ${percentile(withoutLog, 95).toFixed(1)} ms`,
	)
	console.log(
		`  time to first token, stored:     p50 ${percentile(withLog, 50).toFixed(1)} ms, p95 ${percentile(withLog, 95).toFixed(1)} ms (${stored} messages written)`,
	)
	const added = percentile(withLog, 50) - percentile(withoutLog, 50)
	console.log(`  added by storing (p50): ${added.toFixed(1)} ms (goal < 5 ms) ${added < 5 ? 'PASS' : 'MISS'}`)
	await prisma.$disconnect()
}

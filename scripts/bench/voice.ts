// `npm run bench:voice`: the voice API against a local fake OpenAI-compatible provider (chat and
// Whisper, the real @ai-sdk/groq code path): round-trip time of a text message, of a 2-second WAV
// message, and 20 concurrent conversations (start, 3 messages, end).
import pg from 'pg'
import { startFakeOpenAi } from '../../tests/support/fake-openai-server.ts'
import { makeWav } from '../../tests/support/wav.ts'
import { startApp } from './start-app.ts'

const samples = Number(process.env.BENCH_SAMPLES ?? 50)
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 20)
const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const ms = (value: number) => `${value.toFixed(1)} ms`

const fake = await startFakeOpenAi()
const app = await startApp({ GROQ_API_KEY: 'bench-key', GROQ_BASE_URL: fake.baseURL })
let ip = 0
const nextIp = () => `10.66.${(++ip >> 8) & 255}.${ip & 255}`

async function post(path: string, body: unknown) {
	const isForm = body instanceof FormData
	const response = await fetch(`${app.origin}${path}`, {
		method: 'POST',
		headers: { 'X-Forwarded-For': nextIp(), ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
		body: isForm ? body : JSON.stringify(body),
	})
	const json = (await response.json()) as Record<string, unknown>
	if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`)
	return json
}
const form = (fields: Record<string, string | Blob>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.append(key, value)
	return data
}

try {
	const db = new pg.Client({ connectionString: app.databaseUrl })
	await db.connect()
	const { rows: users } = await db.query(
		`INSERT INTO users (email, password_hash) VALUES ('bench-voice@example.com', 'x') RETURNING id`,
	)
	const { rows: agents } = await db.query(
		`INSERT INTO agents (user_id, name, instructions, first_message) VALUES ($1, 'Bench Desk', 'We are open 9 to 6.', 'Hello!') RETURNING id`,
		[users[0].id],
	)
	await db.end()
	const agentId = agents[0].id as string

	// The provider alone, for comparison: one non-streamed chat completion.
	const direct: number[] = []
	for (let i = 0; i < samples; i++) {
		const t = performance.now()
		await fetch(`${fake.baseURL}/chat/completions`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' },
			body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
		}).then((r) => r.json())
		direct.push(performance.now() - t)
	}

	const { conversation_id } = await post('/api/voice-chat/start', { agent_id: agentId })
	const text: number[] = []
	for (let i = 0; i < samples; i++) {
		const t = performance.now()
		await post(
			'/api/voice-chat/message',
			form({ agent_id: agentId, conversation_id: String(conversation_id), text: `When are you open? (${i})` }),
		)
		text.push(performance.now() - t)
	}
	const audio: number[] = []
	const wav = new Blob([makeWav(2)], { type: 'audio/wav' })
	for (let i = 0; i < Math.min(samples, 20); i++) {
		const t = performance.now()
		await post(
			'/api/voice-chat/message',
			form({ agent_id: agentId, conversation_id: String(conversation_id), audio: wav }),
		)
		audio.push(performance.now() - t)
	}
	await post('/api/voice-chat/end', { agent_id: agentId, conversation_id })
	console.log(
		`Provider alone (fake chat completion): p50 ${ms(percentile(direct, 50))}, p95 ${ms(percentile(direct, 95))}`,
	)
	console.log(
		`Text message round trip, ${samples} messages: p50 ${ms(percentile(text, 50))}, p95 ${ms(percentile(text, 95))}`,
	)
	console.log(
		`2 s WAV message round trip (Whisper + chat), ${audio.length} messages: p50 ${ms(percentile(audio, 50))}, p95 ${ms(percentile(audio, 95))}`,
	)

	const perMessage: number[] = []
	let failed = 0
	const started = performance.now()
	await Promise.all(
		Array.from({ length: conversations }, async (_, n) => {
			try {
				const { conversation_id: id } = await post('/api/voice-chat/start', {
					agent_id: agentId,
					customer_name: `Caller ${n}`,
				})
				for (let i = 0; i < 3; i++) {
					const t = performance.now()
					await post(
						'/api/voice-chat/message',
						form({ agent_id: agentId, conversation_id: String(id), text: `Question ${i} from caller ${n}` }),
					)
					perMessage.push(performance.now() - t)
				}
				const ended = await post('/api/voice-chat/end', { agent_id: agentId, conversation_id: id })
				if (ended.status !== 'completed') failed++
			} catch (error) {
				failed++
				console.error(error)
			}
		}),
	)
	console.log(
		`${conversations} concurrent conversations (start, 3 messages, end): ${conversations - failed} completed, ${failed} failed, ${ms(performance.now() - started)} in all; message p50 ${ms(percentile(perMessage, 50))}, p95 ${ms(percentile(perMessage, 95))}`,
	)
} finally {
	await app.stop()
	await fake.close()
}

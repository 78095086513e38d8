// `npm run bench:handoff-streams`: the flood of ADR 0070 against the production build on a throw-away
// database, loopback only. A chatbot with Talk to a person on, 2,000 conversations a person holds, and
// two floods of 2,000 visitors' live handoff streams (GET /api/embed/:id/handoff/events), opened as
// fast as the server takes them and held open for BENCH_HOLD_MS:
// - one address: 2,000 visitors behind one address (an office's NAT, or an attacker with one);
// - many addresses: 200 addresses, 10 visitors each (each within its address's cap), to reach the
//   process's cap (HANDOFF_VISITOR_STREAMS).
// Each prints how many streams were held open and how many were refused with which status, and,
// while the flood is held, the latency of an owner's Conversations page, of another visitor's chat
// page (/embed/:id) and of /healthz (one request at a time, every 100 ms), beside the same with no
// flood. Every request goes to 127.0.0.1 only, and every loop is bounded in count and time.
// PORT=<yours> (a shared machine's range) to pick the app's port.
import http from 'node:http'
import pg from 'pg'
import { benchSessionCookie } from './session-cookie.ts'
import { startApp } from './start-app.ts'

const streams = Number(process.env.BENCH_STREAMS ?? 2_000)
const holdMs = Number(process.env.BENCH_HOLD_MS ?? 10_000)
const secret = 'bench-session-secret-0123456789abcdef012345'
const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN
const ms = (value: number) => `${Math.round(value)} ms`
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time))

const app = await startApp({ SESSION_SECRET: secret, ...(process.env.PORT ? { PORT: process.env.PORT } : {}) })
process.env.DATABASE_URL = app.databaseUrl
process.env.SESSION_SECRET = secret
const { issueEmbedToken } = await import('~/features/chatbots/widget/widget.server.ts')
const { VISITOR_STREAMS } = await import('~/features/chatbots/handoff/handoff.server.ts')
const db = new pg.Client({ connectionString: app.databaseUrl })
await db.connect()
// Streams are held open: no pool of sockets may queue them behind each other.
const floodAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 4 })

const owner = (
	await db.query<{ id: string }>(
		`INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, 'x', now()) RETURNING id`,
		[`owner-${Date.now()}@bench.example.com`],
	)
).rows[0].id
const cookie = await benchSessionCookie(db, secret, owner)
const chatbotId = (
	await db.query<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, handoff)
		 VALUES ($1, 'Bench Shop', 'We open at nine.', 'Help.', '{"enabled": true, "waitSeconds": 600}') RETURNING id`,
		[owner],
	)
).rows[0].id
// The flood's conversations (two floods, each its own), held by the owner as after a take-over.
await db.query(
	`INSERT INTO chatbot_conversations (chatbot_id, visitor_id, client_id, handoff_state, handoff_user_id)
	 SELECT $1, 'visitor-' || lpad(i::text, 6, '0'), 'conversation-' || lpad(i::text, 6, '0'), 'person', $2
	 FROM generate_series(1, $3::int) AS i`,
	[chatbotId, owner, streams * 2],
)
const token = issueEmbedToken(chatbotId, null)
const pad = (i: number) => String(i).padStart(6, '0')

type Opened = { status: number; request: http.ClientRequest }

/** Opens visitor `i`'s stream from `address`: its status once the headers came (0: no answer). */
function openStream(i: number, address: string) {
	const query = new URLSearchParams({ token, visitorId: `visitor-${pad(i)}`, conversationId: `conversation-${pad(i)}` })
	return new Promise<Opened>((resolve) => {
		const request = http.get(
			`${app.origin}/api/embed/${chatbotId}/handoff/events?${query}`,
			{ agent: floodAgent, headers: { 'X-Forwarded-For': address, Accept: 'text/event-stream' } },
			(response) => {
				response.resume()
				// A refusal ends; an open stream stays open until the flood is over.
				resolve({ status: response.statusCode ?? 0, request })
			},
		)
		request.setTimeout(30_000, () => request.destroy())
		request.on('error', () => resolve({ status: 0, request }))
	})
}

/** One GET as whoever `headers` say: its time, or null on an error status or no answer. */
function timed(path: string, headers: Record<string, string> = {}) {
	const started = performance.now()
	return new Promise<number | null>((resolve) => {
		const request = http.get(`${app.origin}${path}`, { agent: probeAgent, headers }, (response) => {
			response.resume()
			response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : null))
		})
		request.setTimeout(30_000, () => request.destroy())
		request.on('error', () => resolve(null))
	})
}

const probes = {
	'owner Conversations page': () => timed(`/playground/chatbots/${chatbotId}/conversations`, { Cookie: cookie }),
	"another visitor's chat page": () =>
		timed(`/embed/${chatbotId}`, { 'Sec-Fetch-Dest': 'iframe', 'X-Forwarded-For': '10.200.0.1' }),
	'/healthz': () => timed('/healthz'),
}

/** Each probe, one request at a time, every 100 ms, for `windowMs`: p50, p95, max and errors. */
async function sample(windowMs: number) {
	const until = performance.now() + windowMs
	const results: Record<string, { times: number[]; errors: number }> = {}
	await Promise.all(
		Object.entries(probes).map(async ([name, probe]) => {
			const result = (results[name] = { times: [] as number[], errors: 0 })
			while (performance.now() < until) {
				const time = await probe()
				if (time === null) result.errors++
				else result.times.push(time)
				await sleep(100)
			}
		}),
	)
	for (const [name, { times, errors }] of Object.entries(results))
		console.log(
			`  ${name.padEnd(28)} p50 ${ms(percentile(times, 50)).padStart(7)}  p95 ${ms(percentile(times, 95)).padStart(7)}  max ${ms(Math.max(...times)).padStart(7)}  errors ${errors}/${times.length + errors}`,
		)
}

/** Opens the flood (visitor `first + i` from `addressOf(i)`), holds it while sampling, then closes it. */
async function flood(label: string, first: number, addressOf: (i: number) => string) {
	console.log(`\n${label}: ${streams} streams`)
	const started = performance.now()
	// The probes run from the flood's first request on: while it opens, and while it is held.
	const sampling = sample(holdMs)
	const opened = await Promise.all(Array.from({ length: streams }, (_, i) => openStream(first + i, addressOf(i))))
	const counts = new Map<number, number>()
	for (const { status } of opened) counts.set(status, (counts.get(status) ?? 0) + 1)
	console.log(
		`  opened in ${ms(performance.now() - started)}: ${[...counts]
			.sort(([a], [b]) => a - b)
			.map(([status, count]) => `${count} × ${status === 200 ? '200 (held open)' : status || 'no answer'}`)
			.join(', ')}`,
	)
	console.log(`  pages from the flood's start, for ${holdMs / 1000} s:`)
	await sampling
	for (const { request } of opened) request.destroy()
	await sleep(1_000)
	return counts
}

console.log(
	`Caps: ${VISITOR_STREAMS.perConversation} per conversation, ${VISITOR_STREAMS.perVisitor} per visitor, ${VISITOR_STREAMS.perAddress} per address, HANDOFF_VISITOR_STREAMS ${process.env.HANDOFF_VISITOR_STREAMS ?? 300} per process`,
)
console.log('\nNo flood:')
await sample(Math.min(holdMs, 5_000))
const one = await flood('One address', 1, () => '10.99.0.1')
const many = await flood('200 addresses × 10 visitors', streams + 1, (i) => `10.98.${Math.floor(i / 10)}.1`)
console.log('\nAfter the floods:')
await sample(Math.min(holdMs, 5_000))

await db.end()
await app.stop()
// The caps held: one address kept to its cap, the process to its own, each refusal a 429 or a 503.
const held = (counts: Map<number, number>) => counts.get(200) ?? 0
if (held(one) > VISITOR_STREAMS.perAddress || held(many) > Number(process.env.HANDOFF_VISITOR_STREAMS ?? 300)) {
	console.error('A cap did not hold.')
	process.exit(1)
}
process.exit(0)

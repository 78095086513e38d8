import { readFileSync } from 'node:fs'
// `npm run bench:dashboard`: 1,000 administrator SSE clients on one app process, 100 inserts into
// call_logs; latency from the INSERT to each client receiving its event (p50/p95/p99), and server
// memory per connected client. Goal: p95 under 100 ms with 1,000 clients.
// Env: BENCH_CLIENTS (default 1000), BENCH_INSERTS (default 100).
import http from 'node:http'
import pg from 'pg'
import { benchSessionCookie } from './session-cookie.ts'
import { startApp } from './start-app.ts'

const clients = Number(process.env.BENCH_CLIENTS ?? 1000)
const inserts = Number(process.env.BENCH_INSERTS ?? 100)
const secret = 'bench-session-secret-0123456789abcdef012345'
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
const percentile = (values: number[], p: number) =>
	values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]

const app = await startApp({ SESSION_SECRET: secret, ADMIN_EMAIL: 'admin@bench.example.com' })
const db = new pg.Client({ connectionString: app.databaseUrl })
await db.connect()
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const requests: http.ClientRequest[] = []
try {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO users (email, password_hash, email_verified_at) VALUES ('admin@bench.example.com', 'x', now()) RETURNING id`,
	)
	const cookie = await benchSessionCookie(db, secret, rows[0].id)

	const url = new URL('/playground/dashboard/events', app.origin)
	const received = new Map<string, number[]>() // row id -> receive times
	let errors = 0
	let open = 0
	const before = rssMb(app.pid)
	await Promise.all(
		Array.from(
			{ length: clients },
			() =>
				new Promise<void>((resolve) => {
					const req = http.get(url, { agent, headers: { Cookie: cookie, Accept: 'text/event-stream' } }, (res) => {
						if (res.statusCode !== 200) {
							errors++
							return resolve()
						}
						let buffer = ''
						res.setEncoding('utf8')
						res.on('data', (chunk: string) => {
							buffer += chunk
							let index
							while ((index = buffer.indexOf('\n\n')) >= 0) {
								const block = buffer.slice(0, index)
								buffer = buffer.slice(index + 2)
								if (block.includes('event: status')) {
									open++
									resolve()
								}
								if (block.includes('event: change')) {
									const id = /"id":"([^"]+)"/.exec(block)?.[1]
									if (id) received.set(id, [...(received.get(id) ?? []), performance.now()])
								}
							}
						})
						res.on('error', () => errors++)
					})
					req.on('error', () => {
						errors++
						resolve()
					})
					requests.push(req)
				}),
		),
	)
	const connected = rssMb(app.pid)

	const sent = new Map<string, number>()
	for (let i = 0; i < inserts; i++) {
		const started = performance.now()
		const { rows: inserted } = await db.query<{ id: string }>(
			`INSERT INTO call_logs (customer_name, call_status) VALUES ($1, 'in-progress') RETURNING id`,
			[`Bench ${i}`],
		)
		sent.set(inserted[0].id, started)
		await new Promise((r) => setTimeout(r, 20))
	}
	await new Promise((r) => setTimeout(r, 2000))

	const latencies: number[] = []
	let missing = 0
	for (const [id, started] of sent) {
		const times = received.get(id) ?? []
		missing += open - times.length
		for (const t of times) latencies.push(t - started)
	}
	latencies.sort((a, b) => a - b)
	console.log(
		`\nLive dashboard: ${open} SSE clients connected to one process (${errors} errors), ${inserts} inserts 20 ms apart`,
	)
	console.log(`  deliveries: ${latencies.length} of ${open * inserts} (${missing} missing)`)
	console.log(
		`  INSERT to event received: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (goal p95 < 100 ms) ${percentile(latencies, 95) < 100 ? 'PASS' : 'MISS'}`,
	)
	console.log(
		`  server memory: ${before.toFixed(1)} MB idle, ${connected.toFixed(1)} MB with ${open} clients: ~${(((connected - before) * 1024) / Math.max(1, open)).toFixed(0)} KB per client`,
	)
} finally {
	for (const req of requests) req.destroy()
	agent.destroy()
	await db.end()
	await app.stop()
}

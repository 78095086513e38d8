// `npm run bench:auth`: sign-in throughput and latency of the production build with bcrypt at the
// app's cost. Each request is a different user from a different client IP (X-Forwarded-For from
// loopback is trusted), so the rate limits measure what they would in real traffic.
// Then times sign-up for a new, an unverified and a verified address (they must not differ).
// Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_USERS (default 2000).
import os from 'node:os'
import autocannon from 'autocannon'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { BCRYPT_COST } from '~/features/accounts/password.server.ts'
import { startApp } from './start-app.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const users = Number(process.env.BENCH_USERS ?? 2000)
const password = 'benchmark-password'

const hashStart = performance.now()
const hash = await bcrypt.hash(password, BCRYPT_COST)
const hashMs = performance.now() - hashStart
const compareStart = performance.now()
for (let i = 0; i < 5; i++) await bcrypt.compare(password, hash)
const compareMs = (performance.now() - compareStart) / 5

const app = await startApp()
try {
	const client = new pg.Client({ connectionString: app.databaseUrl })
	await client.connect()
	await client.query(
		`INSERT INTO users (email, password_hash, full_name, email_verified_at)
		 SELECT 'bench-' || i || '@example.com', $1, 'Bench User', now() FROM generate_series(1, $2::int) AS i`,
		[hash, users],
	)
	await client.end()

	let next = 0
	const times: number[] = []
	const options: autocannon.Options = {
		url: `${app.origin}/auth`,
		connections,
		duration: seconds,
		requests: [
			{
				method: 'POST',
				setupRequest: (request) => {
					const i = (next++ % users) + 1
					return {
						...request,
						headers: {
							...request.headers,
							'content-type': 'application/x-www-form-urlencoded',
							'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
						},
						body: new URLSearchParams({ intent: 'signin', email: `bench-${i}@example.com`, password }).toString(),
					}
				},
			},
		],
	}
	const result = await new Promise<autocannon.Result>((resolve, reject) => {
		const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)))
		instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
	})
	times.sort((a, b) => a - b)
	const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(0)
	console.log(
		`\nSign-in, ${connections} connections, ${seconds} s, ${users} users (Node ${process.version}, ${os.cpus().length} cores)`,
	)
	console.log(
		`  bcrypt cost ${BCRYPT_COST}: hash ${hashMs.toFixed(0)} ms, compare ${compareMs.toFixed(0)} ms (bcryptjs, one core)`,
	)
	console.log(
		`  ${(times.length / seconds).toFixed(1)} sign-ins/s; latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${times.at(-1)?.toFixed(0)} ms`,
	)
	console.log(`  answers: ${JSON.stringify(result.statusCodeStats)} (302 = signed in)`)

	// Sign-up must take as long for an address that has an account as for one that does not, or the
	// form tells who is registered. One request at a time, so the figures are the work itself.
	const samples = 15
	let ip = 0
	async function timeSignUp(email: string) {
		ip++
		const started = performance.now()
		const response = await fetch(`${app.origin}/auth`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-forwarded-for': `10.250.${ip >> 8}.${ip & 255}`,
			},
			body: new URLSearchParams({ intent: 'signup', fullName: 'Bench', email, password, confirmPassword: password }),
		})
		await response.arrayBuffer()
		if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`)
		return performance.now() - started
	}
	const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(0)
	const fresh: number[] = []
	const pending: number[] = []
	const verified: number[] = []
	for (let i = 0; i < samples; i++) fresh.push(await timeSignUp(`bench-new-${i}@example.com`))
	for (let i = 0; i < samples; i++) pending.push(await timeSignUp(`bench-new-${i}@example.com`))
	for (let i = 0; i < samples; i++) verified.push(await timeSignUp(`bench-${i + 1}@example.com`))
	console.log(
		`\nSign-up, one at a time, median of ${samples}: new address ${median(fresh)} ms, unverified ${median(pending)} ms, verified account ${median(verified)} ms`,
	)
} finally {
	await app.stop()
}

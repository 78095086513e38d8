// `npm run bench:save`: how long the Chatbot Builder's posts take when they carry a lot of knowledge,
// against the production build on a throw-away database, as a browser posts them (multipart, same
// origin, signed in). The request only stores and queues (docs/decisions/0039-one-knowledge-pipeline.md):
// - "Create Chatbot" with a typed 5 MB text, and "Save Changes" of a 5 MB text on a chatbot's page
// - "Create Chatbot" with a 9 MB PDF chosen in the form
// Then, for each, how long its job takes to make the source Ready (the work the request no longer does).
// - "Add file" of three 9.9 MB text files on a chatbot's page, with the slowest /healthz answer while it
//   is stored: how long the server's event loop was held (the bytes go round Prisma's client,
//   app/lib/large-values.server.ts). BENCH_ONLY=add-files runs only that; BENCH_JOBS=0 starts the app
//   without its job worker, so the request is measured alone (docs/benchmarks.md).
import pg from 'pg'
import { makeHeavyPdf } from '../../tests/support/documents.ts'
import { benchSessionCookie } from './session-cookie.ts'
import { startApp } from './start-app.ts'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const secret = 'bench-session-secret-0123456789abcdef012345'
const ms = (value: number) => `${value.toFixed(0)} ms`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay))

function textOfSize(bytes: number) {
	const parts: string[] = []
	for (let i = 0, size = 0; size < bytes; i++) {
		parts.push(
			`Section ${i}: branch ${i} opens at nine and closes at five; call 0120-${1000 + i} or write to branch${i}@example.com.`,
		)
		size += parts[i].length + 2
	}
	return parts.join('\n\n')
}

const app = await startApp({
	SESSION_SECRET: secret,
	...(process.env.BENCH_JOBS === '0' ? { JOB_CONCURRENCY: '0' } : {}),
})
const db = new pg.Client({ connectionString: app.databaseUrl })
await db.connect()

/** A fresh signed-in account (each stays under the per-user knowledge total). */
async function account() {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, 'x', now()) RETURNING id`,
		[`save-${Date.now()}-${Math.random()}@bench.example.com`],
	)
	return benchSessionCookie(db, secret, rows[0].id)
}

/** One builder post; its time to the answer, and where it sent the browser. */
async function post(cookie: string, path: string, fields: Record<string, string>, files: File[] = []) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.append(key, value)
	for (const file of files) form.append('file', file)
	const started = performance.now()
	const response = await fetch(`${app.origin}${path}`, {
		method: 'POST',
		body: form,
		redirect: 'manual',
		headers: { Cookie: cookie, Origin: app.origin, 'Sec-Fetch-Site': 'same-origin' },
	})
	await response.arrayBuffer()
	const took = performance.now() - started
	const location = response.headers.get('Location') ?? ''
	if (response.status !== 302 || !/\/playground\/chatbots\/[\da-f-]{36}/.test(location))
		throw new Error(`${path} answered ${response.status} ${location}`)
	return { took, started, chatbotId: /[\da-f-]{36}/.exec(location)![0] }
}

/** How long after `since` the chatbot's sources of `kind` were all Ready (polled every 50 ms). */
async function readyAfter(chatbotId: string, kind: string, since: number) {
	for (;;) {
		const { rows } = await db.query<{ waiting: number; failed: number }>(
			`SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS waiting,
				count(*) FILTER (WHERE status = 'failed')::int AS failed
			FROM knowledge_sources WHERE chatbot_id = $1 AND kind = $2`,
			[chatbotId, kind],
		)
		if (rows[0].failed > 0) throw new Error(`a ${kind} source of ${chatbotId} failed`)
		if (rows[0].waiting === 0) return performance.now() - since
		await sleep(50)
	}
}

async function measure(label: string, kind: string, once: (cookie: string, run: number) => ReturnType<typeof post>) {
	const requests: number[] = []
	const jobs: number[] = []
	for (let run = 0; run < runs; run++) {
		const cookie = await account()
		const { took, started, chatbotId } = await once(cookie, run)
		requests.push(took)
		jobs.push(await readyAfter(chatbotId, kind, started))
	}
	console.log(
		`${label}: request median ${ms(median(requests))}, max ${ms(Math.max(...requests))}; Ready after ${ms(median(jobs))} (median, its job) over ${runs} runs`,
	)
}

/** The slowest /healthz answer (polled every 20 ms) while `work` runs: how long the server was held. */
async function slowestHealthz<T>(work: () => Promise<T>) {
	let slowest = 0
	let running = true
	const probe = (async () => {
		while (running) {
			const started = performance.now()
			await (await fetch(`${app.origin}/healthz`)).arrayBuffer()
			slowest = Math.max(slowest, performance.now() - started)
			await sleep(20)
		}
	})()
	try {
		return { result: await work(), slowest }
	} finally {
		running = false
		await probe
	}
}

async function measureAddFiles() {
	// Just under the 10 MB cap each.
	const files = ['a', 'b', 'c'].map((name) => new File([textOfSize(9.9 * 1024 * 1024)], `${name}.txt`))
	const requests: number[] = []
	const stalls: number[] = []
	for (let run = 0; run < runs; run++) {
		const cookie = await account()
		const { chatbotId } = await post(cookie, '/playground?index', {
			intent: 'create',
			name: `Files ${run}`,
			knowledgeBase: 'We open at nine.',
		})
		const { result, slowest } = await slowestHealthz(() =>
			post(cookie, `/playground/chatbots/${chatbotId}`, { intent: 'add-files' }, files),
		)
		const { rows } = await db.query<{ files: number }>(
			`SELECT count(*)::int AS files FROM knowledge_sources WHERE chatbot_id = $1 AND kind = 'file'`,
			[chatbotId],
		)
		if (rows[0].files !== files.length) throw new Error(`"Add file" stored ${rows[0].files} of ${files.length} files`)
		requests.push(result.took)
		stalls.push(slowest)
	}
	console.log(
		`"Add file" with three 9.9 MB text files on a chatbot page: request median ${ms(median(requests))}, max ${ms(Math.max(...requests))}; slowest /healthz meanwhile median ${ms(median(stalls))}, max ${ms(Math.max(...stalls))} over ${runs} runs`,
	)
}

try {
	if (process.env.BENCH_ONLY === 'add-files') await measureAddFiles()
	else await measureAll()
} finally {
	await db.end()
	await app.stop()
}

async function measureAll() {
	const text = textOfSize(5 * 1024 * 1024)
	const pdf = new File(
		[Buffer.from(await makeHeavyPdf([['The depot opens at 6:45.']], 9 * 1024 * 1024))],
		'handbook.pdf',
		{
			type: 'application/pdf',
		},
	)
	console.log(
		`Typed text: ${(text.length / 1e6).toFixed(2)} M characters; PDF: ${(pdf.size / 1024 / 1024).toFixed(1)} MB`,
	)
	await measure('Create Chatbot with a typed 5 MB text', 'text', (cookie, run) =>
		post(cookie, '/playground?index', { intent: 'create', name: `Typed ${run}`, knowledgeBase: text }),
	)
	await measure('Save Changes of a 5 MB text on a chatbot page', 'text', async (cookie, run) => {
		const { chatbotId } = await post(cookie, '/playground?index', {
			intent: 'create',
			name: `Saved ${run}`,
			knowledgeBase: 'We open at nine.',
		})
		await readyAfter(chatbotId, 'text', performance.now())
		return post(cookie, `/playground/chatbots/${chatbotId}`, {
			intent: 'update',
			id: chatbotId,
			name: `Saved ${run}`,
			knowledgeBase: text,
		})
	})
	await measure('Create Chatbot with a 9 MB PDF', 'file', (cookie, run) =>
		post(cookie, '/playground?index', { intent: 'create', name: `PDF ${run}`, knowledgeBase: '' }, [pdf]),
	)
	await measureAddFiles()
}

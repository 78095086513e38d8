// `npm run bench:noisy`: one account as a noisy neighbour of another, against the production build
// on a throw-away database, loopback only. Four scenarios, each started by a fresh noisy account:
// - tarpit: 30 leads to a lead webhook that never answers (each delivery waits out its time-out, retried)
// - crawls: two whole-site imports of a site whose twenty sitemaps and pages answer only after 30 s
// - uploads: twelve heavy PDFs (1,900 pages each) uploaded at once as knowledge files
// - saves: ten parallel saves of a 5.9 MB knowledge text through the builder, as a browser posts them
// For ANOTHER account, beside the same figures with no noise: its small .docx import's time from
// upload to ready, and its page's (GET /playground) p50/p95 and errors while the noise runs.
// Time-outs are the production defaults; each scenario is bounded (BENCH_WINDOW_MS, BENCH_MAX_WAIT_MS).
import http from 'node:http'
import pg from 'pg'
import { makeDocx, makeManyPagePdf } from '../../tests/support/documents.ts'
import { startSlowSite, startTarpit } from '../../tests/support/noisy-neighbours.ts'
import { benchSessionCookie } from './session-cookie.ts'
import { startApp } from './start-app.ts'

const windowMs = Number(process.env.BENCH_WINDOW_MS ?? 15_000)
const maxWaitMs = Number(process.env.BENCH_MAX_WAIT_MS ?? 120_000)
const secret = 'bench-session-secret-0123456789abcdef012345'
const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const tarpit = await startTarpit()
const slowSite = await startSlowSite({ sitemaps: 20, delayMs: 30_000 })
const app = await startApp({
	SESSION_SECRET: secret,
	WEBSITE_IMPORT_ALLOW: [tarpit.hostPort, slowSite.hostPort].join(','),
})
const db = new pg.Client({ connectionString: app.databaseUrl })
await db.connect()
// The bench queues leads with the app's own code (as the widget's lead form does), on the app's database.
process.env.DATABASE_URL = app.databaseUrl
process.env.SESSION_SECRET = secret
process.env.WEBSITE_IMPORT_ALLOW = [tarpit.hostPort, slowSite.hostPort].join(',')
const leads = await import('~/features/chatbots/conversations/leads.server.ts')
const { prisma } = await import('~/lib/db.server.ts')
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** A signed-in account with one chatbot. */
async function account(name: string) {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, 'x', now()) RETURNING id`,
		[`${name}-${Date.now()}@bench.example.com`],
	)
	const userId = rows[0].id
	const chatbot = await prisma.chatbot.create({
		data: { userId, name: `${name} bot`, knowledgeBase: 'We open at nine.', systemPrompt: 'Help.' },
	})
	const cookie = await benchSessionCookie(db, secret, userId)
	return { userId, chatbotId: chatbot.id, cookie }
}
type Account = Awaited<ReturnType<typeof account>>

/**
 * A builder post as the browser sends it (same origin, the session cookie): from the chatbot's page
 * (its sources), or the builder's own form at /playground (a save of the chatbot and its text).
 */
async function builderPost(
	who: Account,
	fields: Record<string, string>,
	files: Array<{ name: string; bytes: Uint8Array }> = [],
	path = `/playground/chatbots/${who.chatbotId}`,
) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.append(key, value)
	for (const file of files) form.append('file', new Blob([Buffer.from(file.bytes)]), file.name)
	const response = await fetch(`${app.origin}${path}`, {
		method: 'POST',
		body: form,
		redirect: 'manual',
		headers: { Cookie: who.cookie, Origin: app.origin, 'Sec-Fetch-Site': 'same-origin' },
	})
	await response.arrayBuffer()
	return response.status
}

/** GET /playground once, as the signed-in owner: its time, or null on an error status. */
function getPage(who: Account) {
	const started = performance.now()
	return new Promise<number | null>((resolve) => {
		const request = http.get(`${app.origin}/playground`, { agent, headers: { Cookie: who.cookie } }, (response) => {
			response.resume()
			response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : null))
		})
		request.setTimeout(30_000, () => request.destroy())
		request.on('error', () => resolve(null))
	})
}

const smallDocx = await makeDocx(['Opening hours: nine to five, Monday to Friday.', 'Returns within thirty days.'])
const heavyPdf = await makeManyPagePdf(1_900)
const bigText = 'Widgets ship from Pune within three working days of the order. '
	.repeat(Math.ceil(5.9e6 / 64))
	.slice(0, 5_900_000)

/**
 * The quiet account's figures while `noise` runs: its import's time to ready, and its page's
 * latencies over the window (one request at a time).
 */
async function measure(label: string, noise: (noisy: Account) => Promise<unknown>) {
	const noisy = await account(`noisy-${label}`)
	const quiet = await account(`quiet-${label}`)
	const noiseDone = noise(noisy).catch((error: Error) => console.warn(`  ${label}: the noise failed: ${error.message}`))
	await sleep(2_000)
	const pageTimes: number[] = []
	let pageErrors = 0
	const until = performance.now() + windowMs
	const sampling = (async () => {
		while (performance.now() < until) {
			const time = await getPage(quiet)
			if (time === null) pageErrors++
			else pageTimes.push(time)
			await sleep(100)
		}
	})()
	const started = performance.now()
	const posted = await builderPost(quiet, { intent: 'add-files' }, [{ name: 'hours.docx', bytes: smallDocx }])
	/** Its time to ready, or what happened instead. */
	let outcome = posted >= 400 ? `upload answered ${posted}` : `not ready within ${seconds(maxWaitMs)}`
	while (posted < 400 && performance.now() - started < maxWaitMs) {
		const { rows } = await db.query<{ status: string; error: string | null }>(
			`SELECT s.status, s.error FROM knowledge_sources s WHERE s.chatbot_id = $1 AND s.kind = 'file'`,
			[quiet.chatbotId],
		)
		if (rows[0] && !['queued', 'running'].includes(rows[0].status)) {
			outcome =
				rows[0].status === 'ready' ? seconds(performance.now() - started) : `${rows[0].status}: ${rows[0].error}`
			break
		}
		await sleep(100)
	}
	await sampling
	const result = {
		label,
		outcome,
		p50: percentile(pageTimes, 50),
		p95: percentile(pageTimes, 95),
		pageRequests: pageTimes.length + pageErrors,
		pageErrors,
	}
	// The noisy account leaves: its queued jobs find nothing to do, running ones end at their time-out.
	await db.query(`DELETE FROM users WHERE id = $1`, [noisy.userId])
	await Promise.race([noiseDone, sleep(20_000)])
	await waitForQuietQueue()
	return result
}

/** Until no job of a departed account is running (a tarpit delivery ends at its time-out). */
async function waitForQuietQueue() {
	const until = Date.now() + 60_000
	while (Date.now() < until) {
		const { rows } = await db.query<{ n: number }>(
			`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL`,
		)
		if (rows[0].n === 0) return
		await sleep(250)
	}
}

const scenarios: Array<[string, (noisy: Account) => Promise<unknown>]> = [
	['no noise', async () => {}],
	[
		'webhook tarpit (30 leads)',
		async (noisy) => {
			await leads.setWebhook(noisy.userId, noisy.chatbotId, `${tarpit.origin}/hook`)
			for (let i = 0; i < 30; i++)
				await leads.saveLead(
					noisy.chatbotId,
					{
						visitorId: `visitor-${i}-bench`,
						conversationId: `conv-${i}-bench-000`,
						name: `Lead ${i}`,
						email: `lead${i}@example.com`,
						phone: undefined,
					},
					{ pageUrl: null, country: null, ipHash: null },
				)
		},
	],
	[
		'two slow crawls (20 sitemaps each)',
		async (noisy) => {
			for (const path of ['/', '/shop'])
				await builderPost(noisy, {
					intent: 'add-website',
					url: `${slowSite.origin}${path}`,
					scope: 'site',
					maxPages: '100',
				})
		},
	],
	[
		'twelve heavy uploads',
		async (noisy) => {
			const files = Array.from({ length: 6 }, (_, i) => ({ name: `catalogue-${i}.pdf`, bytes: heavyPdf }))
			await Promise.all([
				builderPost(noisy, { intent: 'add-files' }, files),
				builderPost(noisy, { intent: 'add-files' }, files),
			])
		},
	],
	[
		'ten parallel 5.9 MB saves',
		async (noisy) => {
			const statuses = await Promise.all(
				Array.from({ length: 10 }, () =>
					builderPost(
						noisy,
						{ intent: 'update', id: noisy.chatbotId, name: 'Noisy bot', knowledgeBase: bigText },
						[],
						'/playground?index',
					),
				),
			)
			console.log(`  (the ten saves answered ${statuses.join(', ')})`)
		},
	],
]

try {
	console.log(
		`\nNoisy neighbours: another account's small import and its GET /playground while one account makes noise (production build, window ${seconds(windowMs)})`,
	)
	const results = []
	// BENCH_ONLY=saves,crawls runs those scenarios (and the quiet one) alone.
	const only = process.env.BENCH_ONLY?.split(',')
	for (const [label, noise] of scenarios) {
		if (only && label !== 'no noise' && !only.some((word) => label.includes(word))) continue
		const result = await measure(label, noise)
		results.push(result)
		console.log(
			`  ${label}: import ${result.outcome}; /playground p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, ${result.pageErrors} errors of ${result.pageRequests}`,
		)
	}
	console.log('\n| Scenario | Import ready | /playground p95 | Page errors |\n|---|---|---|---|')
	for (const result of results)
		console.log(
			`| ${result.label} | ${result.outcome} | ${result.p95.toFixed(0)} ms | ${result.pageErrors} / ${result.pageRequests} |`,
		)
} finally {
	agent.destroy()
	await prisma.$disconnect()
	await db.end()
	await app.stop()
	await Promise.all([tarpit.close(), slowSite.close()])
}

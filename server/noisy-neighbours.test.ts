// One account as a noisy neighbour, through the real job queue (both lanes of graphile-worker on
// this test's database), the real SSRF-safe fetcher and the real sandbox: thirty leads to a webhook
// that never answers, two crawls of a site whose twenty sitemaps each cost a time-out, and twelve
// heavy PDFs uploaded at once. Another account's small file import is still ready in seconds, and the
// noisy account never holds more than its share of job slots. docs/decisions/0022-fair-background-work.md
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { makeDocx, makeManyPagePdf } from '../tests/support/documents.ts'
import { startSlowSite, startTarpit, type NoisyServer } from '../tests/support/noisy-neighbours.ts'

let tarpit: NoisyServer
let slowSite: NoisyServer
let db: typeof import('~/lib/db.server.ts')
let jobs: typeof import('./jobs.ts')
let sources: typeof import('~/features/chatbots/sources/sources.server.ts')
let schema: typeof import('~/features/chatbots/sources/source-schema.ts')
let leads: typeof import('~/features/chatbots/conversations/leads.server.ts')
let fileText: typeof import('~/features/chatbots/ingest/file-text.server.ts')
const users: string[] = []

beforeAll(async () => {
	tarpit = await startTarpit()
	slowSite = await startSlowSite({ sitemaps: 20, delayMs: 30_000 })
	process.env.WEBSITE_IMPORT_ALLOW = [tarpit.hostPort, slowSite.hostPort].join(',')
	// Today's time-outs, scaled down: each request to the tarpit or the slow site costs a second.
	process.env.WEBHOOK_TIMEOUT_MS = '1000'
	process.env.CRAWL_PAGE_TIMEOUT_MS = '1000'
	process.env.CRAWL_DELAY_MS = '0'
	process.env.PARSE_TIMEOUT_MS = '20000'
	vi.spyOn(console, 'log').mockImplementation(() => {})
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	vi.spyOn(console, 'error').mockImplementation(() => {})
	db = await import('~/lib/db.server.ts')
	jobs = await import('./jobs.ts')
	sources = await import('~/features/chatbots/sources/sources.server.ts')
	schema = await import('~/features/chatbots/sources/source-schema.ts')
	leads = await import('~/features/chatbots/conversations/leads.server.ts')
	fileText = await import('~/features/chatbots/ingest/file-text.server.ts')
})

afterAll(async () => {
	await db.prisma.user.deleteMany({ where: { id: { in: users } } })
	await Promise.all([tarpit.close(), slowSite.close()])
	for (const name of [
		'WEBSITE_IMPORT_ALLOW',
		'WEBHOOK_TIMEOUT_MS',
		'CRAWL_PAGE_TIMEOUT_MS',
		'CRAWL_DELAY_MS',
		'PARSE_TIMEOUT_MS',
	])
		delete process.env[name]
})

async function account(name: string) {
	const user = await db.prisma.user.create({
		data: { email: `${name}-${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() },
	})
	users.push(user.id)
	const chatbot = await db.prisma.chatbot.create({
		data: { userId: user.id, name: `${name} bot`, knowledgeBase: '', systemPrompt: 'Help.' },
	})
	return { userId: user.id, chatbotId: chatbot.id }
}

/** The most jobs of each flag running at once on the main lane, and deliveries per chatbot, sampled. */
function sampleRunningJobs() {
	const most = { account: 0, webhookPerChatbot: 0 }
	let sampling = true
	const done = (async () => {
		while (sampling) {
			const rows = await db.prisma.$queryRaw<Array<{ lane: string; n: number }>>`
				SELECT CASE WHEN t.identifier = 'deliver-lead' THEN 'webhook:' || COALESCE(q.queue_name, '') ELSE f.flag END AS lane,
					count(*)::int AS n
				FROM graphile_worker._private_jobs j
				JOIN graphile_worker._private_tasks t ON t.id = j.task_id
				LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
				LEFT JOIN LATERAL jsonb_object_keys(j.flags) AS f(flag) ON true
				WHERE j.locked_by IS NOT NULL
				GROUP BY 1`
			for (const row of rows) {
				if (row.lane.startsWith('webhook:')) most.webhookPerChatbot = Math.max(most.webhookPerChatbot, row.n)
				else if (row.lane.startsWith('account:')) most.account = Math.max(most.account, row.n)
			}
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
	})()
	return {
		stop: async () => {
			sampling = false
			await done
			return most
		},
	}
}

test('one account running a webhook tarpit, two slow crawls and twelve heavy uploads leaves another account’s import quick', async () => {
	const noisy = await account('noisy')
	const quiet = await account('quiet')
	const heavyPdf = await makeManyPagePdf(600)
	const smallDocx = await makeDocx(['Opening hours: nine to five, Monday to Friday.'])

	const lanes = await jobs.startJobLanes({
		connectionString: process.env.DATABASE_URL!,
		concurrency: 2,
		webhookConcurrency: 2,
	})
	const running = sampleRunningJobs()
	let uploads: Promise<unknown> = Promise.resolve()
	try {
		// The tarpit: thirty leads, each delivery waits out the time-out and is retried with backoff.
		expect(await leads.setWebhook(noisy.userId, noisy.chatbotId, `${tarpit.origin}/hook`)).toBe(true)
		for (let i = 0; i < 30; i++) {
			await leads.saveLead(
				noisy.chatbotId,
				{
					visitorId: `visitor-${i}-aaaa`,
					conversationId: `conv-${i}-bbbbbbbb`,
					name: `Lead ${i}`,
					email: `lead${i}@example.com`,
					phone: undefined,
				},
				{ pageUrl: null, country: null, ipHash: null },
			)
		}
		// Two crawls of the slow site: twenty sitemaps each, every one a time-out.
		for (const path of ['/', '/shop']) {
			const form = schema.WebsiteSourceSchema.parse({ scope: 'site', url: `${slowSite.origin}${path}`, maxPages: '50' })
			expect(await sources.addWebsiteSource(noisy.userId, noisy.chatbotId, form)).toBe(true)
		}
		// Twelve heavy uploads at once, read by the builder's upload path (the sandbox of this process).
		uploads = Promise.allSettled(
			Array.from({ length: 12 }, (_, i) =>
				fileText.extractFileText({ name: `catalogue-${i}.pdf`, bytes: heavyPdf, owner: noisy.userId }),
			),
		)
		// Let the noise take hold before the quiet account arrives.
		await new Promise((resolve) => setTimeout(resolve, 1_500))

		const started = performance.now()
		expect(
			await sources.addFileSources(quiet.userId, quiet.chatbotId, [{ name: 'hours.docx', bytes: smallDocx }]),
		).toBe(true)
		let status = 'queued'
		while (['queued', 'running'].includes(status) && performance.now() - started < 30_000) {
			await new Promise((resolve) => setTimeout(resolve, 50))
			const source = await db.prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId: quiet.chatbotId } })
			status = source.status
		}
		const waited = performance.now() - started
		expect(status).toBe('ready')
		// Before: behind every noisy job (minutes at production time-outs, 20 s and more at these).
		// Now: its own slot at once, and its turn in the sandbox after at most one heavy PDF.
		expect(waited).toBeLessThan(10_000)

		const most = await running.stop()
		// The noisy account never held more than its share (one of the two main slots) ...
		expect(most.account).toBeLessThanOrEqual(1)
		// ... and its tarpit never held more than one webhook slot.
		expect(most.webhookPerChatbot).toBeLessThanOrEqual(1)
		expect(slowSite.requests()).toBeGreaterThan(1)
		// The webhook lane: the main runner does not know deliveries; each waits WEBHOOK_TIMEOUT_MS
		// (1 s here), then the next lead of the chatbot has its turn.
		expect(Object.keys(jobs.jobTaskList)).not.toContain('deliver-lead')
		expect(Object.keys(jobs.webhookTaskList)).toEqual(expect.arrayContaining(['deliver-lead', 'send-email']))
		await uploads
		const deliveries = await db.prisma.$queryRaw<Array<{ error: string }>>`
			SELECT error FROM lead_webhook_deliveries WHERE chatbot_id = ${noisy.chatbotId}::uuid`
		expect(deliveries.length).toBeGreaterThanOrEqual(3)
		expect(deliveries[0].error).toMatch(/within 1 second/)
	} finally {
		await running.stop()
		await uploads
		await lanes.stop()
	}
}, 60_000)

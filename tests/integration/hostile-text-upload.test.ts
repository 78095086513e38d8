// A text file built to make regular expressions backtrack, and text files of nine million line
// breaks, posted the way the Chatbot Builder's create form sends them (its route action, with the
// multipart request the form sends) and read by the `ingest-file` job. Meanwhile the real /healthz
// loader, served over HTTP from this same process, keeps answering, and the event loop is never held
// (ADR 0024). The request only stores the files (ADR 0039); the job reads them in the sandbox. Before,
// 256 KB of spaces with no line break held the event loop for 115 s through the old upload intent and
// 75 s through the job (a busy machine; the issue measured 3.7 s for 60 KB and over 30 s for 200 KB).
// A server started in-process rather than the production build: the work and /healthz share one event
// loop either way, and this one shows what held it.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { runOnce } from 'graphile-worker'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'

/** Spaces with no line break, then an "x": the run that `/[ \t]+\n/g` went over again from each space. */
const HOSTILE_TEXT = `Parking is free for visitors.${' '.repeat(256 * 1024)}x`
/** Generous for a busy 2-core machine; the old code held the loop for tens of seconds. */
const MAX_STALL_MS = 1_000

let server: http.Server
let healthUrl: string
let userId: string
let chatbotId: string
let db: typeof import('~/lib/db.server.ts')

beforeAll(async () => {
	vi.spyOn(console, 'log').mockImplementation(() => {})
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	db = await import('~/lib/db.server.ts')
	const { loader } = await import('~/routes/healthz.ts')
	server = http.createServer(async (req, res) => {
		const answer = await loader({
			request: new Request(`http://localhost${req.url}`),
			params: {},
			context: {},
		} as never)
		res.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(await answer.text())
	})
	server.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	healthUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`
	userId = (await db.prisma.user.create({ data: { email: `hostile-${randomUUID()}@example.com`, passwordHash: 'x' } }))
		.id
	chatbotId = (await db.prisma.chatbot.create({ data: { userId, name: 'Files', knowledgeBase: '', systemPrompt: '' } }))
		.id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await db.prisma.user.delete({ where: { id: userId } })
	await new Promise((resolve) => server.close(resolve))
})

/**
 * Runs `work` while asking /healthz every 20 ms and timing the event loop. A health check counts
 * from when it was due, so one that could not even be sent while the loop was held counts as slow.
 * The loop is timed by a 10 ms interval's longest gap between ticks: a `monitorEventLoopDelay`
 * histogram made after an earlier one in the same process read 0 through a 10 s hold.
 */
async function watchingHealth<T>(work: () => Promise<T>) {
	let slowestHealthMs = 0
	const unhealthy: string[] = []
	let watching = true
	const check = async () => {
		const due = performance.now()
		try {
			const response = await fetch(healthUrl)
			const body = await response.text()
			if (response.status !== 200) unhealthy.push(`${response.status} ${body}`)
		} catch (error) {
			unhealthy.push(String((error as Error).cause ?? error))
		}
		slowestHealthMs = Math.max(slowestHealthMs, performance.now() - due)
	}
	await check() // the server and the database answer before the work starts
	expect(unhealthy).toEqual([])
	const watcher = (async () => {
		while (watching) {
			await sleep(20)
			await check()
		}
	})()
	let lastTick = performance.now()
	let worstLoopDelayMs = 0
	const ticker = setInterval(() => {
		const now = performance.now()
		worstLoopDelayMs = Math.max(worstLoopDelayMs, now - lastTick)
		lastTick = now
	}, 10)
	try {
		const result = await work()
		await sleep(50) // a check that was due while the work ran gets its answer
		return { result, slowestHealthMs, worstLoopDelayMs, unhealthy }
	} finally {
		clearInterval(ticker)
		watching = false
		await watcher
	}
}

/** The create form's post of these files, as the browser sends it. */
function createRequest(name: string, files: Array<{ name: string; text: string }>) {
	const form = new FormData()
	form.append('intent', 'create')
	form.append('name', name)
	form.append('knowledgeBase', '')
	for (const file of files) form.append('file', new File([file.text], file.name, { type: 'text/plain' }))
	return new Request('http://localhost/playground', { method: 'POST', body: form })
}

/** The route action's answer to a post: a redirect's status and place, or the page data's status and toast. */
async function answerTo(request: Request) {
	const { builderAction } = await import('~/routes/playground/chatbots/builder-actions.server.ts')
	const result = await builderAction(request, userId)
	if (result instanceof Response)
		return { status: result.status, location: result.headers.get('Location'), toast: null }
	const { data, init } = result as unknown as {
		data: { toast: { title: string; description?: string } | null }
		init: ResponseInit | null
	}
	return { status: init?.status ?? 200, location: null, toast: data.toast }
}

const runJobs = async () => {
	const { jobTaskList } = await import('../../server/jobs.ts')
	await runOnce({ connectionString: process.env.DATABASE_URL!, taskList: jobTaskList, logger: undefined })
}

const sourcesOf = (name: string) =>
	db.prisma.knowledgeSource.findMany({
		where: { chatbot: { userId, name }, kind: 'file' },
		orderBy: { origin: 'asc' },
		omit: { fileData: true },
	})

test('several 9 MB text files created with a chatbot are stored by the request and read by the job while the event loop stays free', async () => {
	// Line breaks (old Mac style) with one sentence: the web process used to split and rejoin nine
	// million lines per file, one file after another, with no turn for anything else (ten 10 MB
	// files held it for 15 s).
	const files = Array.from({ length: 8 }, (_, i) => ({
		name: `breaks-${i}.txt`,
		text: `File ${i} says parking is free.${'\r'.repeat(9 * 1024 * 1024)}`,
	}))
	const request = createRequest('Nine megabytes', files) // made before the watch: encoding the test's files is not the server's work
	const saved = await watchingHealth(() => answerTo(request))
	expect(saved.result.status).toBe(302)
	expect(saved.worstLoopDelayMs).toBeLessThan(MAX_STALL_MS)
	expect(saved.slowestHealthMs).toBeLessThan(MAX_STALL_MS)
	expect(saved.unhealthy).toEqual([])
	expect((await sourcesOf('Nine megabytes')).map((source) => source.status)).toEqual(Array(8).fill('queued'))

	const read = await watchingHealth(runJobs)
	const sources = await sourcesOf('Nine megabytes')
	expect(sources.map((source) => [source.status, source.error])).toEqual(Array(8).fill(['ready', null]))
	const chunks = await db.prisma.knowledgeChunk.findMany({
		where: { sourceId: { in: sources.map((source) => source.id) } },
		orderBy: { content: 'asc' },
	})
	expect(chunks.map((chunk) => chunk.content)).toEqual(files.map((_, i) => `File ${i} says parking is free.`))
	expect(read.worstLoopDelayMs).toBeLessThan(MAX_STALL_MS)
	expect(read.slowestHealthMs).toBeLessThan(MAX_STALL_MS)
	expect(read.unhealthy).toEqual([])
}, 300_000)

test('posts with files are rate-limited per user, before anything is stored', async () => {
	const { chargeKnowledgeUploads, chatbotLimits } = await import('~/features/chatbots/chatbot-limits.server.ts')
	// The user's earlier uploads in this window (this file's other tests made a few too).
	for (let i = 0; i < chatbotLimits.knowledgeUploadsPerUser.limit; i++) await chargeKnowledgeUploads(userId)
	const answer = await answerTo(
		createRequest('Too many', [{ name: 'notes.txt', text: 'Parking is free for visitors.' }]),
	)
	expect(answer.status).toBe(429)
	expect(answer.toast).toMatchObject({ title: 'Upload failed' })
	expect(answer.toast?.description).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./)
	expect(await db.prisma.chatbot.count({ where: { userId, name: 'Too many' } })).toBe(0)
	await db.prisma.$executeRaw`DELETE FROM rate_limits WHERE key = ${`knowledge-upload:user:${userId}`}`
})

test('the ingest-file job reads a hostile text file while /healthz keeps answering', async () => {
	const sources = await import('~/features/chatbots/sources/sources.server.ts')
	const { jobTaskList } = await import('../../server/jobs.ts')
	const bytes = new TextEncoder().encode(HOSTILE_TEXT)
	expect(await sources.addFileSources(userId, chatbotId, [{ name: 'notes.txt', bytes }])).toBe(true)
	const { slowestHealthMs, worstLoopDelayMs, unhealthy } = await watchingHealth(() =>
		runOnce({ connectionString: process.env.DATABASE_URL!, taskList: jobTaskList, logger: undefined }),
	)
	const source = await db.prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId, origin: 'notes.txt' } })
	expect(source).toMatchObject({ status: 'ready', error: null })
	const chunks = await db.prisma.knowledgeChunk.findMany({ where: { sourceId: source.id } })
	expect(chunks.map((chunk) => chunk.content)).toEqual(['Parking is free for visitors. x'])
	expect(worstLoopDelayMs).toBeLessThan(MAX_STALL_MS)
	expect(slowestHealthMs).toBeLessThan(MAX_STALL_MS)
	expect(unhealthy).toEqual([])
}, 300_000)

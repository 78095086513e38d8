// Hostile files and pages go through the real sandbox (child processes, capped heap, time budget):
// each gets a clear refusal, and the server's own event loop keeps answering meanwhile.
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import {
	hugeTablePage,
	makeDocxBomb,
	makeLoopingDoc,
	makeManyPagePdf,
	makePdfBomb,
	nestedDivPage,
} from '../../../tests/support/documents.ts'

process.env.PARSE_TIMEOUT_MS = '5000'
let sandbox: typeof import('./sandbox.server.ts')

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	sandbox = await import('./sandbox.server.ts')
})
afterAll(() => {
	delete process.env.PARSE_TIMEOUT_MS
})

/** Runs `work` while sampling how late a 10 ms timer fires on this process; returns the worst delay. */
async function worstEventLoopDelay(work: () => Promise<unknown>) {
	let worst = 0
	let last = performance.now()
	const probe = setInterval(() => {
		const now = performance.now()
		worst = Math.max(worst, now - last - 10)
		last = now
	}, 10)
	try {
		await work()
	} finally {
		clearInterval(probe)
	}
	return worst
}

async function refusal(task: 'document' | 'html', args: unknown[]) {
	const error = await sandbox.runInSandbox(task, args).then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(sandbox.SandboxError)
	return error as InstanceType<typeof sandbox.SandboxError>
}

test('a .doc whose sector chain loops costs a child process, not the server', async () => {
	let error: Awaited<ReturnType<typeof refusal>> | undefined
	const delay = await worstEventLoopDelay(async () => (error = await refusal('document', ['doc', makeLoopingDoc()])))
	expect(['too-large', 'too-slow', 'failed']).toContain(error!.reason)
	expect(delay).toBeLessThan(200)
	// The pool replaced the process: the next file is read.
	expect(await sandbox.runInSandbox('html', ['<p>still here</p>'])).toBe('still here')
}, 30_000)

test('a DOCX whose XML inflates to 40 MB is refused by its unpacked size', async () => {
	const bomb = await makeDocxBomb(40)
	expect(bomb.byteLength).toBeLessThan(500_000)
	let error: Awaited<ReturnType<typeof refusal>> | undefined
	const delay = await worstEventLoopDelay(async () => (error = await refusal('document', ['docx', bomb])))
	expect(error).toMatchObject({ reason: 'refused', message: 'It unpacks to more than 30 MB.' })
	expect(delay).toBeLessThan(200)
}, 30_000)

test('a PDF whose content stream inflates to 100 MB does not block the server', async () => {
	const bomb = await makePdfBomb(100)
	expect(bomb.byteLength).toBeLessThan(1_000_000)
	const delay = await worstEventLoopDelay(() => sandbox.runInSandbox('document', ['pdf', bomb]).catch(() => null))
	expect(delay).toBeLessThan(200)
}, 30_000)

test('a PDF of 20,000 pages is refused by its page count', async () => {
	const pdf = await makeManyPagePdf(20_000)
	const error = await refusal('document', ['pdf', pdf])
	expect(error.reason).toBe('refused')
	expect(error.message).toBe('It has 20,000 pages; at most 2,000 are read.')
}, 60_000)

test('pages nested 3,000 or 100,000 deep are refused; a 3 MB table is read off the event loop', async () => {
	for (const depth of [3_000, 100_000]) {
		const error = await refusal('html', [nestedDivPage(depth)])
		expect(error).toMatchObject({ reason: 'refused', message: 'Its elements nest more than 512 levels deep.' })
	}
	const delay = await worstEventLoopDelay(() => sandbox.runInSandbox('html', [hugeTablePage(3)]).catch(() => null))
	expect(delay).toBeLessThan(200)
}, 60_000)

test('hostile uploads at once run two at a time, the rest wait their turn; none reaches the server', async () => {
	let mostRunning = 0
	let mostWaiting = 0
	const sample = setInterval(() => {
		const { running, waiting } = sandbox.sandboxLoad()
		mostRunning = Math.max(mostRunning, running)
		mostWaiting = Math.max(mostWaiting, waiting)
	}, 20)
	const results = await Promise.all(
		Array.from({ length: 6 }, () =>
			sandbox.runInSandbox('document', ['doc', makeLoopingDoc()]).then(
				() => 'read',
				(e: unknown) => e,
			),
		),
	)
	clearInterval(sample)
	for (const result of results) expect(result).toBeInstanceOf(sandbox.SandboxError)
	expect(mostRunning).toBeLessThanOrEqual(2)
	expect(mostWaiting).toBeGreaterThanOrEqual(4)
	expect(sandbox.sandboxLoad()).toEqual({ running: 0, waiting: 0 })
}, 60_000)

test('owners take turns: one owner’s dozen tasks delay another’s one by at most the tasks already running', async () => {
	const finished: string[] = []
	const read = (owner: string, label: string) =>
		sandbox
			.runInSandbox('html', [`<p>${label}</p>`], { owner, reuseKey: owner })
			.then((text) => void finished.push(text as string))
	const noisy = Array.from({ length: 12 }, (_, i) => read('noisy', `noisy-${i}`))
	const quiet = read('quiet', 'quiet')
	await Promise.all([...noisy, quiet])
	// Before: first come, first served, so it came last. Now it has the next free slot: only the
	// noisy tasks that held the (one or two) slots when it arrived finish before it.
	expect(finished.indexOf('quiet')).toBeLessThanOrEqual(2)
	expect(finished).toHaveLength(13)
	expect(sandbox.sandboxLoad()).toEqual({ running: 0, waiting: 0 })
}, 60_000)

test('one owner cannot fill the waiting line: it is told to wait, another owner is still served', async () => {
	const outcomes = await Promise.all([
		...Array.from({ length: 40 }, (_, i) =>
			sandbox.runInSandbox('html', [`<p>noisy ${i}</p>`], { owner: 'noisy', reuseKey: 'noisy' }).then(
				() => 'read',
				(error: unknown) => (error instanceof sandbox.SandboxError ? error.reason : 'other'),
			),
		),
		sandbox.runInSandbox('html', ['<p>quiet</p>'], { owner: 'quiet' }),
	])
	expect(outcomes.at(-1)).toBe('quiet')
	expect(outcomes.filter((outcome) => outcome === 'busy').length).toBeGreaterThan(0)
	expect(outcomes.filter((outcome) => outcome === 'other')).toEqual([])
}, 60_000)

// Runs the parsers of untrusted input (text, PDF, DOCX, DOC, HTML, pictures) in child processes: one
// fresh process per task (or per crawl), with a capped heap and a wall-clock budget, killed when over
// either; at most two at a time, a bounded queue behind them. The web server's event loop never runs
// a parser, a crash (even a V8 abort) costs only that child, and twenty hostile uploads at once wait
// their turn instead of exhausting memory. Why not a pool library: docs/decisions/0012-sandboxed-parsers.md.
// The slots are shared fairly between owners (accounts, or visitors): waiting tasks are served in
// turn, one owner at a time, so one account's dozen heavy uploads delay another's small one by at
// most one task (docs/decisions/0022-fair-background-work.md).
import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { getEnv } from '~/lib/env.server.ts'

/** Heap of each parser process. */
const WORKER_HEAP_MB = 256
/** Parser processes running at once, and tasks waiting for one before new ones are refused. */
const MAX_RUNNING = Math.max(1, Math.min(2, availableParallelism() - 1))
const MAX_WAITING = 32

export type SandboxFailure = 'refused' | 'too-slow' | 'too-large' | 'busy' | 'failed'

export class SandboxError extends Error {
	constructor(
		public reason: SandboxFailure,
		message: string,
		options?: ErrorOptions,
	) {
		super(message, options)
		this.name = 'SandboxError'
	}
}

/**
 * The worker script: the compiled build/parse-worker.js when this code runs from the production
 * build (bundled into build/server/index.js for requests, or into build/server.js for background
 * jobs), or the TypeScript source under tsx.
 */
function workerScript() {
	for (const relative of ['./parse-worker.js', '../parse-worker.js']) {
		const built = fileURLToPath(new URL(relative, import.meta.url))
		if (existsSync(built)) return { script: built, execArgv: [] }
	}
	return { script: fileURLToPath(new URL('./parse-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
}

/** An owner's waiting tasks beyond which its next is refused: the rest of the queue stays for others. */
const MAX_WAITING_PER_OWNER = MAX_WAITING / 2
/** Tasks that name no owner share this one. */
const NO_OWNER = ''

let running = 0
/** Parser processes each owner has running now. */
const runningByOwner = new Map<string, number>()
/** Each owner's waiting tasks in order; the map's order is the turn (an owner served goes last). */
const waiting = new Map<string, Array<() => void>>()
let waitingCount = 0

function start(owner: string) {
	running++
	runningByOwner.set(owner, (runningByOwner.get(owner) ?? 0) + 1)
}

async function acquire(owner: string) {
	// A free slot goes to whoever asks, unless others wait for it (they were first).
	if (running < MAX_RUNNING && waitingCount === 0) return start(owner)
	const queue = waiting.get(owner) ?? []
	if (waitingCount >= MAX_WAITING || queue.length >= MAX_WAITING_PER_OWNER) {
		throw new SandboxError('busy', 'Too many files are being read right now. Try again in a moment.')
	}
	waiting.set(owner, queue)
	waitingCount++
	await new Promise<void>((resolve) => queue.push(resolve))
}

function release(owner: string) {
	running--
	const left = (runningByOwner.get(owner) ?? 1) - 1
	if (left > 0) runningByOwner.set(owner, left)
	else runningByOwner.delete(owner)
	// Round-robin: the first owner in turn that has fewer tasks running than the others could use.
	// With two slots, one owner's second task waits while another owner has one waiting.
	const owners = [...waiting.keys()]
	const next =
		owners.find((candidate) => (runningByOwner.get(candidate) ?? 0) === 0) ??
		owners.find((candidate) => (runningByOwner.get(candidate) ?? 0) < MAX_RUNNING)
	if (next === undefined) return
	const queue = waiting.get(next)!
	const resume = queue.shift()!
	waitingCount--
	// Its turn is over: it goes to the back of the line (or leaves it).
	waiting.delete(next)
	if (queue.length > 0) waiting.set(next, queue)
	start(next)
	resume()
}

/** Parser processes running now and tasks waiting for one (for tests and logs). */
export function sandboxLoad() {
	return { running, waiting: waitingCount }
}

export type SandboxTask = 'document' | 'html' | 'page' | 'sitemap' | 'avatar'

export type SandboxOptions = {
	/**
	 * Tasks that share a `reuseKey` (the pages of one crawl: one owner's input) may run one after
	 * another in the same warm child, which saves a process start per page; anything else gets a fresh one.
	 */
	reuseKey?: string
	/** Whose task this is (an account id, or a visitor's key): owners take turns for the slots. */
	owner?: string
}

/** Runs one parser task in the sandbox; any failure is a SandboxError that says why in the user's words. */
export async function runInSandbox<T>(task: SandboxTask, args: unknown[], { reuseKey, owner }: SandboxOptions = {}) {
	const key = owner ?? NO_OWNER
	await acquire(key)
	try {
		return await runChild<T>(task, args, getEnv().PARSE_TIMEOUT_MS, reuseKey)
	} finally {
		release(key)
	}
}

/** How many tasks a warm child serves, and how long it waits for the next, before it exits. */
const MAX_TASKS_PER_CHILD = 50
const IDLE_CHILD_MS = 5_000

type SandboxChild = { process: ChildProcess; served: number; stderr: string; idleTimer?: NodeJS.Timeout }
const warmChildren = new Map<string, SandboxChild>()

function startChild(): SandboxChild {
	const { script, execArgv } = workerScript()
	const child: SandboxChild = {
		process: fork(script, [], {
			execArgv: [...execArgv, `--max-old-space-size=${WORKER_HEAP_MB}`, '--stack-size=2048'],
			serialization: 'advanced',
			stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		}),
		served: 0,
		stderr: '',
	}
	child.process.stderr?.on('data', (chunk: Buffer) => (child.stderr = (child.stderr + chunk.toString()).slice(-2000)))
	return child
}

function takeWarmChild(reuseKey: string | undefined) {
	if (!reuseKey) return null
	const child = warmChildren.get(reuseKey)
	warmChildren.delete(reuseKey)
	if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return null
	clearTimeout(child.idleTimer)
	child.process.ref()
	child.process.channel?.ref()
	return child
}

/** Keeps a child that finished its task cleanly for the next task with the same key. */
function parkChild(child: SandboxChild, reuseKey: string | undefined) {
	if (!reuseKey || child.served >= MAX_TASKS_PER_CHILD || warmChildren.has(reuseKey)) {
		child.process.kill('SIGKILL')
		return
	}
	// An idle child must not keep the server (or a test run) alive.
	child.process.unref()
	child.process.channel?.unref()
	child.idleTimer = setTimeout(() => {
		if (warmChildren.get(reuseKey) === child) warmChildren.delete(reuseKey)
		child.process.kill('SIGKILL')
	}, IDLE_CHILD_MS)
	child.idleTimer.unref()
	warmChildren.set(reuseKey, child)
}

function runChild<T>(task: SandboxTask, args: unknown[], timeoutMs: number, reuseKey?: string) {
	const child = takeWarmChild(reuseKey) ?? startChild()
	child.served++
	const worker = child.process
	type Reply = { ok: true; value: T } | { ok: false; error: { name: string; message: string } }
	return new Promise<T>((resolve, reject) => {
		let settled = false
		const settle = (outcome: () => void, reusable = false) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			worker.off('message', onMessage)
			worker.off('exit', onExit)
			worker.off('error', onError)
			if (reusable) parkChild(child, reuseKey)
			else if (worker.exitCode === null) worker.kill('SIGKILL')
			outcome()
		}
		const timer = setTimeout(
			() =>
				settle(() =>
					reject(new SandboxError('too-slow', `It took longer than ${Math.round(timeoutMs / 1000)} seconds to read.`)),
				),
			timeoutMs,
		)
		const onMessage = (message: Reply) => {
			if (message.ok) return settle(() => resolve(message.value), true)
			const { name, message: text } = message.error
			// A refusal is the parser's own decision: the child is sound. Any other failure ends it.
			if (name === 'ParseRefusal') return settle(() => reject(new SandboxError('refused', text)), true)
			settle(() => reject(new SandboxError('failed', text)))
		}
		const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
			settle(() => {
				console.warn(
					`Sandbox: a ${task} parser process died (${signal ?? `exit ${code}`}): ${child.stderr.trim().split('\n').slice(0, 3).join(' | ')}`,
				)
				reject(new SandboxError('too-large', 'It is too large or too complex to read.'))
			})
		const onError = (error: Error) => settle(() => reject(new SandboxError('failed', error.message, { cause: error })))
		worker.on('message', onMessage)
		worker.once('exit', onExit)
		worker.once('error', onError)
		worker.send({ task, args })
	})
}

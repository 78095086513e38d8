// Runs the parsers of untrusted input (PDF, DOCX, DOC, HTML) in child processes: one fresh process
// per task, with a capped heap and a wall-clock budget, killed when over either; at most two at a
// time, a bounded queue behind them. The web server's event loop never runs a parser, a crash
// (even a V8 abort) costs only that child, and twenty hostile uploads at once wait their turn
// instead of exhausting memory. Why not a pool library: docs/decisions/0012-sandboxed-parsers.md.
import { fork } from 'node:child_process'
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

/** The worker script: the compiled one next to the production build, or the source under tsx. */
function workerScript() {
	const built = fileURLToPath(new URL('../parse-worker.js', import.meta.url))
	if (existsSync(built)) return { script: built, execArgv: [] }
	return { script: fileURLToPath(new URL('./parse-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
}

let running = 0
const waiting: Array<() => void> = []

async function acquire() {
	if (running < MAX_RUNNING) {
		running++
		return
	}
	if (waiting.length >= MAX_WAITING) {
		throw new SandboxError('busy', 'Too many files are being read right now. Try again in a moment.')
	}
	await new Promise<void>((resolve) => waiting.push(resolve))
}

function release() {
	const next = waiting.shift()
	if (next) next() // the slot passes straight to the next task
	else running--
}

/** Parser processes running now and tasks waiting for one (for tests and logs). */
export function sandboxLoad() {
	return { running, waiting: waiting.length }
}

/** Runs one parser task in the sandbox; any failure is a SandboxError that says why in the user's words. */
export async function runInSandbox<T>(task: 'document' | 'html', args: unknown[]): Promise<T> {
	await acquire()
	try {
		return await runChild<T>(task, args, getEnv().PARSE_TIMEOUT_MS)
	} finally {
		release()
	}
}

function runChild<T>(task: string, args: unknown[], timeoutMs: number) {
	const { script, execArgv } = workerScript()
	const child = fork(script, [], {
		execArgv: [...execArgv, `--max-old-space-size=${WORKER_HEAP_MB}`, '--stack-size=2048'],
		serialization: 'advanced',
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
	})
	let stderr = ''
	child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
	return new Promise<T>((resolve, reject) => {
		let settled = false
		const settle = (outcome: () => void) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			if (child.exitCode === null) child.kill('SIGKILL')
			outcome()
		}
		const timer = setTimeout(
			() =>
				settle(() =>
					reject(new SandboxError('too-slow', `It took longer than ${Math.round(timeoutMs / 1000)} seconds to read.`)),
				),
			timeoutMs,
		)
		child.once('message', (message: { ok: true; value: T } | { ok: false; error: { name: string; message: string } }) =>
			settle(() => {
				if (message.ok) return resolve(message.value)
				const { name, message: text } = message.error
				reject(name === 'ParseRefusal' ? new SandboxError('refused', text) : new SandboxError('failed', text))
			}),
		)
		child.once('exit', (code, signal) =>
			settle(() => {
				console.warn(
					`Sandbox: a ${task} parser process died (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`,
				)
				reject(new SandboxError('too-large', 'It is too large or too complex to read.'))
			}),
		)
		child.once('error', (error) => settle(() => reject(new SandboxError('failed', error.message, { cause: error }))))
		child.send({ task, args })
	})
}

// No text anyone sends us can stall the web process: every normaliser, tokenizer, URL rule and form
// schema that reads untrusted text (tests/support/text-handlers.ts lists them) finishes 1 MB of each
// adversarial input in well under a second (ADR 0024). The super-linear patterns these replaced took
// hours on the same input (60 KB of spaces and an "x" took 3.7 s in the document normalisation), so
// each call runs in a child process that is killed when it overruns: a regression fails here, fast,
// rather than hanging the run.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { HOSTILE_TEXT_CHARS, hostileInputs, textHandlers } from '../../tests/support/text-handlers.ts'

/**
 * The CPU time one call may take. Measured as the child's CPU time, not the clock's, so that a
 * machine busy with other tests does not make it flaky: linear code takes at most about 250 ms here.
 */
const BOUND_MS = 1_000
/** How long (by the clock) a call may run before its process is killed and the call failed. */
const KILL_AFTER_MS = 20_000

const script = fileURLToPath(new URL('../../tests/support/text-handler-process.ts', import.meta.url))
let child: ChildProcess | undefined

type Reply = { ready?: true; ms?: number; error?: string }

function nextReply(worker: ChildProcess, ms: number) {
	return new Promise<Reply | 'overran'>((resolve) => {
		const timer = setTimeout(() => {
			worker.off('message', onMessage)
			resolve('overran')
		}, ms)
		const onMessage = (reply: Reply) => {
			clearTimeout(timer)
			resolve(reply)
		}
		worker.once('message', onMessage)
	})
}

async function handlerProcess() {
	if (child && child.exitCode === null && !child.killed) return child
	const started = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
	const ready = await nextReply(started, 60_000)
	if (ready === 'overran' || !ready.ready) throw new Error('The text handler process did not start')
	return (child = started)
}

/** The CPU milliseconds one handler took on one input, or 'overran' when it had to be killed. */
async function timeHandler(handler: string, input: string) {
	const worker = await handlerProcess()
	worker.send({ handler, input })
	const reply = await nextReply(worker, KILL_AFTER_MS)
	if (reply === 'overran') {
		worker.kill('SIGKILL')
		return 'overran' as const
	}
	if (reply.error) throw new Error(`${handler} on ${input}: ${reply.error}`)
	return reply.ms!
}

afterAll(() => {
	child?.kill('SIGKILL')
})

test('the hostile inputs are 1 MB each', () => {
	for (const make of Object.values(hostileInputs)) expect(make().length).toBeGreaterThanOrEqual(HOSTILE_TEXT_CHARS)
})

test.each(Object.keys(textHandlers))(
	'%s: linear on 1 MB of every hostile input',
	async (handler) => {
		const slow: string[] = []
		for (const input of Object.keys(hostileInputs)) {
			const ms = await timeHandler(handler, input)
			if (ms === 'overran') slow.push(`${input}: still running after ${KILL_AFTER_MS / 1000} s (killed)`)
			else if (ms >= BOUND_MS) slow.push(`${input}: ${Math.round(ms)} ms of CPU`)
		}
		expect(slow).toEqual([])
	},
	600_000,
)

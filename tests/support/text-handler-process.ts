// Runs the text handlers of tests/support/text-handlers.ts in a process of its own, so that the test
// can end one that takes too long (a super-linear pattern on 1 MB can run for hours) by killing it.
// Asked { handler, input } by IPC, it answers { ms } (or { error }) for one call.
import { hostileInputs, textHandlers } from './text-handlers.ts'

const inputs = new Map<string, string>()

process.on('message', (message: { handler: string; input: string }) => {
	try {
		let text = inputs.get(message.input)
		if (text === undefined) inputs.set(message.input, (text = hostileInputs[message.input]()))
		// CPU time, not the clock's: other processes on a busy machine do not count against the handler.
		const started = process.cpuUsage()
		textHandlers[message.handler](text)
		const { user, system } = process.cpuUsage(started)
		process.send!({ ms: (user + system) / 1000 })
	} catch (error) {
		process.send!({ error: String((error as Error).stack ?? error) })
	}
})
process.send!({ ready: true })

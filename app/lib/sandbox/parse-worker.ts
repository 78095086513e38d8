// The sandbox's child process: one per task, a separate Node process with a small heap, so a parser
// that runs out of memory, loops, or aborts V8 itself ("Fatal JavaScript invalid size error") takes
// down only this process. sandbox.server.ts starts it, times it and kills it.
import { documentText, htmlText } from './parsers.ts'

type Task = { task: 'document'; args: ['pdf' | 'docx' | 'doc', Uint8Array] } | { task: 'html'; args: [string] }

process.once('message', async (message: Task) => {
	const reply = (result: object) => process.send!(result, () => process.exit(0))
	try {
		const value = message.task === 'document' ? await documentText(...message.args) : htmlText(...message.args)
		reply({ ok: true, value })
	} catch (error) {
		const { name, message: text } = error as Error
		reply({ ok: false, error: { name, message: text } })
	}
})

// The sandbox's child process: one per task, a separate Node process with a small heap, so a parser
// that runs out of memory, loops, or aborts V8 itself ("Fatal JavaScript invalid size error") takes
// down only this process. sandbox.server.ts starts it, times it and kills it.
import { avatarPng } from './avatar-image.ts'
import { type DocumentKind, documentText, htmlText, pageContent, sitemapUrls } from './parsers.ts'

type Task =
	| { task: 'document'; args: [DocumentKind, Uint8Array, number | undefined] }
	| { task: 'html'; args: [string, string?] }
	| { task: 'page'; args: [string, string] }
	| { task: 'sitemap'; args: [string] }
	| { task: 'avatar'; args: [Uint8Array] }

function runTask(message: Task) {
	switch (message.task) {
		case 'document':
			return documentText(...message.args)
		case 'html':
			return htmlText(...message.args)
		case 'page':
			return pageContent(...message.args)
		case 'sitemap':
			return sitemapUrls(...message.args)
		case 'avatar':
			return avatarPng(...message.args)
	}
}

// A child serves tasks one at a time until the parent kills it or goes away.
process.on('disconnect', () => process.exit(0))
process.on('message', async (message: Task) => {
	const reply = (result: object) => process.send!(result)
	try {
		const value = await runTask(message)
		reply({ ok: true, value })
	} catch (error) {
		const { name, message: text } = error as Error
		reply({ ok: false, error: { name, message: text } })
	}
})

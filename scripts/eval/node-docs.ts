// `npm run eval:docs`: how the offline model answers developers from a real documentation site, the
// Node.js API manual that Debian's nodejs package installs (/usr/share/doc/nodejs/api, or
// NODE_DOCS_DIR). The production build imports it as a whole site from a local server, with its
// own job worker, as a user's "Import a whole site" would; then each question goes to the preview's
// answer (answerChatbotQuestion). A reply counts as right when it holds what answers (a pattern per
// question, below), and the answering page is looked for among the sources.
//
// The manual is real; the questions are written here. The first set was used while tuning the
// offline model (it shows the machinery, not quality); the second was written after it and only
// measured, never tuned on. Neither is evidence beside SQuAD (npm run eval:answers): one person
// wrote both.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startDocsApp } from './docs-app.ts'

const DOCS = process.env.NODE_DOCS_DIR ?? '/usr/share/doc/nodejs/api'
if (!existsSync(path.join(DOCS, 'index.html'))) {
	console.log(`No Node.js manual at ${DOCS} (Debian: apt-get install nodejs-doc, or set NODE_DOCS_DIR): skipped.`)
	process.exit(0)
}

type Question = { question: string; answer: RegExp }

/** Used while tuning (ADR 0034). */
const TUNING: Question[] = [
	{ question: 'How do I read a file line by line?', answer: /createInterface|for await \(const line/ },
	{ question: 'What is the default highWaterMark of a readable stream?', answer: /16384|16 ?KiB|65536|64 ?KiB/ },
	{ question: 'How do I compute a SHA-256 hash?', answer: /createHash\(\s*['"]sha256/ },
	{ question: 'How do I create an HTTP server?', answer: /createServer\(/ },
	{ question: 'How do I read environment variables?', answer: /process\.env/ },
	{ question: 'How do I get the current working directory?', answer: /process\.cwd\(\)/ },
	{ question: 'How do I parse a URL?', answer: /new URL\(/ },
	{ question: 'How do I spawn a child process?', answer: /spawn\(/ },
	{ question: 'How do I check if a file exists?', answer: /access|exists/ },
	{ question: 'What does path.join do?', answer: /joins all given/ },
	{ question: 'How do I generate a random UUID?', answer: /randomUUID|UUID/ },
	{ question: 'How do I exit the process with an exit code?', answer: /process\.exit\(/ },
	{ question: 'How do I encode a string as base64?', answer: /toString\(['"]base64|Buffer\.from\(.*base64/ },
	{ question: 'How do I delete a file?', answer: /unlink|fs\.rm|rm\(/ },
	{ question: 'How do I create a directory recursively?', answer: /recursive/ },
	{ question: 'How do I run a function after a delay?', answer: /setTimeout/ },
	{ question: 'How do I handle uncaught exceptions?', answer: /uncaughtException/ },
	{ question: 'How do I compress data with gzip?', answer: /gzip/i },
	{ question: 'How do I get the number of CPUs?', answer: /cpus\(\)|availableParallelism|CPU/ },
	{ question: 'How do I run code in a worker thread?', answer: /new Worker\(/ },
	{ question: 'How do I write a string to a file?', answer: /writeFile/ },
	{ question: 'Which event does a readable stream emit when there is no more data?', answer: /'end'/ },
	{ question: 'How do I set a timeout on an HTTP request?', answer: /setTimeout|timeout/ },
	{ question: 'How can I watch a file for changes?', answer: /watch/ },
	{ question: 'How do I get the size of a file?', answer: /size of the file in bytes|stats?\.size/ },
]

/** Written after the tuning, only measured. */
const HELD_OUT: Question[] = [
	{ question: 'How do I read a JSON file?', answer: /readFile|JSON\.parse|import .* with \{ type: 'json' \}/ },
	{ question: 'How do I list the files in a directory?', answer: /readdir/ },
	{ question: 'How can I measure how long some code takes?', answer: /performance\.now|console\.time|hrtime/ },
	{ question: 'How do I make an HTTPS request?', answer: /https\.(get|request)\(/ },
	{ question: 'How do I get the home directory of the current user?', answer: /homedir\(\)/ },
	{ question: 'How do I copy a file?', answer: /copyFile|cp\(/ },
	{ question: 'How do I decode a Buffer to a string?', answer: /toString\(|StringDecoder|TextDecoder/ },
	{ question: 'What does the --inspect flag do?', answer: /inspector|debug/i },
	{ question: 'How do I rename a file?', answer: /rename/ },
	{ question: 'How do I get the command line arguments?', answer: /process\.argv/ },
	{ question: 'How do I listen for the SIGINT signal?', answer: /process\.on\(\s*['"]SIGINT/ },
	{ question: 'What is the maximum size of a Buffer?', answer: /kMaxLength|maxLength|2\s?\*\*\s?\d+|GiB|bytes/ },
	{ question: 'How do I create a TCP server?', answer: /net\.createServer|createServer\(/ },
	{ question: 'How do I generate random bytes?', answer: /randomBytes/ },
	{
		question: 'How do I find the directory of the current module?',
		answer: /__dirname|import\.meta\.dirname|import\.meta\.url/,
	},
]

/** Written after the first held-out set was measured and its misses read; only measured. */
const HELD_OUT_2: Question[] = [
	{ question: 'How do I check which version of Node.js is running?', answer: /process\.version/ },
	{ question: 'How do I get the free memory of the system?', answer: /freemem\(\)/ },
	{ question: 'How do I append text to a file?', answer: /appendFile/ },
	{ question: 'How do I hash a password?', answer: /scrypt|pbkdf2/ },
	{ question: 'How do I resolve a relative path to an absolute path?', answer: /path\.resolve/ },
	{ question: 'How do I get the extension of a file name?', answer: /extname/ },
	{ question: 'How do I look up the IP address of a hostname?', answer: /dns\.(lookup|resolve)|lookup\(/ },
	{ question: 'How do I pipe one stream into another?', answer: /pipe\(|pipeline\(/ },
	{ question: 'How do I read user input from the terminal?', answer: /readline|createInterface|question\(/ },
	{ question: 'How do I emit a custom event?', answer: /emit\(/ },
	{ question: 'How do I run a shell command and get its output?', answer: /exec\(|execSync|execFile/ },
	{ question: 'How do I convert a callback-based function to return a promise?', answer: /promisify/ },
	{ question: 'How do I get the hostname of the machine?', answer: /hostname\(\)/ },
	{ question: 'How do I stop an interval timer?', answer: /clearInterval/ },
	{
		question: 'How do I encode a URL query string?',
		answer: /URLSearchParams|querystring\.(stringify|encode)|encodeURIComponent/,
	},
]

const { docsOrigin, app, stop } = await startDocsApp(DOCS)
const { prisma } = await import('~/lib/db.server.ts')
const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
const { WebsiteSourceSchema } = await import('~/features/chatbots/sources/source-schema.ts')
const { sessionCookieFor } = await import('../../tests/support/session-cookie.ts')
const { answerChatbotQuestion } = await import('~/features/chatbots/reply.server.ts')
const { DEFAULT_MODEL_CHOICE } = await import('~/ai/models.server.ts')
const { OFFLINE_DONT_KNOW } = await import('~/ai/offline-model.server.ts')

try {
	await sessionCookieFor('eval-docs@example.com')
	const user = await prisma.user.findUniqueOrThrow({ where: { email: 'eval-docs@example.com' } })
	const started = performance.now()
	const { chatbot } = await createChatbot(
		user.id,
		{ name: 'Node.js docs', knowledgeBase: '', systemPrompt: '' },
		app.origin,
		{ sites: [WebsiteSourceSchema.parse({ url: `${docsOrigin}/index.html`, scope: 'site', maxPages: '250' })] },
	)
	for (;;) {
		const source = await prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId: chatbot.id, kind: 'website' } })
		if (source.status === 'failed') throw new Error(`The import failed: ${source.error}`)
		if (source.status === 'ready') {
			const chunks = await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })
			console.log(
				`Node.js manual (${DOCS}): ${source.pagesIndexed} pages, ${chunks} chunks, imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
			)
			break
		}
		await new Promise((resolve) => setTimeout(resolve, 500))
	}
	const forReply = { ...DEFAULT_MODEL_CHOICE, id: chatbot.id, name: 'Node.js docs', systemPrompt: '' }
	for (const [label, set] of [
		['Questions used while tuning', TUNING],
		['Held-out questions', HELD_OUT],
		['Second held-out questions', HELD_OUT_2],
	] as const) {
		let right = 0
		let dontKnow = 0
		for (const { question, answer } of set) {
			const { text } = await answerChatbotQuestion(
				forReply,
				[{ role: 'user', parts: [{ type: 'text', text: question }] }],
				{ label: 'Docs evaluation' },
			)
			const reply = text ?? ''
			const ok = answer.test(reply)
			if (ok) right++
			if (reply.trim() === OFFLINE_DONT_KNOW) dontKnow++
			if (process.argv.includes('--verbose'))
				console.log(`${ok ? 'right' : 'WRONG'}  ${question}\n       ${reply.slice(0, 300).replace(/\n/g, '\n       ')}`)
		}
		console.log(`${label}: ${right} of ${set.length} replies hold the answer; "I don't know" ${dontKnow}`)
	}
} finally {
	await prisma.$disconnect()
	await stop()
}

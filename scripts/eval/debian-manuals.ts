// `npm run eval:manuals`: real manuals nobody here wrote, imported as whole sites through the real
// pipeline, each made by a different generator: libffi's (GNU Texinfo, one page per node),
// Valgrind's (DocBook XSL), eSpeak NG's (Markdown turned HTML) and the shared MIME-info spec (older
// DocBook stylesheets), as Debian installs them under /usr/share/doc (DEBIAN_DOCS_DIR). The
// production build crawls each from a local server, with its own job worker, as a user's "Import a
// whole site" would; then:
// 1. questions whose answers were read in the manuals go to the preview's answer
//    (answerChatbotQuestion, the offline model): a reply is right when it holds the answer (a
//    pattern per question), and one that quotes the manuals' navigation ("Next:", "[Index]") is
//    counted too;
// 2. the offline test suggestions (suggestedTests) are added as tests and run once, as an owner's
//    "Run tests" would: how many pass on their first run;
// 3. the owner adds an answer to some of the questions ("Add answer", addAnswer): whether the next
//    reply to exactly that question is the owner's answer.
// The questions were written by one person from the manuals' text: the figures show the direction
// of a change, not quality (SQuAD in `npm run eval:answers` is the evidence). Ports: EVAL_PORT (the
// manuals' server) and EVAL_APP_PORT, else free ones (docs-app.ts).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startDocsApp } from './docs-app.ts'

const DOCS = process.env.DEBIAN_DOCS_DIR ?? '/usr/share/doc'

type Question = { question: string; answer: RegExp; owner?: string }
type Manual = { name: string; generator: string; start: string; questions: Question[] }

const MANUALS: Manual[] = [
	{
		name: 'libffi',
		generator: 'GNU Texinfo',
		start: 'libffi8/html/index.html',
		questions: [
			{
				question: 'What is libffi?',
				answer: /portable, high level programming interface|calling conventions/,
				owner: 'libffi is a small C library that calls a function whose arguments are known only at run time.',
			},
			{ question: 'What does FFI stand for?', answer: /Foreign Function Interface/ },
			{ question: 'What is a calling convention?', answer: /assumptions made by the compiler/ },
			{
				question: 'Is libffi thread safe?',
				answer: /not completely thread-safe/,
				owner: 'Mostly: prepare each ffi_cif in one thread at a time and the rest is safe to share.',
			},
			{ question: 'How do I prepare a call interface object?', answer: /ffi_prep_cif/ },
			{ question: 'What does cif stand for?', answer: /Call InterFace/i },
			{ question: 'Which function do I use to prepare a call to a variadic function?', answer: /ffi_prep_cif_var/ },
			{ question: 'How do I allocate memory for a closure?', answer: /ffi_closure_alloc/ },
			{ question: 'Does libffi support bit fields in structures?', answer: /no (?:special )?support for bit.?fields/i },
			{ question: 'What does ffi_prep_cif return?', answer: /FFI_OK|ffi_status/ },
			{
				question: 'Which environment variable chooses the directory for closure files?',
				answer: /LIBFFI_TMPDIR/,
				owner: 'Set LIBFFI_TMPDIR to the directory libffi should use for its closure files.',
			},
		],
	},
	{
		name: 'Valgrind',
		generator: 'DocBook XSL',
		start: 'valgrind/html/index.html',
		questions: [
			{
				question: 'What is Memcheck?',
				answer: /memory error detector|memory-related errors/,
				owner: 'Memcheck is the Valgrind tool our team runs on every build to catch leaks and bad reads.',
			},
			{ question: 'How do I run my program under Memcheck?', answer: /valgrind --leak-check=yes myprog/ },
			{ question: 'How much slower does my program run under Memcheck?', answer: /20 to 30 times/ },
			{ question: 'What does "definitely lost" mean?', answer: /your program is leaking memory/ },
			{ question: 'How do you pronounce Valgrind?', answer: /as in the word "value"/ },
			{ question: 'What is Massif?', answer: /heap profiler/ },
			{ question: 'What does Helgrind detect?', answer: /synchronisation errors|data races|thread error/i },
			{
				question: 'What is Cachegrind?',
				answer: /cache and branch-prediction profiler|simulates how your program interacts/,
			},
			{
				question: 'How do I choose which Valgrind tool to run?',
				answer: /--tool=/,
				owner: 'Pass --tool=<name> on the valgrind command line, for example --tool=massif.',
			},
			// The manual says it twice: "an instrumentation framework…" (its overview) and "a framework…" (its README).
			{ question: 'What is Valgrind?', answer: /(?:instrumentation )?framework for building dynamic analysis tools/ },
		],
	},
	{
		name: 'eSpeak NG',
		generator: 'Markdown to HTML',
		start: 'espeak-ng/docs/index.html',
		questions: [
			{
				question: 'How do I install eSpeak NG on Debian?',
				answer: /apt-get install espeak-ng/,
				owner: 'On Debian run sudo apt install espeak-ng and the espeak-ng command is ready.',
			},
			{ question: 'What is MBROLA?', answer: /speech engine with collection of diphone voices/ },
			{ question: 'Where are voice files located?', answer: /espeak-ng-data/ },
			{ question: 'What does a voice file specify?', answer: /specifies a language/ },
			{ question: 'Which SSML tags are supported?', answer: /speak|voice|prosody|say-as|emphasis/ },
			{
				question: 'What do I need to build eSpeak NG on Windows?',
				answer: /Visual C\+\+|Visual Studio|Windows 8\.1 SDK|WiX/,
			},
			{
				question: 'Why is there no sound when espeak-ng was built without pcaudiolib?',
				answer: /pcaudiolib|aplay|paplay/,
				owner: 'Without pcaudiolib espeak-ng cannot play sound itself: rebuild it with pcaudiolib installed.',
			},
		],
	},
	{
		name: 'Shared MIME-info spec',
		generator: 'DocBook (DSSSL)',
		start: 'shared-mime-info/shared-mime-info-spec.html/index.html',
		questions: [
			{
				question: 'Which command must an application run after installing its XML file?',
				answer: /update-mime-database/,
				owner: 'After installing the file, run update-mime-database on the mime directory.',
			},
			{ question: 'What is the default weight of a glob?', answer: /default weight value is 50/ },
			{ question: 'What is the maximum priority of a magic rule?', answer: /maximum is 100/ },
			{ question: 'What does the alias element mean?', answer: /also sometimes known by another name/ },
			{
				question: 'Should users edit the MIME database?',
				answer: /NOT intended to store user preferences|should never edit/,
			},
		],
	},
]

/** What the manuals' navigation says; a reply that quotes it quoted a page's chrome. */
const NAVIGATION = /\b(?:Next|Previous|Prev|Up):|\[(?:Index|Contents)\]|<<|>>/

const manuals = MANUALS.filter((manual) => existsSync(path.join(DOCS, manual.start)))
for (const manual of MANUALS)
	if (!manuals.includes(manual)) console.log(`${manual.name}: no ${path.join(DOCS, manual.start)}, skipped.`)

const { docsOrigin, app, stop } = await startDocsApp(DOCS)
const { prisma } = await import('~/lib/db.server.ts')
const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
const { WebsiteSourceSchema } = await import('~/features/chatbots/sources/source-schema.ts')
const { sessionCookieFor } = await import('../../tests/support/session-cookie.ts')
const { answerChatbotQuestion } = await import('~/features/chatbots/reply.server.ts')
const { DEFAULT_MODEL_CHOICE } = await import('~/ai/models.server.ts')
const { suggestedTests } = await import('~/features/chatbots/test-sets/suggestions.server.ts')
const { addTests } = await import('~/features/chatbots/test-sets/tests.server.ts')
const { runTestSet } = await import('~/features/chatbots/test-sets/runs.server.ts')
const { addAnswer } = await import('~/features/chatbots/conversations/conversations.server.ts')
const { MAX_KNOWLEDGE_CHARS } = await import('~/features/chatbots/knowledge-base.ts')

const verbose = process.argv.includes('--verbose')
const totals = { right: 0, asked: 0, navigation: 0, suggested: 0, passed: 0, owner: 0, ownerAsked: 0 }

/** Waits until a chatbot's sources of `kind` are indexed (`since`: and indexed after that moment). */
async function indexed(chatbotId: string, kind: 'website' | 'text', since = new Date(0)) {
	for (const started = Date.now(); Date.now() - started < 600_000; await new Promise((r) => setTimeout(r, 250))) {
		const source = await prisma.knowledgeSource.findFirst({ where: { chatbotId, kind } })
		if (source?.status === 'failed') throw new Error(`Indexing the ${kind} source failed: ${source.error}`)
		if (source?.status === 'ready' && source.updatedAt > since) return source
	}
	throw new Error(`The ${kind} source of chatbot ${chatbotId} was not indexed within 10 minutes`)
}

try {
	await sessionCookieFor('eval-manuals@example.com')
	const user = await prisma.user.findUniqueOrThrow({ where: { email: 'eval-manuals@example.com' } })
	for (const manual of manuals) {
		const started = performance.now()
		const { chatbot } = await createChatbot(
			user.id,
			{ name: manual.name, knowledgeBase: '', systemPrompt: '' },
			app.origin,
			{ sites: [WebsiteSourceSchema.parse({ url: `${docsOrigin}/${manual.start}`, scope: 'site', maxPages: '250' })] },
		)
		const source = await indexed(chatbot.id, 'website')
		const chunks = await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })
		console.log(
			`\n${manual.name} (${manual.generator}): ${source.pagesIndexed} pages, ${chunks} passages, imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
		)
		const forReply = { ...DEFAULT_MODEL_CHOICE, id: chatbot.id, name: manual.name, systemPrompt: '' }
		const ask = async (question: string) => {
			const reply = await answerChatbotQuestion(
				forReply,
				[{ role: 'user', parts: [{ type: 'text', text: question }] }],
				{
					label: 'Manuals evaluation',
				},
			)
			return reply.text ?? ''
		}

		// 1. Questions read in the manual.
		let right = 0
		let navigation = 0
		for (const { question, answer } of manual.questions) {
			const reply = await ask(question)
			const ok = answer.test(reply)
			if (ok) right++
			if (NAVIGATION.test(reply)) navigation++
			if (verbose)
				console.log(`  ${ok ? 'right' : 'WRONG'}  ${question}\n         ${reply.slice(0, 240).replace(/\n/g, ' ')}`)
		}
		console.log(
			`  Questions: ${right} of ${manual.questions.length} replies hold the answer; ${navigation} quote navigation`,
		)

		// 2. The offline suggestions, added and run once.
		const suggesting = performance.now()
		const subject = { kind: 'chatbot', id: chatbot.id } as const
		const suggestions = (await suggestedTests(user.id, subject))?.suggestions ?? []
		const suggestSeconds = ((performance.now() - suggesting) / 1000).toFixed(1)
		let passed = 0
		if (suggestions.length > 0) {
			if ((await addTests(user.id, subject, suggestions, 'suggested')) !== 'added')
				throw new Error('The suggestions could not be added')
			await runTestSet(subject, 'manual')
			const run = await prisma.chatbotTestRun.findFirstOrThrow({
				where: { chatbotId: chatbot.id },
				orderBy: { createdAt: 'desc' },
				select: { results: { select: { passed: true, reason: true, reply: true, test: true } } },
			})
			passed = run.results.filter((result) => result.passed).length
			if (verbose)
				for (const result of run.results)
					console.log(
						`  ${result.passed ? 'pass' : 'FAIL'}  ${result.test.question} [${result.test.expected.join(' | ')}] ${result.passed ? '' : `— ${result.reason}`}`,
					)
		}
		console.log(
			`  Suggested tests: ${passed} of ${suggestions.length} pass on their first run (suggested in ${suggestSeconds} s)`,
		)

		// 3. The owner's answers, added as the Unanswered page and a failing test's "Add answer" do.
		let wins = 0
		const owned = manual.questions.filter((question) => question.owner)
		for (const { question, owner } of owned) {
			const since = new Date()
			const added = await addAnswer(
				user.id,
				chatbot.id,
				{ question, answer: owner!, messageIds: [] },
				{ maxChars: MAX_KNOWLEDGE_CHARS },
			)
			if (added?.error !== null) throw new Error(`The answer could not be added: ${added?.error}`)
			await indexed(chatbot.id, 'text', since)
			const reply = await ask(question)
			const won = reply.includes(owner!.slice(0, 40))
			if (won) wins++
			if (verbose)
				console.log(`  ${won ? 'owner' : 'OTHER'}  ${question}\n         ${reply.slice(0, 240).replace(/\n/g, ' ')}`)
		}
		console.log(`  Owner's answers: ${wins} of ${owned.length} replies to exactly that question give it`)
		Object.assign(totals, {
			right: totals.right + right,
			asked: totals.asked + manual.questions.length,
			navigation: totals.navigation + navigation,
			suggested: totals.suggested + suggestions.length,
			passed: totals.passed + passed,
			owner: totals.owner + wins,
			ownerAsked: totals.ownerAsked + owned.length,
		})
	}
	console.log(
		`\nAll manuals: ${totals.right} of ${totals.asked} replies hold the answer, ${totals.navigation} quote navigation; ${totals.passed} of ${totals.suggested} suggested tests pass on their first run; ${totals.owner} of ${totals.ownerAsked} owner's answers win their question`,
	)
} finally {
	await prisma.$disconnect()
	await stop()
}

// The offline model quotes one passage verbatim (docs/decisions/0032-quoting-offline-model.md).
import { expect, test } from 'vitest'
import { passageHeader } from './citations.ts'
import { composeOfflineAnswer, UNKNOWN_WORDS_LINE } from './offline-answer.ts'

const IDK = "I don't know"
const numbered = (...passages: Array<[string, string]>) =>
	passages.map(([source, text], i) => `${passageHeader(i + 1, source)}\n${text}`).join('\n\n')

const docs = numbered(
	[
		'Readline | Node.js v18 Documentation',
		[
			'# Readline',
			'## Example: Read file stream line-by-line',
			'Added in: v0.1.98',
			'A common use case for readline is to consume an input file one line at a time. To read a file line by line, create an interface over a file stream and iterate over its lines:',
			"```js\nconst rl = readline.createInterface({ input: fs.createReadStream('input.txt') })\n\nfor await (const line of rl) {\n  console.log(line)\n}\n```",
		].join('\n\n'),
	],
	[
		'Stream | Node.js v18 Documentation',
		'## readable.readableHighWaterMark\n\nReturns the value of highWaterMark passed when creating this Readable. The default highWaterMark is 16384 bytes (16 KiB), or 16 objects in object mode.',
	],
)

test('a code block is quoted whole with the sentence that introduces it, and cited', () => {
	const reply = composeOfflineAnswer('How do I read a file line by line?', docs, IDK, undefined, { cite: true })
	expect(reply).toBe(
		"To read a file line by line, create an interface over a file stream and iterate over its lines:\n\n```js\nconst rl = readline.createInterface({ input: fs.createReadStream('input.txt') })\n\nfor await (const line of rl) {\n  console.log(line)\n}\n``` [1]",
	)
})

test('the reply carries no page title, document title or metadata', () => {
	const reply = composeOfflineAnswer('What is the default highWaterMark of a readable stream?', docs, IDK, undefined, {
		cite: true,
	})
	expect(reply).toContain('16384 bytes')
	expect(reply).not.toMatch(/Node\.js v18|Added in|# /)
	// A PDF's title page and a section heading stay out of the quote.
	const handbook = numbered([
		'handbook.pdf',
		'# Nimbus Cloud Hosting - Support Handbook\n\n## Refund policy\n\nRefunds are paid within 7 working days of a cancellation.',
	])
	expect(composeOfflineAnswer('How long do refunds take?', handbook, IDK, undefined, { cite: true })).toBe(
		'Refunds are paid within 7 working days of a cancellation. [1]',
	)
})

test('a long code block is cut, with "…" where it goes on', () => {
	const code = Array.from({ length: 60 }, (_, i) => `step${i}()`).join('\n')
	const reply = composeOfflineAnswer(
		'How do I run the migration steps?',
		numbered(['Migrations', `To run the migration steps:\n\n\`\`\`sh\n${code}\n\`\`\``]),
		IDK,
	)
	expect(reply.split('\n').length).toBeLessThan(32)
	expect(reply).toContain('step24()\n…\n```')
})

test('an FAQ is answered by what follows its questions, never by the questions', () => {
	const faq =
		'How do I pay? Which payment methods do you accept? We accept UPI, debit and credit cards and net banking.'
	expect(composeOfflineAnswer('Can I pay with UPI?', faq, IDK)).toBe(
		'We accept UPI, debit and credit cards and net banking.',
	)
})

test('a follow-up naming another subject asks the same of it', () => {
	const knowledge = [
		'Falcon widget. The Falcon is assembled in our Pune workshop. Its frame is made of titanium.',
		'Eagle widget. The Eagle is assembled in our Nagpur workshop. Its frame is made of oak.',
	].join('\n\n')
	expect(
		composeOfflineAnswer('And the Eagle?', knowledge, IDK, {
			question: 'And the Eagle?',
			earlier: 'Where is the Falcon made?',
		}),
	).toBe('The Eagle is assembled in our Nagpur workshop.')
})

test('"I don\'t know" when the question asks what no source says, and not when a source says it otherwise', () => {
	const knowledge = numbered(['Heron', 'We first launched the Heron in 2014. The Heron sells for 1,999 rupees.'])
	// The search reports the words no source of the chatbot uses.
	expect(
		composeOfflineAnswer('Is the Heron waterproof?', `${knowledge}\n\n${UNKNOWN_WORDS_LINE} waterproof`, IDK),
	).toBe(IDK)
	expect(composeOfflineAnswer('How much does the Heron cost?', `${knowledge}\n\n${UNKNOWN_WORDS_LINE} cost`, IDK)).toBe(
		'The Heron sells for 1,999 rupees.',
	)
	// A name no source has: another product.
	expect(
		composeOfflineAnswer('How much does the Condor cost?', `${knowledge}\n\n${UNKNOWN_WORDS_LINE} condor`, IDK),
	).toBe(IDK)
	// A thing no source names, in lower case: what a cache miss costs does not answer what a pizza does.
	const manual = numbered(['Cachegrind', 'On a modern machine, an L1 miss will typically cost around 10 cycles.'])
	expect(composeOfflineAnswer('How much does a pizza cost?', `${manual}\n\n${UNKNOWN_WORDS_LINE} pizza`, IDK)).toBe(IDK)
	expect(composeOfflineAnswer('How much does a miss cost?', `${manual}\n\n${UNKNOWN_WORDS_LINE}`, IDK)).toContain(
		'10 cycles',
	)
	// A name outside these passages that the rest of the knowledge has is not missing.
	expect(
		composeOfflineAnswer('When did Frédéric launch the Heron?', `${knowledge}\n\n${UNKNOWN_WORDS_LINE}`, IDK),
	).toBe('We first launched the Heron in 2014.')
})

test('"It…" is quoted with the sentences it leans on, back to the one that names its subject', () => {
	const knowledge = 'The Osprey sells for 2,499 rupees. Its frame is made of teak. It weighs 2.0 kg without its stand.'
	expect(composeOfflineAnswer('How heavy is the Osprey?', knowledge, IDK)).toBe(knowledge)
	// "St. John's" and "U.S." do not end a sentence.
	expect(
		composeOfflineAnswer(
			'In which church did she sing?',
			"She sang in the choir at St. John's United Methodist Church as a soloist. The U.S. tour came later.",
			IDK,
		),
	).toBe("She sang in the choir at St. John's United Methodist Church as a soloist.")
})

test('a title on the first line of a paragraph heads it and is not glued into the quote', () => {
	const knowledge = numbered([
		'Payments',
		'Payment methods\nWe accept UPI (Google Pay, PhonePe and Paytm), credit and debit cards and net banking.',
	])
	for (const question of ['What payment methods do you accept?', 'Can I pay with UPI?'])
		expect(composeOfflineAnswer(question, knowledge, IDK)).toBe(
			'We accept UPI (Google Pay, PhonePe and Paytm), credit and debit cards and net banking.',
		)
})

test('a list or table without an introducing sentence is quoted under its heading (an item alone when it is what is asked about); a table is cited below it', () => {
	const knowledge = numbered([
		'warranty.docx',
		'## What the warranty does not cover\n\n- Worn tyres\n- Damage from accidents\n- Paint chips\n\n## Prices\n\n| Service | Price |\n| --- | --- |\n| Tyre fitting | Rs 500 |',
	])
	expect(
		composeOfflineAnswer('Is a worn tyre covered by the warranty?', knowledge, IDK, undefined, { cite: true }),
	).toBe('What the warranty does not cover\n\n- Worn tyres [1]')
	expect(composeOfflineAnswer('What does the warranty not cover?', knowledge, IDK, undefined, { cite: true })).toBe(
		'What the warranty does not cover\n\n- Worn tyres\n- Damage from accidents\n- Paint chips [1]',
	)
	expect(composeOfflineAnswer('What is the price of tyre fitting?', knowledge, IDK, undefined, { cite: true })).toBe(
		'Prices\n\n| Service | Price |\n| --- | --- |\n| Tyre fitting | Rs 500 |\n\n[1]',
	)
})

// The shape of API reference docs (the Node.js docs Debian ships): a signature heading, its
// parameters as a list, then the description.
const reference = numbered(
	[
		'Path | Node.js v20 Documentation',
		[
			'### path.join([...paths])',
			'- `...paths` <string> A sequence of path segments\n- Returns: <string>',
			'The `path.join()` method joins all given `path` segments together using the platform-specific separator as a delimiter, then normalizes the resulting path.',
		].join('\n\n'),
	],
	[
		'Stream | Node.js v20 Documentation',
		[
			'##### new stream.Readable([options])',
			[
				'- `options` <Object>',
				'  - `highWaterMark` <number> The maximum number of bytes to store in the internal buffer before ceasing to read from the underlying resource. Default: `16384` (16 KiB), or `16` for `objectMode` streams.',
				'  - `encoding` <string> If specified, then buffers will be decoded to strings using the specified encoding. Default: `null`.',
				'  - `objectMode` <boolean> Whether this stream should behave as a stream of objects. Default: `false`.',
			].join('\n'),
			'Implementers of readable streams call this constructor from their own.',
		].join('\n\n'),
	],
)

test("an API's parameter list does not answer what the API does: its description does", () => {
	const reply = composeOfflineAnswer('What does path.join do?', reference, IDK, undefined, { cite: true })
	expect(reply).toBe(
		'The `path.join()` method joins all given `path` segments together using the platform-specific separator as a delimiter, then normalizes the resulting path. [1]',
	)
})

test("a question about one option is answered by that option's line, under its list's heading", () => {
	const reply = composeOfflineAnswer('What is the default highWaterMark of a readable stream?', reference, IDK)
	expect(reply).toBe(
		'new stream.Readable([options])\n\n- `highWaterMark` <number> The maximum number of bytes to store in the internal buffer before ceasing to read from the underlying resource. Default: `16384` (16 KiB), or `16` for `objectMode` streams.',
	)
})

test('a list whose items only share the words of its heading is quoted whole', () => {
	const payments = numbered([
		'Billing',
		'## Payment methods\n\nWe accept the following payment methods:\n\n- UPI\n- Credit and debit cards\n- Net banking',
	])
	expect(composeOfflineAnswer('What payment methods do you accept?', payments, IDK)).toBe(
		'We accept the following payment methods:\n\n- UPI\n- Credit and debit cards\n- Net banking',
	)
	// One item, when it is what is asked about.
	expect(composeOfflineAnswer('Can I pay by UPI?', payments, IDK)).toBe(
		'We accept the following payment methods:\n\n- UPI',
	)
})

test('a numbered section heading ("2.5 The Closure API") is no API\'s name: the quote stands without it', () => {
	const libffi = numbered([
		'The Closure API (libffi)',
		[
			'### 2.5 The Closure API',
			'`libffi` also provides a way to write a generic function that can accept and decode any combination of arguments.',
			'Because closures work by assembling a tiny function at runtime, they require special allocation on platforms that have a non-executable heap.',
		].join('\n\n'),
	])
	expect(
		composeOfflineAnswer('Why do closures require special allocation?', libffi, IDK, undefined, { cite: true }),
	).toBe(
		'Because closures work by assembling a tiny function at runtime, they require special allocation on platforms that have a non-executable heap. [1]',
	)
})

test("a sentence under an API's heading that does not name the API is quoted with the heading", () => {
	const os = numbered([
		'OS | Node.js v20 Documentation',
		"### os.homedir()\n\n- Returns: <string>\n\nReturns the string path of the current user's home directory.",
	])
	expect(composeOfflineAnswer('How do I get the home directory of the current user?', os, IDK)).toBe(
		"os.homedir()\n\nReturns the string path of the current user's home directory.",
	)
	// One that names it stands alone.
	const cwd = numbered([
		'Process',
		'### process.cwd()\n\nThe `process.cwd()` method returns the current working directory of the Node.js process.',
	])
	expect(composeOfflineAnswer('How do I get the current working directory?', cwd, IDK)).toBe(
		'The `process.cwd()` method returns the current working directory of the Node.js process.',
	)
	// An API named by an English word ("request") is named only as code: the plain word is not it.
	const https = numbered([
		'HTTPS | Node.js v20 Documentation',
		'### https.request(url[, options][, callback])\n\nMakes a request to a secure web server.',
	])
	expect(composeOfflineAnswer('How do I make an HTTPS request?', https, IDK)).toBe(
		'https.request(url[, options][, callback])\n\nMakes a request to a secure web server.',
	)
})

test('a sentence that goes on from the one before ("For example, use it…") is quoted with it', () => {
	const dns = numbered([
		'DNS | Node.js v20 Documentation',
		'# DNS\n\nThe `node:dns` module enables name resolution. For example, use it to look up IP addresses of host names.',
	])
	expect(composeOfflineAnswer('How do I look up the IP address of a hostname?', dns, IDK)).toBe(
		'The `node:dns` module enables name resolution. For example, use it to look up IP addresses of host names.',
	)
})

test('"Where is the shop?" is answered by where it is, not by a sentence that says "shop"', () => {
	const bakery = numbered([
		'Knowledge Base Content',
		'Sunrise Bakery bakes fresh bread every morning. We are located at 14 MG Road, Pune. We deliver within 10 kilometres of the shop for a fee of 50 rupees.',
	])
	expect(composeOfflineAnswer('Where is the shop?', bakery, IDK)).toMatch(/^We are located at 14 MG Road, Pune\./)
	expect(composeOfflineAnswer('Do you deliver?', bakery, IDK)).toMatch(/^We deliver within 10 kilometres/)
})

// Valgrind's manual, as Debian installs it: sentences that mention a tool beside the one that says what it is.
const valgrind = numbered(
	[
		'Valgrind User Manual',
		[
			'## The Valgrind Tool Suite',
			'To use this tool, you may specify --tool=memcheck on the Valgrind command line. Memcheck is a bit easier to read when using this option.',
			'Memcheck is a memory error detector. It can detect problems that are common in C and C++ programs.',
		].join('\n\n'),
	],
	[
		'Massif: a heap profiler',
		'massif-visualizer is a graphical viewer for Massif data that is often easier to use than ms_print. Massif is a heap profiler. It measures how much heap memory your program uses.',
	],
	[
		'Valgrind Documentation',
		'Copyright © 2000-2022 Valgrind Developers. Valgrind is designed to be as non-intrusive as possible.',
	],
)

test('"What is X?" is answered by the sentence that says what X is, not one that only mentions it', () => {
	const memcheck = composeOfflineAnswer('What is Memcheck?', valgrind, IDK, undefined, { cite: true })
	expect(memcheck).toMatch(/^Memcheck is a memory error detector\./)
	const massif = composeOfflineAnswer('What is Massif?', valgrind, IDK, undefined, { cite: true })
	expect(massif).toMatch(/^Massif is a heap profiler\./)
})

test("a page's copyright line answers only a question about copyright", () => {
	const what = composeOfflineAnswer('What is Valgrind?', valgrind, IDK, undefined, { cite: true })
	expect(what).not.toContain('Copyright')
	expect(what).toContain('Valgrind is designed to be as non-intrusive as possible.')
	const who = composeOfflineAnswer('Who holds the copyright of Valgrind?', valgrind, IDK, undefined, { cite: true })
	expect(who).toContain('Copyright © 2000-2022 Valgrind Developers')
})

test('a code block that only sets up a condition is quoted with the instruction after it', () => {
	const quickStart = numbered([
		'The Valgrind Quick Start Guide',
		[
			'## Running your program under Memcheck',
			'If you normally run your program like this:',
			'```\nmyprog arg1 arg2\n```',
			'Use this command line:',
			'```\nvalgrind --leak-check=yes myprog arg1 arg2\n```',
			'Memcheck is the default tool.',
		].join('\n\n'),
	])
	const reply = composeOfflineAnswer('How do I run my program under Memcheck?', quickStart, IDK, undefined, {
		cite: true,
	})
	expect(reply).toContain('If you normally run your program like this:')
	expect(reply).toContain('valgrind --leak-check=yes myprog arg1 arg2')
})

test('"What does X detect?" is answered by the sentence saying what X is for, not by one that says X detected something', () => {
	const helgrind = numbered(
		[
			'Helgrind: a thread error detector',
			'In this case Helgrind has detected that all 5 philosophers could simultaneously pick up their left fork and then deadlock whilst waiting to pick up their right forks.',
		],
		[
			'Helgrind: a thread error detector',
			'## Overview\n\nHelgrind is a Valgrind tool for detecting synchronisation errors in C, C++ and Fortran programs that use the POSIX pthreads threading primitives.',
		],
	)
	const reply = composeOfflineAnswer('What does Helgrind detect?', helgrind, IDK, undefined, { cite: true })
	expect(reply).toMatch(/^Helgrind is a Valgrind tool for detecting synchronisation errors/)
})

test('"How do I X?" is not answered by a sentence that takes X as done ("Once you have allocated…")', () => {
	const closures = numbered(
		[
			'Closure API',
			'Once you have allocated the memory for a closure, you must construct a ffi_cif describing the function call.',
		],
		[
			'Closure API',
			'Memory management for closures is handled by a pair of functions: ffi_closure_alloc allocates a chunk of memory holding size bytes.',
		],
	)
	const reply = composeOfflineAnswer('How do I allocate memory for a closure?', closures, IDK, undefined, {
		cite: true,
	})
	expect(reply).toContain('ffi_closure_alloc')
	expect(reply).not.toContain('Once you have allocated')
})

test('"Where are X located?" is answered by the folder a sentence names, as by a place', () => {
	const manual = numbered(
		[
			'Building eSpeak NG',
			'To open project in Android Studio select Import project and select the android folder of the espeak-ng project.',
		],
		['Voices', '# Voice files\n\nVoice files are located in the `espeak-ng-data/` folder, and each names a language.'],
	)
	const reply = composeOfflineAnswer('Where are voice files located?', manual, IDK, undefined, { cite: true })
	expect(reply).toMatch(/^Voice files are located in the `espeak-ng-data\/` folder/)
})

test('"Should users edit X?" is answered by the sentence that says they should (never) edit it', () => {
	const spec = numbered(
		[
			'Shared MIME-info spec',
			"Any file named Override.xml takes precedence over all other files. This can be used by tools which let the user edit the database to ensure that the user's changes take effect.",
		],
		[
			'Shared MIME-info spec',
			'The MIME database is NOT intended to store user preferences. Users should never edit the database.',
		],
	)
	const reply = composeOfflineAnswer('Should users edit the MIME database?', spec, IDK, undefined, { cite: true })
	expect(reply).toContain('Users should never edit the database.')
})

test('"What does SDK stand for?" and "What does rubato mean?" ask for a definition: "stand" and "mean" are no words the answer must say', () => {
	const ipod = numbered([
		'iPod',
		'In 2008 Apple released a software development kit (SDK) for the iPod Touch, so that others could write its apps.',
	])
	const sdk = composeOfflineAnswer('What does SDK stand for?', `${ipod}\n\n${UNKNOWN_WORDS_LINE} stand`, IDK)
	expect(sdk).toContain('software development kit (SDK)')
	const chopin = numbered([
		'Chopin',
		'Chopin played with rubato, the practice in performance of disregarding strict time.',
	])
	const rubato = composeOfflineAnswer('What does rubato mean?', `${chopin}\n\n${UNKNOWN_WORDS_LINE} mean`, IDK)
	expect(rubato).toContain('disregarding strict time')
	// Still "I don't know" where the thing asked about is nowhere.
	expect(composeOfflineAnswer('What does HDMI stand for?', `${ipod}\n\n${UNKNOWN_WORDS_LINE} hdmi stand`, IDK)).toBe(
		IDK,
	)
})

test('a list item that is a sentence naming its subject is quoted as that sentence, without the heading above its list or its number', () => {
	const manual = numbered([
		'1. Introduction',
		[
			'## 1.1. An Overview of Valgrind',
			'A number of useful tools are supplied as standard.',
			'1. Memcheck is a memory error detector. It helps you make your programs more correct.\n2. Cachegrind is a cache and branch-prediction profiler. It helps you make your programs run faster.\n3. Massif is a heap profiler. It helps you make your programs use less memory.',
		].join('\n\n'),
	])
	const reply = composeOfflineAnswer('What is Cachegrind?', manual, IDK, undefined, { cite: true })
	expect(reply).toMatch(/^Cachegrind is a cache and branch-prediction profiler\./)
	expect(reply).not.toContain('An Overview of Valgrind')
})

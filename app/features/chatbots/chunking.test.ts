// Knowledge text cut into chunks: blocks whole, code blocks, lists and tables never cut in a line,
// each chunk with its heading path (docs/decisions/0030-knowledge-text-format.md).
import { describe, expect, test } from 'vitest'
import { knowledgeBlocks, knowledgeBlocksInSlices } from '~/ai/knowledge-text.ts'
import { chunkKnowledge, chunkKnowledgeInSlices } from './chunking.ts'

describe('chunkKnowledge', () => {
	test('packs paragraphs up to the size, keeps paragraph breaks, cuts long ones at sentences', () => {
		const text = ['Alpha one.', 'Beta two.', `${'Long sentence here. '.repeat(80)}`].join('\n\n')
		const chunks = chunkKnowledge(text, 300).map((chunk) => chunk.content)
		expect(chunks[0]).toBe('Alpha one.\n\nBeta two.')
		expect(chunks.length).toBeGreaterThan(3)
		expect(chunks.every((c) => c.length <= 300)).toBe(true)
		expect(chunks.slice(1).every((c) => c.startsWith('Long sentence here.') && c.endsWith('here.'))).toBe(true)
	})

	test('typed text: a short line on its own is the heading of what follows, as before', () => {
		const text = ['Returns and refunds', 'Items come back within 30 days. '.repeat(20), 'Keep the receipt.'].join(
			'\n\n',
		)
		const chunks = chunkKnowledge(text, 400)
		expect(chunks[0].content).toMatch(/^Returns and refunds\n\nItems/)
		// The chunk that holds its heading adds nothing to its search terms; the others add it.
		expect(chunks[0]).toMatchObject({ heading: 'Returns and refunds', context: null })
		expect(chunks.slice(1).every((chunk) => chunk.heading === 'Returns and refunds')).toBe(true)
		expect(chunks.slice(1).every((chunk) => chunk.context === 'Returns and refunds')).toBe(true)
	})

	test('each Markdown heading starts a chunk that knows its heading path', () => {
		const text = [
			'# Streams',
			'A stream is an abstract interface.',
			'## Readable streams',
			'### readable.highWaterMark',
			'Returns the value of `highWaterMark` passed when creating this `Readable`.',
			'### readable.read(size)',
			'Reads data out of the internal buffer.',
			'## Writable streams',
			'Writable streams are an abstraction for a destination.',
		].join('\n\n')
		expect(chunkKnowledge(text).map(({ content, heading }) => ({ content, heading }))).toEqual([
			{ content: '# Streams\n\nA stream is an abstract interface.', heading: 'Streams' },
			{
				content:
					'## Readable streams\n\n### readable.highWaterMark\n\nReturns the value of `highWaterMark` passed when creating this `Readable`.',
				heading: 'Streams › Readable streams › readable.highWaterMark',
			},
			{
				content: '### readable.read(size)\n\nReads data out of the internal buffer.',
				heading: 'Streams › Readable streams › readable.read(size)',
			},
			{
				content: '## Writable streams\n\nWritable streams are an abstraction for a destination.',
				heading: 'Streams › Writable streams',
			},
		])
		expect(chunkKnowledge(text)[2].context).toBe('Streams › Readable streams')
	})

	test('a code block is never cut inside, blank lines and indentation kept; a long one is cut between lines, its fence reopened', () => {
		const code = '```js\nfunction a() {\n  return 1\n}\n\n\nfunction b() {\n    return 2\n}\n```'
		const text = `## Example\n\nRun this:\n\n${code}\n\nThat is all.`
		const [chunk] = chunkKnowledge(text)
		expect(chunk.content).toBe(`## Example\n\nRun this:\n\n${code}\n\nThat is all.`)

		const long = Array.from({ length: 60 }, (_, i) => `  console.log('line ${i}') // ${'x'.repeat(20)}`)
		const pieces = chunkKnowledge(`\`\`\`js\n${long.join('\n')}\n\`\`\``, 400)
		expect(pieces.length).toBeGreaterThan(3)
		for (const piece of pieces) {
			expect(piece.content.length).toBeLessThanOrEqual(400)
			expect(piece.content).toMatch(/^```js\n {2}console\.log\('line \d+'\)[^]*\n```$/)
		}
		expect(pieces.flatMap((piece) => piece.content.split('\n').slice(1, -1))).toEqual(long)
	})

	test('a list and a table are cut between lines only, the table header repeated', () => {
		const items = Array.from({ length: 40 }, (_, i) => `- Item number ${i} of the long list`)
		const listChunks = chunkKnowledge(items.join('\n'), 300)
		expect(listChunks.length).toBeGreaterThan(2)
		expect(listChunks.flatMap((chunk) => chunk.content.split('\n'))).toEqual(items)

		const rows = Array.from({ length: 40 }, (_, i) => `| plan ${i} | ₹${i * 100} |`)
		const tableChunks = chunkKnowledge(['| Plan | Price |', '| --- | --- |', ...rows].join('\n'), 300)
		expect(tableChunks.length).toBeGreaterThan(2)
		for (const chunk of tableChunks) expect(chunk.content).toMatch(/^\| Plan \| Price \|\n\| --- \| --- \|\n\| plan/)
		expect(tableChunks.flatMap((chunk) => chunk.content.split('\n').slice(2))).toEqual(rows)
	})

	test('blocks: a line with # is a heading only if it looks like one; a list goes on over its lines', () => {
		expect(
			knowledgeBlocks(
				'#1 in Pune since 1998.\n\n# This is not a heading, it is a sentence.\n\n## Hours\n- Mon\n  to Fri\n- Sat',
			),
		).toEqual([
			{ kind: 'paragraph', text: '#1 in Pune since 1998.' },
			{ kind: 'paragraph', text: '# This is not a heading, it is a sentence.' },
			{ kind: 'heading', level: 2, text: 'Hours' },
			{ kind: 'list', lines: ['- Mon', '  to Fri', '- Sat'] },
		])
		// An unclosed fence runs to the end.
		expect(knowledgeBlocks('```\ncode\n\nmore')).toEqual([
			{ kind: 'code', fence: '```', info: '', lines: ['code', '', 'more'] },
		])
	})
})

test('a long header row or fence is not repeated in every piece: the chunks stay the size of the text', () => {
	const table = `| ${'h | '.repeat(50_000)}\n|---|\n${Array.from({ length: 40_000 }, (_, i) => `| r${i} |`).join('\n')}`
	const fence = '`'.repeat(200_000)
	const code = `${fence}\n${Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\n')}\n${fence}`
	for (const text of [table, code]) {
		const total = chunkKnowledge(text).reduce((sum, chunk) => sum + chunk.content.length, 0)
		expect(total).toBeLessThan(text.length * 1.2)
	}
})

test('a text with no space at all is cut into pieces of the chunk size, in time linear in its length', () => {
	// 6 MB of one "word" (a pasted blob): each cut once scanned back to the text's start for a space,
	// 18 s of the server's thread; now well inside the test's time-out.
	const chunks = chunkKnowledge('x'.repeat(6_000_000))
	expect(chunks).toHaveLength(6000)
	expect(chunks.every((chunk) => chunk.content.length === 1000)).toBe(true)
})

describe('a long text, chunked in slices so the event loop gets turns', () => {
	const section = (i: number) =>
		[
			`## Part ${i}`,
			`Paragraph ${i} says something. It goes on for a while about delivery and returns.`,
			'- an item\n- another item\n  continued',
			'| Plan | Price |\n|---|---|\n| Basic | 10 |',
			// Blank lines inside a fence are the code's: a slice never ends there.
			'```js\nconst a = 1\n\n\nconst b = 2\n```',
			'Short line',
		].join('\n\n')
	const text = Array.from({ length: 400 }, (_, i) => section(i)).join('\n\n')
	const plain = Array.from({ length: 400 }, (_, i) => `Opening hours ${i}\n\nWe open at ${i} am.`).join('\r\n\r\n')

	test('gives the blocks and chunks the one-pass reading gives, whatever the slice size', async () => {
		for (const size of [1, 50, 1000, 50_000]) {
			expect(await knowledgeBlocksInSlices(text, size)).toEqual(knowledgeBlocks(text))
			// Without Markdown headings, short lines are headings: decided over the whole text, not per slice.
			expect(await knowledgeBlocksInSlices(plain, size)).toEqual(knowledgeBlocks(plain))
		}
		expect(await chunkKnowledgeInSlices(text)).toEqual(chunkKnowledge(text))
		expect(await chunkKnowledgeInSlices(plain)).toEqual(chunkKnowledge(plain))
	})

	test('lets other work run between slices', async () => {
		let turns = 0
		const timer = setInterval(() => turns++, 0)
		const long = Array.from({ length: 30 }, () => text).join('\n\n')
		await chunkKnowledgeInSlices(long)
		clearInterval(timer)
		expect(turns).toBeGreaterThan(3)
	})
})

test('an FAQ question, on the line above its answer or on its own above it, heads a chunk of its own', () => {
	// As the Unanswered page's "Add answer" appends one to the typed text, and as owners write FAQs.
	const text = [
		'Opening hours',
		'We open at nine.',
		'What is libffi?\nlibffi calls a function whose arguments are known only at run time.',
		'Is it thread safe?',
		'Mostly: prepare each ffi_cif in one thread at a time.',
	].join('\n\n')
	expect(chunkKnowledge(text)).toEqual([
		{ content: 'Opening hours\n\nWe open at nine.', heading: 'Opening hours', context: null },
		{
			content: 'What is libffi?\n\nlibffi calls a function whose arguments are known only at run time.',
			heading: 'What is libffi?',
			context: null,
		},
		{
			content: 'Is it thread safe?\n\nMostly: prepare each ffi_cif in one thread at a time.',
			heading: 'Is it thread safe?',
			context: null,
		},
	])
	// A question that ends the text, or closes a paragraph, heads nothing.
	expect(chunkKnowledge('We open at nine. Any questions?\nCall us.\n\nAny questions?').map((c) => c.heading)).toEqual([
		null,
	])
})

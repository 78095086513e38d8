// The knowledge text format (docs/decisions/0030-knowledge-text-format.md): light Markdown that every
// parser writes (pages, DOCX, PDF) and typed text already is. Read here into its blocks for the
// chunker and the offline model: headings, paragraphs, lists, tables and fenced code blocks (blank
// lines inside a fence are the code's own). One pass over the lines (ADR 0024).
import { isHeading } from './retrieval.ts'

export type KnowledgeBlock =
	/** `question`: an FAQ's question heading its answer (a chunk of its own, as a Markdown heading's section). */
	| { kind: 'heading'; level: number; text: string; question?: boolean }
	| { kind: 'paragraph'; text: string }
	| { kind: 'list'; lines: string[] }
	| { kind: 'table'; lines: string[] }
	| { kind: 'code'; fence: string; info: string; lines: string[]; after?: string }

/** Headings of a typed text that has no Markdown ones: a short line on its own (ranked as before). */
export const IMPLICIT_LEVEL = 7

/** "```js" or "````": the fence and what follows it (a language, no backtick). */
const FENCE = /^ {0,3}(`{3,})([^`]*)$/
/** "# Title" to "###### Sub": a heading when the rest looks like one (short, not a sentence). */
const MARKDOWN_HEADING = /^(#{1,6}) +(\S.*)$/
/** "- item", "* item", "1. item", "2) item", nested by leading spaces. */
const LIST_ITEM = /^ *(?:[-*+•]|\d{1,9}[.)]) +\S/

function fenceOf(line: string) {
	const match = FENCE.exec(line)
	return match ? { fence: match[1], info: match[2].trim() } : null
}

/**
 * Whether a line closes a fence of `fence`'s length (as many backticks or more) and, if it does,
 * what follows them: nothing in the knowledge; in a reply, the citations of the code (" [1]").
 */
function closesFence(line: string, fence: string, cited: boolean): string | null {
	const trimmed = line.trim()
	let run = 0
	while (run < trimmed.length && trimmed.charCodeAt(run) === 0x60) run++
	if (run < fence.length) return null
	const rest = trimmed.slice(run).trim()
	if (!rest) return ''
	return cited && /^(?:\[\d{1,2}\] *)+$/.test(rest) ? ` ${rest}` : null
}

/** A "# Heading" line's level and text, when it looks like a heading (not "#1 in India, since..."). */
function markdownHeading(line: string) {
	const match = MARKDOWN_HEADING.exec(line)
	if (!match) return null
	const text = match[2].trim()
	if (text.length > 150 || /[.,;:]$/.test(text)) return null
	return { level: match[1].length, text }
}

const isListItem = (line: string) => LIST_ITEM.test(line)
/** A question as a line of its own: one short sentence, ending with its question mark. */
const isQuestionLine = (line: string) =>
	line.length <= 150 && line.endsWith('?') && !line.includes('\n') && !/[.!?]\s/.test(line)
const isTableLine = (line: string) => line.trimStart().startsWith('|')

/**
 * The blocks of a knowledge text, in order. A reply (`reply`) is read the same way, except that its
 * code may be followed by citations on the closing fence's line and a short line is not a heading.
 */
export function knowledgeBlocks(text: string, { reply = false } = {}): KnowledgeBlock[] {
	const blocks = blocksOf(text, reply)
	return reply ? blocks : withImplicitHeadings(blocks)
}

/** The blocks of `text` read as knowledgeBlocks reads them, without the short-lines-as-headings pass. */
function blocksOf(text: string, reply: boolean): KnowledgeBlock[] {
	const lines = text.split('\n')
	for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1)
	const blocks: KnowledgeBlock[] = []
	const startsBlock = (line: string) =>
		fenceOf(line) !== null || markdownHeading(line) !== null || isTableLine(line) || isListItem(line)
	let i = 0
	while (i < lines.length) {
		const line = lines[i]
		if (!line.trim()) {
			i++
			continue
		}
		const fence = fenceOf(line)
		if (fence) {
			const code: string[] = []
			let after: string | null = null
			i++
			// Blank lines inside a fence are the code's own; only the closing fence ends it.
			while (i < lines.length && (after = closesFence(lines[i], fence.fence, reply)) === null) code.push(lines[i++])
			i++
			blocks.push({ kind: 'code', fence: fence.fence, info: fence.info, lines: code, ...(after ? { after } : {}) })
			continue
		}
		const heading = markdownHeading(line)
		if (heading) {
			blocks.push({ kind: 'heading', ...heading })
			i++
			continue
		}
		if (isTableLine(line)) {
			const rows: string[] = []
			while (i < lines.length && isTableLine(lines[i])) rows.push(lines[i++].trim())
			blocks.push({ kind: 'table', lines: rows })
			continue
		}
		if (isListItem(line)) {
			const items: string[] = [line.trimEnd()]
			i++
			// An item goes on over lines that are not items; a blank line or another block ends the list.
			while (i < lines.length && lines[i].trim() && !(startsBlock(lines[i]) && !isListItem(lines[i])))
				items.push(lines[i++].trimEnd())
			blocks.push({ kind: 'list', lines: items })
			continue
		}
		// Prose: its line breaks kept, runs of spaces and tabs within a line made one space.
		const prose = (text: string) => text.trim().replace(/[ \t]+/g, ' ')
		const paragraph: string[] = [prose(line)]
		i++
		while (i < lines.length && lines[i].trim() && !startsBlock(lines[i])) paragraph.push(prose(lines[i++]))
		// A question on a line of its own above its answer ("What is libffi?\nIt is…", as an FAQ and
		// the Unanswered page's "Add answer" write one) heads its answer, as a page's heading would.
		if (!reply && paragraph.length > 1 && isQuestionLine(paragraph[0])) {
			blocks.push({ kind: 'heading', level: IMPLICIT_LEVEL, text: paragraph[0], question: true })
			blocks.push({ kind: 'paragraph', text: paragraph.slice(1).join('\n') })
		} else blocks.push({ kind: 'paragraph', text: paragraph.join('\n') })
	}
	return blocks
}

/**
 * A typed text without Markdown headings has its own: short lines on their own, as before (a
 * question above its answer is not a Markdown heading). A question on its own above a paragraph
 * heads it as one on the line above it does.
 */
function withImplicitHeadings(blocks: KnowledgeBlock[]) {
	for (const [index, block] of blocks.entries()) {
		if (block.kind === 'paragraph' && blocks[index + 1]?.kind === 'paragraph' && isQuestionLine(block.text))
			blocks[index] = { kind: 'heading', level: IMPLICIT_LEVEL, text: block.text, question: true }
	}
	if (!blocks.some((block) => block.kind === 'heading' && block.level !== IMPLICIT_LEVEL)) {
		for (const [index, block] of blocks.entries()) {
			if (block.kind === 'paragraph' && isHeading(block.text))
				blocks[index] = { kind: 'heading', level: IMPLICIT_LEVEL, text: block.text }
		}
	}
	return blocks
}

/** About how much text is read between two turns of the event loop. */
const SLICE_CHARS = 50_000

/**
 * knowledgeBlocks for a long knowledge text (megabytes of it) without holding the event loop: the
 * text is read in slices cut at a blank line outside any code fence (where no block can go on), and
 * other work gets a turn between slices. The blocks are knowledgeBlocks' own.
 */
export async function knowledgeBlocksInSlices(text: string, sliceChars = SLICE_CHARS): Promise<KnowledgeBlock[]> {
	const blocks: KnowledgeBlock[] = []
	let start = 0
	while (start < text.length) {
		const end = sliceEnd(text, start, sliceChars)
		for (const block of blocksOf(text.slice(start, end), false)) blocks.push(block)
		start = end
		if (start < text.length) await new Promise((resolve) => setImmediate(resolve))
	}
	return withImplicitHeadings(blocks)
}

/**
 * Where a slice that starts at `start` (outside a fence) ends: at the first blank line outside a
 * fence after `sliceChars`, or the text's end. Fences are followed as knowledgeBlocks follows them.
 */
function sliceEnd(text: string, start: number, sliceChars: number) {
	let fence: string | null = null
	let at = start
	while (at < text.length) {
		const newline = text.indexOf('\n', at)
		const lineEnd = newline === -1 ? text.length : newline
		const line = text.slice(at, lineEnd).replace(/\r$/, '')
		if (fence !== null) {
			if (closesFence(line, fence, false) !== null) fence = null
		} else if (!line.trim()) {
			if (at - start >= sliceChars) return at
		} else fence = fenceOf(line)?.fence ?? null
		at = lineEnd + 1
	}
	return text.length
}

/** A block as it is written in the knowledge text. */
export function blockText(block: KnowledgeBlock) {
	switch (block.kind) {
		case 'heading':
			return block.level === IMPLICIT_LEVEL ? block.text : `${'#'.repeat(block.level)} ${block.text}`
		case 'paragraph':
			return block.text
		case 'list':
		case 'table':
			return block.lines.join('\n')
		case 'code':
			return `${block.fence}${block.info}\n${block.lines.join('\n')}${block.lines.length ? '\n' : ''}${block.fence}`
	}
}

/**
 * A knowledge text as plain prose, for an excerpt shown under an answer: headings and paragraphs as
 * they are, list items and table cells without their markers, code without its fences and backticks.
 */
export function plainText(text: string) {
	return knowledgeBlocks(text)
		.map((block) => {
			switch (block.kind) {
				case 'heading':
				case 'paragraph':
					return block.text.replace(/`+/g, '')
				case 'list':
					return block.lines.map((line) => line.replace(LIST_MARKER, '').replace(/`+/g, '')).join('\n')
				case 'table':
					return block.lines
						.filter((line) => !/^\|[\s:|-]*$/.test(line))
						.map((line) =>
							line
								.replace(/^\s*\|/, '')
								.replace(/\|\s*$/, '')
								.split('|')
								.map((cell) => cell.trim())
								.join(' · '),
						)
						.join('\n')
				case 'code':
					return block.lines.join('\n')
			}
		})
		.join('\n\n')
}

/** A list item's marker ("- ", "1. "), with its indentation. */
const LIST_MARKER = /^ *(?:[-*+•]|\d{1,9}[.)]) +/

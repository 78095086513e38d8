// Knowledge text (the light Markdown of docs/decisions/0030-knowledge-text-format.md) cut into
// retrieval chunks: whole blocks packed up to a size, never a code block, list or table cut in the
// middle of a line (a long one is cut between lines, its fence or header repeated), a new chunk at
// each Markdown heading, and each chunk with the path of headings it sits under. One pass over the
// lines, each read a bounded number of times (ADR 0024).
import {
	blockText,
	IMPLICIT_LEVEL,
	type KnowledgeBlock,
	knowledgeBlocks,
	knowledgeBlocksInSlices,
} from '~/ai/knowledge-text.ts'

export type KnowledgeChunkText = {
	content: string
	/** The headings the chunk sits under, outermost first, joined by " › "; null when there are none. */
	heading: string | null
	/** Those of them the chunk does not itself hold: what its search terms add to its text. */
	context: string | null
}

/** How a heading path is written ("Streams › Readable streams › readable.highWaterMark"). */
export const HEADING_SEPARATOR = ' › '

/** A text cut into pieces of at most `size`, at a space where there is one. */
function hardCut(text: string, size: number) {
	const pieces: string[] = []
	let start = 0
	while (start < text.length) {
		let end = Math.min(text.length, start + size)
		if (end < text.length) {
			// Only the piece's second half is searched for a space: lastIndexOf would scan back to the
			// text's start on every cut of a text with none, quadratic in its length (ADR 0024).
			const space = text.slice(start + Math.ceil(size / 2), end + 1).lastIndexOf(' ')
			if (space > 0) end = start + Math.ceil(size / 2) + space
		}
		const piece = text.slice(start, end).trim()
		if (piece) pieces.push(piece)
		start = end
	}
	return pieces
}

/** A paragraph cut at its sentences' ends into pieces of at most `size`. */
function cutParagraph(text: string, size: number) {
	const pieces: string[] = []
	let current = ''
	// Each match runs to its punctuation (or the end) and cannot fail once begun: linear (ADR 0024).
	for (const sentence of text.match(/[^.!?]+[.!?]*/g) ?? [text]) {
		if (current && current.length + sentence.length > size) {
			pieces.push(current.trim())
			current = ''
		}
		if (sentence.length > size) {
			for (const each of hardCut(sentence, size)) pieces.push(each)
			continue
		}
		current += current ? sentence : sentence.trimStart()
	}
	if (current.trim()) pieces.push(current.trim())
	return pieces
}

/** Lines packed into pieces of at most `size` with `head` and `tail` around each (a fence, a table's header). */
function packLines(lines: string[], size: number, head: string[], tail: string[]) {
	// The callers keep what is repeated in every piece to half a chunk at most.
	const frame = [...head, ...tail].reduce((sum, line) => sum + line.length + 1, 0)
	const room = Math.max(size - frame, size / 2)
	const pieces: string[] = []
	let current: string[] = []
	let length = 0
	const close = () => {
		if (current.length > 0) pieces.push([...head, ...current, ...tail].join('\n'))
		current = []
		length = 0
	}
	for (const line of lines) {
		// A line longer than a chunk is cut; code rarely has one, prose in a list or table may.
		for (const part of line.length > room ? hardCut(line, room) : [line]) {
			if (current.length > 0 && length + part.length + 1 > room) close()
			current.push(part)
			length += part.length + 1
		}
	}
	close()
	return pieces
}

/** A block as pieces of at most about `size`: itself when it fits. */
function blockPieces(block: KnowledgeBlock, size: number): string[] {
	const text = blockText(block)
	if (text.length <= size) return [text]
	switch (block.kind) {
		case 'heading':
			return hardCut(text, size).slice(0, 1)
		case 'paragraph':
			return cutParagraph(block.text, size)
		case 'list':
			return packLines(block.lines, size, [], [])
		case 'table': {
			// Each piece of a table opens with its header row (and the line under it), when that header
			// leaves most of a chunk for rows: repeating a long one in every piece would grow the chunks
			// with the square of the table (a 200 KB header row).
			const header = block.lines.slice(0, /^\|[\s:|-]*$/.test(block.lines[1] ?? '') ? 2 : 1)
			const repeatable = header.reduce((sum, line) => sum + line.length + 1, 0) <= size / 2
			return repeatable
				? packLines(block.lines.slice(header.length), size, header, [])
				: packLines(block.lines, size, [], [])
		}
		case 'code': {
			// Each piece of a code block is a code block of its own, its language named in at most 40
			// characters; behind a fence too long to repeat (thousands of backticks), plain lines.
			const opening = `${block.fence}${block.info.slice(0, 40)}`
			return opening.length + block.fence.length <= size / 2
				? packLines(block.lines, size, [opening], [block.fence])
				: packLines(block.lines, size, [], [])
		}
	}
}

/**
 * Cuts a knowledge text into chunks of at most about `maxChars`: whole blocks packed together with
 * blank lines between them, a new chunk at each Markdown heading (its heading opens it), and long
 * blocks cut where they can be (sentences; lines of a list, table or code block). Each chunk knows
 * the path of headings it sits under.
 */
export function chunkKnowledge(text: string, maxChars = 1000): KnowledgeChunkText[] {
	const chunks: KnowledgeChunkText[] = []
	for (const _pause of chunkSteps(knowledgeBlocks(text), maxChars, chunks));
	return chunks
}

/** Blocks chunked between two turns of the event loop. */
const BLOCKS_PER_TURN = 500

/**
 * chunkKnowledge for a long text (megabytes) without holding the event loop: read in slices, and
 * chunked a few thousand blocks at a time, other work getting a turn in between. Same chunks.
 */
export async function chunkKnowledgeInSlices(text: string, maxChars = 1000): Promise<KnowledgeChunkText[]> {
	const chunks: KnowledgeChunkText[] = []
	for (const _pause of chunkSteps(await knowledgeBlocksInSlices(text), maxChars, chunks))
		await new Promise((resolve) => setImmediate(resolve))
	return chunks
}

/** Chunks `blocks` into `chunks`, pausing (a yield) every BLOCKS_PER_TURN blocks. */
function* chunkSteps(blocks: KnowledgeBlock[], maxChars: number, chunks: KnowledgeChunkText[]) {
	/** The open headings, outermost first. */
	const stack: Array<{ level: number; text: string }> = []
	let parts: string[] = []
	let length = 0
	let hasContent = false
	let path: string[] | null = null
	const inChunk = new Set<string>()

	const close = () => {
		if (parts.length > 0) {
			const headings = path ?? stack.map((heading) => heading.text)
			const context = headings.filter((heading) => !inChunk.has(heading))
			chunks.push({
				content: parts.join('\n\n'),
				heading: headings.length > 0 ? headings.join(HEADING_SEPARATOR) : null,
				context: context.length > 0 ? context.join(HEADING_SEPARATOR) : null,
			})
		}
		parts = []
		length = 0
		hasContent = false
		path = null
		inChunk.clear()
	}
	const add = (piece: string) => {
		if (parts.length > 0 && length + 2 + piece.length > maxChars) close()
		parts.push(piece)
		length += (parts.length > 1 ? 2 : 0) + piece.length
	}

	for (const [index, block] of blocks.entries()) {
		if (index > 0 && index % BLOCKS_PER_TURN === 0) yield
		if (block.kind === 'heading') {
			// A Markdown heading (or an FAQ's question) starts a chunk, unless the chunk holds only headings so far.
			if ((block.level !== IMPLICIT_LEVEL || block.question) && hasContent) close()
			while (stack.length > 0 && stack.at(-1)!.level >= block.level) stack.pop()
			stack.push({ level: block.level, text: block.text })
			for (const piece of blockPieces(block, maxChars)) {
				add(piece)
				inChunk.add(block.text)
			}
			continue
		}
		// A long block under headings alone is cut to fit beside them: a chunk is never a heading alone.
		const room = parts.length > 0 && !hasContent ? maxChars - length - 2 : maxChars
		for (const piece of blockPieces(block, room >= maxChars / 2 ? room : maxChars)) {
			add(piece)
			path ??= stack.map((heading) => heading.text)
			hasContent = true
		}
	}
	close()
}

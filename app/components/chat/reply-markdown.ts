// A reply read as the light Markdown the knowledge is kept in (docs/decisions/0030 and 0031):
// paragraphs, headings, lists, fenced code, tables, `code` spans, **bold**, and citations ("[2]").
// Only this subset, read into plain data that the thread renders as React elements: nothing a
// model writes is ever HTML, a link or an attribute (an <img onerror> or a javascript: link is
// text). One pass over the lines, linear in the reply (ADR 0024).
import { answerPieces } from '~/ai/citations.ts'
import { knowledgeBlocks } from '~/ai/knowledge-text.ts'

export type Inline = { text: string } | { code: string } | { strong: Inline[] } | { cite: number }
type ListItem = { content: Inline[]; children: ReplyList[] }
export type ReplyList = { kind: 'list'; ordered: boolean; start: number; items: ListItem[] }
export type ReplyBlock =
	| { kind: 'paragraph'; content: Inline[] }
	| { kind: 'heading'; content: Inline[] }
	| ReplyList
	| { kind: 'code'; language: string; code: string; after: Inline[] }
	| { kind: 'table'; header: Inline[][] | null; rows: Inline[][][] }

const LIST_ITEM = /^( *)([-*+•]|\d{1,9}[.)]) +(\S.*)$/
/** The line under a table's header: pipes, dashes, colons and spaces only. */
const TABLE_RULE = /^[\s:|-]*$/

/** Text with its citations (of the `sources` listed), `code` spans and **bold** parts. */
function inlinePieces(text: string, sources: number): Inline[] {
	// Every run of backticks, once: a run opens a code span that the next run of the same length
	// closes. Each length's runs are read through a cursor that only moves forward, so a reply of
	// runs of every length cannot make the search go over the text again for each (ADR 0024).
	const runs: Array<{ start: number; length: number }> = []
	for (let i = 0; i < text.length; i++) {
		if (text.charCodeAt(i) !== 0x60) continue
		let end = i
		while (end < text.length && text.charCodeAt(end) === 0x60) end++
		runs.push({ start: i, length: end - i })
		i = end - 1
	}
	const byLength = new Map<number, number[]>()
	runs.forEach((run, index) => {
		const list = byLength.get(run.length)
		if (list) list.push(index)
		else byLength.set(run.length, [index])
	})
	const cursor = new Map<number, number>()
	const pieces: Inline[] = []
	let last = 0
	for (let k = 0; k < runs.length; k++) {
		const open = runs[k]
		const same = byLength.get(open.length)!
		let at = cursor.get(open.length) ?? 0
		while (at < same.length && same[at] <= k) at++
		cursor.set(open.length, at)
		if (at === same.length) continue
		const close = runs[same[at]]
		if (open.start > last) for (const each of prose(text.slice(last, open.start), sources)) pieces.push(each)
		const code = text.slice(open.start + open.length, close.start)
		pieces.push({ code: code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code })
		last = close.start + close.length
		k = same[at]
	}
	if (last < text.length) for (const each of prose(text.slice(last), sources)) pieces.push(each)
	return pieces
}

/** Text outside code: **bold** parts and citations. */
function prose(text: string, sources: number): Inline[] {
	const pieces: Inline[] = []
	let at = 0
	while (at < text.length) {
		const open = text.indexOf('**', at)
		const close = open === -1 ? -1 : text.indexOf('**', open + 2)
		if (open === -1 || close === -1 || close === open + 2) {
			for (const each of cited(text.slice(at), sources)) pieces.push(each)
			break
		}
		for (const each of cited(text.slice(at, open), sources)) pieces.push(each)
		pieces.push({ strong: cited(text.slice(open + 2, close), sources) })
		at = close + 2
	}
	return pieces
}

/** Citations of the listed sources; with none listed, "[2]" is left as it was written. */
const cited = (text: string, sources: number): Inline[] =>
	!text ? [] : sources > 0 ? answerPieces(text, sources) : [{ text }]

/** A table row's cells: split at each `|` that is not escaped (`\|`). */
function cells(line: string) {
	let row = line.trim()
	if (row.startsWith('|')) row = row.slice(1)
	if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1)
	const out: string[] = []
	let current = ''
	for (let i = 0; i < row.length; i++) {
		if (row[i] === '\\' && row[i + 1] === '|') {
			current += '|'
			i++
		} else if (row[i] === '|') {
			out.push(current.trim())
			current = ''
		} else current += row[i]
	}
	out.push(current.trim())
	return out
}

/** A reply's blocks (read as the knowledge is: app/ai/knowledge-text.ts), with citations numbered against the `sources` listed with it. */
export function parseReply(text: string, sources = 0): ReplyBlock[] {
	return knowledgeBlocks(text, { reply: true }).map((block): ReplyBlock => {
		switch (block.kind) {
			case 'code':
				return {
					kind: 'code',
					language: block.info,
					code: block.lines.join('\n'),
					after: cited(block.after ?? '', sources),
				}
			case 'heading':
				return { kind: 'heading', content: inlinePieces(block.text, sources) }
			case 'table': {
				const rows = block.lines
				const ruled = rows.length > 1 && rows[1].includes('-') && TABLE_RULE.test(rows[1])
				const read = (row: string) => cells(row).map((cell) => inlinePieces(cell, sources))
				return { kind: 'table', header: ruled ? read(rows[0]) : null, rows: rows.slice(ruled ? 2 : 0).map(read) }
			}
			case 'list':
				return readList(block.lines, sources)
			case 'paragraph':
				return { kind: 'paragraph', content: inlinePieces(block.text.trim(), sources) }
		}
	})
}

/** List lines into nested lists: an item indented past its parent's marker is its child. */
function readList(lines: string[], sources: number): ReplyList {
	type Open = { indent: number; list: ReplyList; texts: string[] }
	const make = (marker: string): ReplyList => {
		const ordered = /^\d/.test(marker)
		return { kind: 'list', ordered, start: ordered ? Number.parseInt(marker, 10) : 1, items: [] }
	}
	const first = LIST_ITEM.exec(lines[0])!
	const root: Open = { indent: first[1].length, list: make(first[2]), texts: [] }
	const stack: Open[] = [root]
	const finish = (open: Open) => {
		open.list.items.forEach((item, index) => {
			item.content = inlinePieces(open.texts[index], sources)
		})
	}
	for (const line of lines) {
		const item = LIST_ITEM.exec(line)
		if (!item) {
			// A line that is not an item goes on with the item before it.
			const top = stack.at(-1)!
			if (top.texts.length > 0) top.texts[top.texts.length - 1] += ` ${line.trim()}`
			continue
		}
		const indent = item[1].length
		while (stack.length > 1 && indent < stack.at(-1)!.indent) finish(stack.pop()!)
		let top = stack.at(-1)!
		if (indent > top.indent && top.list.items.length > 0) {
			const nested: Open = { indent, list: make(item[2]), texts: [] }
			top.list.items.at(-1)!.children.push(nested.list)
			stack.push(nested)
			top = nested
		}
		top.list.items.push({ content: [], children: [] })
		top.texts.push(item[3])
	}
	while (stack.length > 0) finish(stack.pop()!)
	return root.list
}

/** The numbers of the listed sources a reply cites outside its code, in order, each once. */
export function replyCitations(text: string, sources: number) {
	const numbers = new Set<number>()
	const walk = (pieces: Inline[]) => {
		for (const piece of pieces) {
			if ('cite' in piece) numbers.add(piece.cite)
			else if ('strong' in piece) walk(piece.strong)
		}
	}
	const walkList = (list: ReplyList) => {
		for (const item of list.items) {
			walk(item.content)
			item.children.forEach(walkList)
		}
	}
	for (const block of parseReply(text, sources)) {
		if (block.kind === 'list') walkList(block)
		else if (block.kind === 'code') walk(block.after)
		else if (block.kind === 'table') [...(block.header ?? []), ...block.rows.flat()].forEach(walk)
		else walk(block.content)
	}
	return [...numbers].sort((a, b) => a - b)
}

// A page's content as the knowledge format of docs/decisions/0030-knowledge-text-format.md: light
// Markdown whose headings, lists, tables and code blocks survive, without the page's chrome or its
// docs metadata. One walk over htmlparser2's tree, each node visited a bounded number of times
// (ADR 0024: nothing here is super-linear in the page). Runs in the parser sandbox only.
import { DomUtils, parseDocument } from 'htmlparser2'

type Node = ReturnType<typeof parseDocument>['children'][number]
type Element = Extract<Node, { attribs: Record<string, string> }>

/** Never knowledge: code, media, forms and the page's own chrome. */
const SKIPPED = new Set(
	'script style noscript template svg canvas iframe object embed video audio nav header footer aside form button select input textarea img picture map dialog menu'.split(
		' ',
	),
)
/** Elements that start and end a paragraph; everything else is inline. */
const BLOCK = new Set(
	'address article blockquote body center dd div dl dt fieldset figcaption figure hgroup hr li main p section summary details caption legend'.split(
		' ',
	),
)
/** Chrome named by its class, id or label (case-insensitive, anywhere in the name). */
const CHROME_NAMES = [
	'cookie',
	'consent',
	'gdpr',
	'breadcrumb',
	'tableofcontents',
	'table-of-contents',
	'table_of_contents',
	'skip-link',
	'skiplink',
	'skip-to',
	'editthispage',
	'edit-this-page',
	'edit_this_page',
	'edit-on-github',
	'edit_on_github',
	'editongithub',
	'edit-link',
	'editlink',
	'edit-page',
	'api_metadata',
	'api-metadata',
	'sidebar',
	'sidenav',
	'side-nav',
	'pagination',
	'srclink',
]
/** Chrome named by a whole word of its class or id ("toc", not "stock"). */
const CHROME_WORDS = new Set(['toc', 'pager', 'gtoc'])
/** The text of a link that is chrome: "Edit this page", "Skip to content", a heading's "#" anchor. */
const CHROME_LINK = /^(?:edit (?:this page|on github|page)|suggest an edit|improve this page|skip to |[#¶§🔗]$)/iu
/** The summary of a `<details>` that holds a version history. */
const HISTORY_SUMMARY = /^(?:history|changelog|change log|version history|changes)$/i
/** Docs metadata as a whole paragraph or item: "Added in: v10.0.0, v8.12.0", "Deprecated since: v14.0.0". */
const METADATA_LINE = /^(?:added in|deprecated since|removed in):? v\d[\w.]*(?:, v\d[\w.]*)*$/i
/** A container whose text is nearly all links to elsewhere (a site's menu, a table of contents). */
const LINK_LIST_MIN_LINKS = 5
const LINK_LIST_SHARE = 0.85

/** What the walk needs to know of each element in advance: its text length and how much of it is links. */
type Stats = { chars: number; linkChars: number; links: number }

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** At most `limit` characters of an element's text (enough to judge a link or a summary). */
function shortText(node: Node, limit = 120): string {
	let text = ''
	const visit = (n: Node) => {
		if (text.length >= limit) return
		if (n.type === 'text') text += n.data
		else if ('children' in n) for (const child of n.children) visit(child)
	}
	visit(node)
	return collapse(text.slice(0, limit))
}

/** Text and link lengths of every element, from the leaves up: one pass. */
function measure(root: Node, stats: Map<Element, Stats>): Stats {
	if (root.type === 'text') return { chars: collapse(root.data).length, linkChars: 0, links: 0 }
	const total = { chars: 0, linkChars: 0, links: 0 }
	for (const child of 'children' in root ? root.children : []) {
		const s = measure(child, stats)
		total.chars += s.chars
		total.linkChars += s.linkChars
		total.links += s.links
	}
	if (!DomUtils.isTag(root)) return total
	// In-page links count too: a table of contents is as much chrome as a site's menu.
	if (root.name === 'a' && root.attribs.href) {
		total.linkChars = total.chars
		total.links += 1
	}
	stats.set(root, total)
	return total
}

function namedAsChrome(element: Element) {
	const name = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs['aria-label'] ?? ''}`
	if (!name.trim()) return false
	const lower = name.toLowerCase()
	if (CHROME_NAMES.some((word) => lower.includes(word))) return true
	for (const word of lower.split(/[^a-z0-9]+/)) if (CHROME_WORDS.has(word)) return true
	return false
}

/** Whether an element is the page's chrome or docs metadata rather than its content. */
function isChrome(element: Element, stats: Map<Element, Stats>) {
	const { name, attribs } = element
	if (SKIPPED.has(name)) return true
	if (attribs.hidden !== undefined || attribs['aria-hidden'] === 'true') return true
	const role = attribs.role?.toLowerCase()
	if (role === 'navigation' || role === 'banner' || role === 'contentinfo' || role === 'search') return true
	if (namedAsChrome(element)) return true
	if (name === 'a') return CHROME_LINK.test(shortText(element))
	if (name === 'details') {
		const summary = element.children.find((child) => DomUtils.isTag(child) && child.name === 'summary')
		if (summary && HISTORY_SUMMARY.test(shortText(summary))) return true
		if (summary && /^(?:table of )?contents$|^on this page$/i.test(shortText(summary))) return true
	}
	if (name === 'div' || name === 'section' || name === 'ul' || name === 'ol' || name === 'dl') {
		const s = stats.get(element)
		if (s && s.links >= LINK_LIST_MIN_LINKS && s.linkChars >= s.chars * LINK_LIST_SHARE) return true
	}
	return false
}

/** Writes blocks: paragraphs gather inline text until a block element ends them. */
class Writer {
	readonly blocks: string[] = []
	private inline: string[] = []

	text(data: string) {
		this.inline.push(data)
	}
	/** Ends the paragraph being written, if any. */
	flush() {
		if (this.inline.length === 0) return
		const text = collapse(this.inline.join(''))
		this.inline = []
		if (text && !METADATA_LINE.test(text)) this.blocks.push(text)
	}
	block(text: string) {
		this.flush()
		if (text) this.blocks.push(text)
	}
	/** The inline text gathered so far, taken out of the writer. */
	take() {
		const text = collapse(this.inline.join(''))
		this.inline = []
		return text
	}
}

type Walk = { stats: Map<Element, Stats> }

/** A `code` span: backticks around it, more of them if the code itself has one. */
function codeSpan(text: string) {
	const code = collapse(text)
	if (!code) return ''
	const fence = code.includes('`') ? '``' : '`'
	const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
	return `${fence}${pad}${code}${pad}${fence}`
}

/** The longest run of backticks in a text, so a fence can be one longer than anything inside. */
function longestBacktickRun(text: string) {
	let longest = 0
	let run = 0
	for (let i = 0; i < text.length; i++) {
		run = text.charCodeAt(i) === 0x60 ? run + 1 : 0
		if (run > longest) longest = run
	}
	return longest
}

/** A pre's text as written (line breaks from `<br>` too), without the blank lines around it. */
function preText(element: Element) {
	const parts: string[] = []
	const visit = (n: Node) => {
		if (n.type === 'text') parts.push(n.data)
		else if (DomUtils.isTag(n)) {
			if (n.name === 'br') parts.push('\n')
			else if (!SKIPPED.has(n.name)) for (const child of n.children) visit(child)
		}
	}
	for (const child of element.children) visit(child)
	const lines = parts.join('').replace(/\r\n?/g, '\n').split('\n')
	for (let i = 0; i < lines.length; i++) lines[i] = lines[i].trimEnd()
	while (lines.length > 0 && !lines[0].trim()) lines.shift()
	while (lines.length > 0 && !lines.at(-1)!.trim()) lines.pop()
	return lines.join('\n')
}

/** The language a code block names in its class ("language-js", "lang-python"), if any. */
function codeLanguage(element: Element) {
	const code = element.children.find((child) => DomUtils.isTag(child) && child.name === 'code') as Element | undefined
	for (const classes of [element.attribs.class, code?.attribs.class]) {
		for (const name of (classes ?? '').split(/\s+/)) {
			const match = /^(?:language|lang)-([\w+#-]{1,30})$/.exec(name)
			if (match) return match[1]
		}
	}
	return ''
}

export function fencedCode(code: string, language = '') {
	const fence = '`'.repeat(Math.max(3, longestBacktickRun(code) + 1))
	return `${fence}${language}\n${code}\n${fence}`
}

/** A cell's (or heading's) text on one line: its blocks and inline text joined by spaces. */
function inlineText(element: Element, walk: Walk, withCode = true) {
	const writer = new Writer()
	for (const child of element.children) visit(child, writer, walk, withCode)
	writer.flush()
	return collapse(writer.blocks.join(' '))
}

function table(element: Element, writer: Writer, walk: Walk) {
	const rows: string[][] = []
	const collect = (parent: Element) => {
		for (const child of parent.children) {
			if (!DomUtils.isTag(child) || isChrome(child, walk.stats)) continue
			if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') collect(child)
			else if (child.name === 'tr') {
				rows.push(
					child.children
						.filter((cell): cell is Element => DomUtils.isTag(cell) && (cell.name === 'td' || cell.name === 'th'))
						.map((cell) => inlineText(cell, walk).replaceAll('|', '\\|')),
				)
			}
		}
	}
	collect(element)
	const width = rows.reduce((max, row) => Math.max(max, row.length), 0)
	const filled = rows.filter((row) => row.some(Boolean))
	if (filled.length === 0) return
	// A one-column table lays a page out; its cells are ordinary content.
	if (width < 2) {
		for (const row of filled) writer.block(row[0] ?? '')
		return
	}
	// A version history ("Version | Changes") is docs metadata, not an answer.
	const header = filled[0]
	if (/^versions?$/i.test(header[0] ?? '') && /^(?:changes?|notes?|history|description)$/i.test(header[1] ?? '')) return
	const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`
	writer.block(
		[line(header), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...filled.slice(1).map(line)].join(
			'\n',
		),
	)
}

/**
 * A list as one block of `- item` / `1. item` lines, two spaces deeper per level. A code block or
 * table inside an item ends the list block, stands as its own block, and the list goes on after it.
 */
function list(element: Element, writer: Writer, walk: Walk, depth: number, lines: string[]) {
	const ordered = element.name === 'ol'
	let number = Number.parseInt(element.attribs.start ?? '1', 10)
	if (!Number.isFinite(number)) number = 1
	const indent = '  '.repeat(depth)
	const flushLines = () => {
		if (lines.length > 0) writer.block(lines.join('\n'))
		lines.length = 0
	}
	for (const item of element.children) {
		if (!DomUtils.isTag(item) || isChrome(item, walk.stats)) continue
		if (item.name === 'ul' || item.name === 'ol') {
			list(item, writer, walk, depth + 1, lines)
			continue
		}
		if (item.name !== 'li') continue
		const marker = ordered ? `${number++}. ` : '- '
		let prefix = `${indent}${marker}`
		const text = new Writer()
		const emit = () => {
			const content = text.take()
			if (content && !METADATA_LINE.test(content)) lines.push(`${prefix}${content}`)
			// What follows a nested list in the same item continues it, under the item's text.
			if (content) prefix = `${indent}${' '.repeat(marker.length)}`
		}
		const visitItem = (node: Node) => {
			if (!DomUtils.isTag(node)) return visit(node, text, walk, true)
			if (isChrome(node, walk.stats)) return
			if (node.name === 'ul' || node.name === 'ol') {
				emit()
				list(node, writer, walk, depth + 1, lines)
			} else if (node.name === 'pre' || node.name === 'table') {
				emit()
				flushLines()
				if (node.name === 'pre') writeCode(node, writer)
				else table(node, writer, walk)
			} else if (BLOCK.has(node.name) || node.name === 'br' || /^h[1-6]$/.test(node.name)) {
				text.text(' ')
				for (const child of node.children) visitItem(child)
				text.text(' ')
			} else if (node.name === 'code') text.text(codeSpan(DomUtils.textContent(node)))
			else for (const child of node.children) visitItem(child)
		}
		for (const child of item.children) visitItem(child)
		emit()
	}
	if (depth === 0) flushLines()
}

function writeCode(element: Element, writer: Writer) {
	// A pre that holds several code elements shows one at a time (the Node.js docs' ES module and
	// CommonJS versions of an example, behind a toggle): each is a block of its own, never run together.
	const codes = element.children.filter((child): child is Element => DomUtils.isTag(child) && child.name === 'code')
	if (codes.length > 1) {
		for (const code of codes) {
			const text = preText(code)
			if (text.trim()) writer.block(fencedCode(text, codeLanguage(code) || codeLanguage(element)))
		}
		return
	}
	const code = preText(element)
	if (code.trim()) writer.block(fencedCode(code, codeLanguage(element)))
}

function visit(node: Node, writer: Writer, walk: Walk, withCode: boolean): void {
	if (node.type === 'text') return writer.text(node.data)
	if (!DomUtils.isTag(node)) return
	if (isChrome(node, walk.stats)) return
	const { name } = node
	const heading = /^h([1-6])$/.exec(name)
	if (heading) {
		const text = inlineText(node, walk, false)
		if (text) writer.block(`${'#'.repeat(Number(heading[1]))} ${text}`)
		return
	}
	if (name === 'pre') {
		writer.flush()
		return writeCode(node, writer)
	}
	if (name === 'code') return writer.text(withCode ? codeSpan(DomUtils.textContent(node)) : DomUtils.textContent(node))
	if (name === 'ul' || name === 'ol') {
		writer.flush()
		return list(node, writer, walk, 0, [])
	}
	if (name === 'table') {
		writer.flush()
		return table(node, writer, walk)
	}
	if (name === 'br' || name === 'hr') return writer.flush()
	const block = BLOCK.has(name)
	if (block) writer.flush()
	for (const child of node.children) visit(child, writer, walk, withCode)
	if (block) writer.flush()
}

/**
 * A page's content as knowledge text: `<main>` when it has one, else `<body>`, in the format of ADR
 * 0030. The caller has checked how deep the elements nest (the walk recurses that deep).
 */
export function htmlMarkdown(html: string) {
	const document = parseDocument(html, { decodeEntities: true })
	const root =
		DomUtils.findOne((element) => element.name === 'main', document.children, true) ??
		DomUtils.findOne((element) => element.name === 'body', document.children, true) ??
		document
	const stats = new Map<Element, Stats>()
	measure(root, stats)
	const writer = new Writer()
	for (const child of root.children) visit(child, writer, { stats }, true)
	writer.flush()
	return writer.blocks.join('\n\n')
}

// A page's content as the knowledge format of docs/decisions/0030-knowledge-text-format.md: light
// Markdown whose headings, lists, tables and code blocks survive, without the page's chrome, its
// navigation (docs/decisions/0064-navigation-is-not-knowledge.md) or its docs metadata. One walk over
// htmlparser2's tree, each node visited a bounded number of times (ADR 0024: nothing here is
// super-linear in the page). Runs in the parser sandbox only.
import { DomUtils, parseDocument } from 'htmlparser2'

type Node = ReturnType<typeof parseDocument>['children'][number]
type Element = Extract<Node, { attribs: Record<string, string> }>

/** Never knowledge: code, media, forms and the page's own chrome (a `<header>` is chrome only as the page's banner). */
const SKIPPED = new Set(
	'script style noscript template svg canvas iframe object embed video audio nav footer aside form button select input textarea img picture map dialog menu'.split(
		' ',
	),
)
/** Elements whose text is never shown as text: their words do not count in their container's measure. */
const UNSEEN = new Set('script style noscript template svg canvas iframe object embed video audio map'.split(' '))
/** Chrome elements that stand as blocks of their own. */
const LANDMARKS = new Set(['nav', 'header', 'footer', 'aside', 'menu'])
/** Where a `<header>` heads a part of the content (an article's headline), not the page (HTML-AAM's banner rule). */
const SECTIONING = new Set(['article', 'section', 'main', 'aside', 'nav'])
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
/**
 * Navigation named by a whole word of its class, id, label or a table's summary: texinfo's
 * `div.header`, DocBook's `navheader`/`navfooter` and "Navigation header" tables, gtk-doc's
 * `table.navigation`, a theme's `navbar`. Such a name alone is not enough (a restaurant's "menu" is
 * its content): the element must also hold no heading and be short or mostly links.
 */
const NAVIGATION_WORDS = new Set([
	'nav',
	'navbar',
	'navheader',
	'navfooter',
	'navigation',
	'navlinks',
	'menu',
	'menubar',
	'header',
	'footer',
	'masthead',
	'topbar',
])
/** What a navigation-named element may hold and still be navigation: this much text, or half of it links. */
const NAVIGATION_SHORT_CHARS = 200
/** A link's `rel` that names it as the way through a manual: texinfo, DocBook and HTML's own link types. */
const NAVIGATION_REL = /(?:^|\s)(?:next|prev|previous|up|index|contents|toc|start|first|last|home|top)(?:\s|$)/i
/**
 * Words that, beside links, only label them as navigation: "Next: …, Previous: …, Up: … [Index]",
 * "Jump to:", "Back to top". A block whose other words are all these, around links, is navigation.
 */
const NAVIGATION_TEXT = new Set(
	'next previous prev up home top back forward index contents toc jump skip go to page menu main navigation first last table of'.split(
		' ',
	),
)
/** A word: a run of anything but spaces, ASCII punctuation and symbols, and Unicode's general punctuation and arrows. */
const WORD = /[^\s!-/:-@[-`{-~\u00a0-\u00bf\u2000-\u21ff\u2500-\u25ff]+/g
/** Elements measured as one block of links: a paragraph, a box, a list or a table as a whole (not one cell or item). */
const LINK_BLOCKS = new Set(['p', 'div', 'section', 'center', 'ul', 'ol', 'dl', 'table', 'font'])
/** A heading that only titles the table of contents beneath it. */
const CONTENTS_TITLE = /^(?:table of contents|contents|on this page|in this (?:article|page|section)|page contents)$/i
/** The text of a link that is chrome: "Edit this page", "Skip to content", a heading's "#" anchor. */
const CHROME_LINK = /^(?:edit (?:this page|on github|page)|suggest an edit|improve this page|skip to |[#¶§🔗]$)/iu
/** The summary of a `<details>` that holds a version history. */
const HISTORY_SUMMARY = /^(?:history|changelog|change log|version history|changes)$/i
/** Docs metadata as a whole paragraph or item: "Added in: v10.0.0, v8.12.0", "Deprecated since: v14.0.0". */
const METADATA_LINE = /^(?:added in|deprecated since|removed in):? v\d[\w.]*(?:, v\d[\w.]*)*$/i
/** A container whose text is nearly all links to elsewhere (a site's menu, a table of contents). */
const LINK_LIST_MIN_LINKS = 5
const LINK_LIST_SHARE = 0.85
/** A list of in-page links, at least half its text, with few words beside them: the page's own table of contents. */
const ANCHOR_LIST_MIN_LINKS = 3
const ANCHOR_LIST_SHARE = 0.5

/** What the walk needs to know of each element in advance, measured once from the leaves up. */
type Stats = {
	/** Its text's length, and how much of it is link text. */
	chars: number
	linkChars: number
	links: number
	/** Links that stay on the site (relative, the page's own host, in-page) and those to the page's own anchors. */
	siteLinks: number
	anchorLinks: number
	/** Links the page marks as its navigation: a `rel` of next, prev, up, index, contents…, or an access key. */
	navLinks: number
	/** Words outside links: those that only label navigation (NAVIGATION_TEXT), and the others. */
	navWords: number
	words: number
	/** Headings and tables inside it (a table counts itself). */
	headings: number
	tables: number
}

const emptyStats = (): Stats => ({
	chars: 0,
	linkChars: 0,
	links: 0,
	siteLinks: 0,
	anchorLinks: 0,
	navLinks: 0,
	navWords: 0,
	words: 0,
	headings: 0,
	tables: 0,
})

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

/** The page's host without "www.", which its own absolute links share; null when unknown (a DOCX). */
function siteHost(pageUrl: string | undefined) {
	if (!pageUrl) return null
	try {
		return new URL(pageUrl).hostname.replace(/^www\./, '')
	} catch {
		return null
	}
}

/** Whether a link stays on the page's site: a relative address, or an absolute one on the page's host. */
function staysOnSite(href: string, host: string | null) {
	const target = href.trim()
	if (!/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(target)) return true
	if (!host) return false
	try {
		return new URL(target, 'http://page.invalid').hostname.replace(/^www\./, '') === host
	} catch {
		return false
	}
}

/** Text and link measures of every element, from the leaves up: one pass. */
function measure(root: Node, stats: Map<Element, Stats>, host: string | null): Stats {
	if (root.type === 'text') {
		const total = emptyStats()
		total.chars = collapse(root.data).length
		for (const [word] of root.data.matchAll(WORD)) {
			if (word.length <= 10 && NAVIGATION_TEXT.has(word.toLowerCase())) total.navWords++
			else total.words++
		}
		return total
	}
	const total = emptyStats()
	if (DomUtils.isTag(root) && UNSEEN.has(root.name)) return total
	for (const child of 'children' in root ? root.children : []) {
		const s = measure(child, stats, host)
		total.chars += s.chars
		total.linkChars += s.linkChars
		total.links += s.links
		total.siteLinks += s.siteLinks
		total.anchorLinks += s.anchorLinks
		total.navLinks += s.navLinks
		total.navWords += s.navWords
		total.words += s.words
		total.headings += s.headings
		total.tables += s.tables
	}
	if (!DomUtils.isTag(root)) return total
	if (/^h[1-6]$/.test(root.name)) total.headings += 1
	if (root.name === 'table') total.tables += 1
	// In-page links count too: a table of contents is as much chrome as a site's menu.
	if (root.name === 'a' && root.attribs.href) {
		const href = root.attribs.href
		total.linkChars = total.chars
		total.links += 1
		// Words inside a link are its text, not words beside it.
		total.navWords = 0
		total.words = 0
		if (staysOnSite(href, host)) total.siteLinks += 1
		if (href.trim().startsWith('#')) total.anchorLinks += 1
		if (root.attribs.accesskey !== undefined || NAVIGATION_REL.test(root.attribs.rel ?? '')) total.navLinks += 1
	}
	stats.set(root, total)
	return total
}

/** The words an element is named by: its class, id, label, and a table's summary, in lower case. */
function namesOf(element: Element) {
	const { attribs } = element
	return `${attribs.class ?? ''} ${attribs.id ?? ''} ${attribs['aria-label'] ?? ''} ${attribs.summary ?? ''}`.toLowerCase()
}

function namedAsChrome(element: Element) {
	const lower = namesOf(element)
	if (!lower.trim()) return false
	if (CHROME_NAMES.some((word) => lower.includes(word))) return true
	for (const word of lower.split(/[^a-z0-9]+/)) if (CHROME_WORDS.has(word)) return true
	return false
}

function namedAsNavigation(element: Element) {
	for (const word of namesOf(element).split(/[^a-z0-9]+/)) if (NAVIGATION_WORDS.has(word)) return true
	return false
}

/** A `<header>` inside an article or section heads it (its headline); elsewhere it is the page's banner. */
function headsContent(element: Element) {
	for (let parent = element.parent; parent && DomUtils.isTag(parent); parent = parent.parent) {
		if (SECTIONING.has(parent.name)) return true
	}
	return false
}

/** The last text inside a node, found down its last children (a walk as deep as the node, not as long). */
function lastText(node: Node): string {
	for (let current: Node | undefined = node; current;) {
		if (current.type === 'text') return current.data
		if (!('children' in current)) return ''
		const children: Node[] = current.children
		current = children.findLast((child) => child.type !== 'text' || child.data.trim() !== '')
	}
	return ''
}

/**
 * Whether a block of links follows a sentence that announces it ("… discussed in the next three
 * sections:"): then the links are the content, a list the text is about, not the page's menu.
 */
function introducedBySentence(element: Element) {
	let block: Element = element
	// Through wrappers that hold only the block (DocBook's `<div class="orderedlist"><ol>`).
	while (
		block.parent &&
		DomUtils.isTag(block.parent) &&
		block.parent.name === 'div' &&
		block.parent.children.every((child) => child === block || (child.type === 'text' && !child.data.trim()))
	)
		block = block.parent
	let previous = block.prev
	while (previous && previous.type === 'text' && !previous.data.trim()) previous = previous.prev
	return !!previous && lastText(previous).trimEnd().endsWith(':')
}

/**
 * Whether a block's text is the page's navigation rather than its content (a jusText-like reading of
 * link density): links the page marks as navigation with a label at most; links on the site with
 * nothing beside them but labels ("Next: … Up: … [Index]", "Home | About | Contact"); a block of five
 * site links or more that is nearly all link text; a list of in-page links (a table of contents).
 * Links to other sites are references, the content of a "Further reading" list, and are kept.
 */
function isNavigationBlock(element: Element, s: Stats) {
	const { name } = element
	const list = name === 'ul' || name === 'ol'
	// A box with a heading is a section of its own (its lists are judged alone); a list's headings are
	// its items; a list inside an item is judged with the list it belongs to.
	if (s.links === 0 || (s.headings > 0 && !list)) return false
	if (list && element.parent && DomUtils.isTag(element.parent) && element.parent.name === 'li') return false
	if (s.navLinks * 2 >= s.links && s.words <= 2) return true
	if (s.siteLinks * 2 < s.links || introducedBySentence(element)) return false
	if (s.words === 0 && (s.navWords > 0 || s.links >= 2)) return true
	if (s.links >= LINK_LIST_MIN_LINKS && s.linkChars >= s.chars * LINK_LIST_SHARE) return true
	// A table of contents may hold a few unlinked titles, but hardly a word beside its links.
	return (
		list &&
		s.anchorLinks >= ANCHOR_LIST_MIN_LINKS &&
		s.words * 2 <= s.links &&
		s.linkChars >= s.chars * ANCHOR_LIST_SHARE
	)
}

/** Whether an element is the page's chrome or docs metadata rather than its content. */
function isChrome(element: Element, stats: Map<Element, Stats>) {
	const { name, attribs } = element
	if (SKIPPED.has(name)) return true
	if (name === 'header' && !headsContent(element)) return true
	if (attribs.hidden !== undefined || attribs['aria-hidden'] === 'true') return true
	const role = attribs.role?.toLowerCase()
	if (role === 'navigation' || role === 'banner' || role === 'contentinfo' || role === 'search') return true
	if (namedAsChrome(element)) return true
	const s = stats.get(element)
	if (
		s &&
		LINK_BLOCKS.has(name) &&
		s.links > 0 &&
		s.headings === 0 &&
		namedAsNavigation(element) &&
		(s.chars <= NAVIGATION_SHORT_CHARS || s.linkChars * 2 >= s.chars)
	)
		return true
	if (name === 'a') return CHROME_LINK.test(shortText(element))
	if (name === 'details') {
		const summary = element.children.find((child) => DomUtils.isTag(child) && child.name === 'summary')
		if (summary && HISTORY_SUMMARY.test(shortText(summary))) return true
		if (summary && /^(?:table of )?contents$|^on this page$/i.test(shortText(summary))) return true
	}
	return !!s && LINK_BLOCKS.has(name) && isNavigationBlock(element, s)
}

/** Writes blocks: paragraphs gather inline text until a block element ends them. */
class Writer {
	readonly blocks: string[] = []
	/** Which blocks are headings, by index: their level. */
	readonly headingLevels = new Map<number, number>()
	/** Block indexes before which a block of navigation or chrome was dropped. */
	readonly droppedBefore = new Set<number>()
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
	heading(level: number, text: string) {
		this.flush()
		this.headingLevels.set(this.blocks.length, level)
		this.blocks.push(`${'#'.repeat(level)} ${text}`)
	}
	/** Notes that a block of chrome stood here: a heading above it may head nothing else. */
	dropped() {
		this.flush()
		this.droppedBefore.add(this.blocks.length)
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

/** The rows of a table, through its thead, tbody and tfoot, without chrome. */
function rowsOf(element: Element, walk: Walk) {
	const rows: Element[] = []
	const collect = (parent: Element) => {
		for (const child of parent.children) {
			if (!DomUtils.isTag(child) || isChrome(child, walk.stats)) continue
			if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') collect(child)
			else if (child.name === 'tr') rows.push(child)
		}
	}
	collect(element)
	return rows
}

const cellsOf = (row: Element) =>
	row.children.filter((cell): cell is Element => DomUtils.isTag(cell) && (cell.name === 'td' || cell.name === 'th'))

/**
 * A table that lays a page out rather than holding data (as Readability tells them): one marked
 * presentational, or one whose cells hold headings or tables of their own (an old site's columns).
 */
function laysOut(element: Element, walk: Walk) {
	const role = element.attribs.role?.toLowerCase()
	if (role === 'presentation' || role === 'none') return true
	const s = walk.stats.get(element)
	return !!s && (s.headings > 0 || s.tables > 1)
}

function table(element: Element, writer: Writer, walk: Walk) {
	const rows = rowsOf(element, walk).map(cellsOf)
	const width = rows.reduce((max, row) => Math.max(max, row.length), 0)
	// A layout table's cells (and a one-column table's) are the page's blocks, in reading order.
	if (width < 2 || laysOut(element, walk)) {
		for (const cell of rows.flat()) {
			if (isChrome(cell, walk.stats)) continue
			writer.flush()
			for (const child of cell.children) visit(child, writer, walk, true)
			writer.flush()
		}
		return
	}
	const filled = rows
		.map((row) => row.map((cell) => inlineText(cell, walk).replaceAll('|', '\\|')))
		.filter((row) => row.some(Boolean))
	if (filled.length === 0) return
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
	const { name } = node
	if (isChrome(node, walk.stats)) {
		if (BLOCK.has(name) || LINK_BLOCKS.has(name) || LANDMARKS.has(name)) writer.dropped()
		return
	}
	const heading = /^h([1-6])$/.exec(name)
	if (heading) {
		const text = inlineText(node, walk, false)
		if (text) writer.heading(Number(heading[1]), text)
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
 * The blocks without headings left heading nothing but dropped navigation: one whose section (up to
 * the next heading of its rank or higher, or the end) held only navigation, and a "Contents" title
 * whose list was dropped. Read from the end, so a chapter whose sections all went goes too. A heading
 * with nothing under it that was never navigation (an author's name on a title page) stays.
 */
function withoutEmptyHeadings(writer: Writer) {
	const { blocks, headingLevels, droppedBefore } = writer
	const kept: string[] = []
	// What follows the block being read: the end, text, or a kept heading's level; and whether navigation was dropped in between.
	let next: number | 'text' | 'end' = 'end'
	let dropped = droppedBefore.has(blocks.length)
	for (let i = blocks.length - 1; i >= 0; i--) {
		const level = headingLevels.get(i)
		if (level !== undefined && dropped) {
			const headsNothing = next === 'end' || (typeof next === 'number' && next <= level)
			const beforeHeading = typeof next === 'number' || next === 'end'
			if (headsNothing || (beforeHeading && CONTENTS_TITLE.test(blocks[i].slice(level + 1)))) {
				dropped = dropped || droppedBefore.has(i)
				continue
			}
		}
		kept.push(blocks[i])
		next = level ?? 'text'
		dropped = droppedBefore.has(i)
	}
	return kept.reverse()
}

/**
 * A page's content as knowledge text: `<main>` when it has one, else `<body>`, in the format of ADR
 * 0030. `pageUrl` tells which absolute links stay on the page's site. The caller has checked how
 * deep the elements nest (the walk recurses that deep).
 */
export function htmlMarkdown(html: string, pageUrl?: string) {
	const document = parseDocument(html, { decodeEntities: true })
	const root =
		DomUtils.findOne((element) => element.name === 'main', document.children, true) ??
		DomUtils.findOne((element) => element.name === 'body', document.children, true) ??
		document
	const stats = new Map<Element, Stats>()
	measure(root, stats, siteHost(pageUrl))
	const writer = new Writer()
	for (const child of root.children) visit(child, writer, { stats }, true)
	writer.flush()
	return withoutEmptyHeadings(writer).join('\n\n')
}

// A PDF's text in the knowledge format of docs/decisions/0030-knowledge-text-format.md. A PDF has no
// paragraphs or headings, only positioned runs of text in fonts: lines are rebuilt from the runs'
// positions, headings found by font size against the body text's, list items by their bullets or
// numbers, code by monospace fonts. A title page becomes a `#` heading of its own; running headers,
// footers and page numbers repeated on every page are dropped. Linear in the text; runs in the
// parser sandbox only, one page at a time.
import type { getDocumentProxy } from 'unpdf'
import { fencedCode } from './html-markdown.ts'

type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>

/** One line of a page: its runs joined, where it starts and stands, and its font. */
type Line = {
	text: string
	x: number
	y: number
	size: number
	mono: boolean
	/** A monospace character's width, to turn a code line's indent back into spaces. */
	charWidth: number
	page: number
	/** Where the run that ended the line ends, to know how far the next run is. */
	endX: number
}

/** A bullet at the start of a line, then a space: "• item", "- item", "– item". */
const BULLET = /^[•◦▪▫●○■□‣⁃∙·*–—-]\s+(?=\S)/u
/** A number at the start of a line: "1. item", "2) item". */
const NUMBERED = /^(\d{1,3})[.)]\s+(?=\S)/
/** A page number alone on a line: "7", "Page 7", "7 of 20", "- 7 -". */
const PAGE_NUMBER = /^(?:page )?[-–]? ?\d{1,4} ?[-–]?(?: (?:of|\/) \d{1,4})?$/i
/** A heading's font is this much larger than the body text's. */
const HEADING_RATIO = 1.15

const sizeKey = (size: number) => Math.round(size * 2) / 2
/** A line's text with its digits as one mark, so "Page 3" and "Page 4" are the same running footer. */
const repeatKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()

async function pageLines(pdf: Pdf, pageNumber: number): Promise<Line[]> {
	const page = await pdf.getPage(pageNumber)
	try {
		const content = await page.getTextContent()
		const lines: Line[] = []
		let line: Line | null = null
		for (const item of content.items) {
			if (!('str' in item) || !item.str) continue
			const [, , c, d, x, y] = item.transform as number[]
			const size = Math.hypot(c, d) || item.height || 1
			const blank = !item.str.trim()
			const mono = /mono|courier/i.test(content.styles[item.fontName]?.fontFamily ?? '')
			const charWidth = item.str.length > 0 ? item.width / item.str.length : size * 0.6
			if (line && Math.abs(y - line.y) <= Math.max(line.size, size) * 0.5) {
				const gap = x - line.endX
				if (line.mono && mono && gap > charWidth * 0.5)
					line.text += ' '.repeat(Math.min(40, Math.round(gap / charWidth)))
				else if (gap > size * 0.15 && !line.text.endsWith(' ') && !item.str.startsWith(' ')) line.text += ' '
				line.text += item.str
				line.endX = x + item.width
				if (!blank) {
					line.mono = line.mono && mono
					line.size = Math.max(line.size, size)
				}
				continue
			}
			if (blank) continue
			line = { text: item.str, x, y, size, mono, charWidth, page: pageNumber, endX: x + item.width }
			lines.push(line)
		}
		for (const each of lines) each.text = each.text.trimEnd()
		return lines.filter((each) => each.text.trim())
	} finally {
		page.cleanup()
	}
}

/** The size most of the text is set in (by characters), the body text's. */
function bodySize(lines: Line[]) {
	const counts = new Map<number, number>()
	for (const line of lines) {
		if (line.mono) continue
		const key = sizeKey(line.size)
		counts.set(key, (counts.get(key) ?? 0) + line.text.length)
	}
	let best = 0
	let bestCount = -1
	for (const [size, count] of counts) if (count > bestCount) [best, bestCount] = [size, count]
	return best || 11
}

/**
 * A first page that holds only a title, perhaps a subtitle and a date: a few short lines, none of
 * them a sentence (a first page of one short paragraph is not a title page).
 */
function isTitlePage(lines: Line[], pages: number) {
	if (pages < 2 || lines.length === 0 || lines.length > 6) return false
	const chars = lines.reduce((sum, line) => sum + line.text.length, 0)
	return chars <= 300 && lines.every((line) => line.text.length <= 120 && !/[.!?;,]$/.test(line.text.trim()))
}

/**
 * The lines at the top and bottom of a page that repeat on most pages (a running header or footer,
 * digits aside), and page numbers there: dropped.
 */
function dropRunningLines(pages: Line[][], skipFirst: boolean) {
	const counted = skipFirst ? pages.slice(1) : pages
	const edges = (lines: Line[]) => [...new Set([...lines.slice(0, 2), ...lines.slice(-2)])]
	const seen = new Map<string, number>()
	for (const lines of counted) {
		for (const key of new Set(edges(lines).map((line) => repeatKey(line.text)))) seen.set(key, (seen.get(key) ?? 0) + 1)
	}
	const needed = Math.max(2, Math.ceil(counted.length * 0.5))
	return pages.map((lines, index) => {
		if (skipFirst && index === 0) return lines
		const drop = new Set(
			edges(lines).filter(
				(line) =>
					PAGE_NUMBER.test(line.text.trim()) ||
					(counted.length >= 2 && (seen.get(repeatKey(line.text)) ?? 0) >= needed),
			),
		)
		return lines.filter((line) => !drop.has(line))
	})
}

/** The usual distance from one line of body text to the next. */
function lineSpacing(lines: Line[], body: number) {
	const gaps: number[] = []
	for (let i = 1; i < lines.length; i++) {
		const [a, b] = [lines[i - 1], lines[i]]
		if (a.page === b.page && sizeKey(a.size) === body && sizeKey(b.size) === body && a.y > b.y) gaps.push(a.y - b.y)
	}
	gaps.sort((p, q) => p - q)
	return gaps.length > 0 ? gaps[Math.floor(gaps.length / 2)] : body * 1.2
}

export async function pdfMarkdown(pdf: Pdf) {
	let pages: Line[][] = []
	for (let number = 1; number <= pdf.numPages; number++) pages.push(await pageLines(pdf, number))
	const titlePage = isTitlePage(pages[0] ?? [], pdf.numPages)
	pages = dropRunningLines(pages, titlePage)
	const blocks: string[] = []

	if (titlePage) {
		// The title is the first page's largest lines; a subtitle or a date stands apart from it.
		const lines = pages[0]
		const largest = lines.reduce((max, line) => Math.max(max, sizeKey(line.size)), 0)
		const title = lines.filter((line) => sizeKey(line.size) === largest)
		blocks.push(`# ${title.map((line) => line.text.trim()).join(' ')}`)
		for (const line of lines) if (!title.includes(line)) blocks.push(line.text.trim())
		pages = pages.slice(1)
	}

	const lines = pages.flat()
	const body = bodySize(lines)
	const spacing = lineSpacing(lines, body)
	const headingSizes = [
		...new Set(lines.filter((line) => isHeadingLine(line, body)).map((line) => sizeKey(line.size))),
	].sort((a, b) => b - a)
	const headingLevel = (line: Line) => Math.min(6, headingSizes.indexOf(sizeKey(line.size)) + 1 + (titlePage ? 1 : 0))

	let paragraph: string[] = []
	let list: string[] = []
	/** The x of each open list level's bullets, outermost first. */
	let listLevels: number[] = []
	let code: Line[] = []
	let previous: Line | null = null

	const endParagraph = () => {
		if (paragraph.length > 0) blocks.push(paragraph.join(' '))
		paragraph = []
	}
	const endList = () => {
		if (list.length > 0) blocks.push(list.join('\n'))
		list = []
		listLevels = []
	}
	const endCode = () => {
		if (code.length === 0) return
		const left = code.reduce((min, line) => Math.min(min, line.x), Infinity)
		const out: string[] = []
		code.forEach((line, i) => {
			const before = code[i - 1]
			// A gap of more than a line and a half between two code lines was a blank line.
			if (before && before.page === line.page && before.y - line.y > line.size * 2.2) out.push('')
			const indent = Math.max(0, Math.round((line.x - left) / (line.charWidth || line.size * 0.6)))
			out.push(`${' '.repeat(Math.min(indent, 80))}${line.text.trimStart()}`)
		})
		blocks.push(fencedCode(out.join('\n')))
		code = []
	}
	const endAll = () => {
		endParagraph()
		endList()
		endCode()
	}

	for (const line of lines) {
		const text = line.text.trim()
		const newPage = previous !== null && previous.page !== line.page
		const gap = previous && !newPage ? previous.y - line.y : 0
		const farApart = previous !== null && !newPage && (gap > spacing * 1.5 || gap < -spacing)

		if (line.mono) {
			if (code.length === 0) endAll()
			code.push(line)
			previous = line
			continue
		}
		endCode()

		if (isHeadingLine(line, body)) {
			endParagraph()
			endList()
			// A heading set on two lines is one heading.
			const last = blocks.at(-1)
			const level = headingLevel(line)
			const marks = `${'#'.repeat(level)} `
			if (
				previous &&
				!newPage &&
				!farApart &&
				isHeadingLine(previous, body) &&
				sizeKey(previous.size) === sizeKey(line.size) &&
				last?.startsWith(marks)
			) {
				blocks[blocks.length - 1] = `${last} ${text}`
			} else blocks.push(`${marks}${text}`)
			previous = line
			continue
		}

		const bullet = BULLET.exec(text)
		const numbered = bullet ? null : NUMBERED.exec(text)
		if (bullet || numbered) {
			endParagraph()
			while (listLevels.length > 0 && line.x < listLevels.at(-1)! - 2) listLevels.pop()
			if (listLevels.length === 0 || line.x > listLevels.at(-1)! + 2) listLevels.push(line.x)
			const indent = '  '.repeat(Math.min(listLevels.length - 1, 5))
			const item = bullet ? `- ${text.slice(bullet[0].length)}` : `${numbered![1]}. ${text.slice(numbered![0].length)}`
			list.push(`${indent}${item}`)
			previous = line
			continue
		}

		// A line under a list item, indented past its bullet, goes on with the item.
		if (list.length > 0 && !farApart && line.x > (listLevels.at(-1) ?? 0) + 2) {
			list[list.length - 1] = joinLine(list[list.length - 1], text)
			previous = line
			continue
		}
		endList()

		// A paragraph goes on over a page break when its sentence does.
		const continues =
			paragraph.length > 0 && (newPage ? !/[.!?:]$/.test(paragraph.at(-1)!) && /^[a-z]/.test(text) : !farApart)
		if (!continues) endParagraph()
		if (paragraph.length > 0) paragraph[paragraph.length - 1] = joinLine(paragraph.at(-1)!, text)
		else paragraph.push(text)
		previous = line
	}
	endAll()
	return blocks.join('\n\n')
}

function isHeadingLine(line: Line, body: number) {
	return !line.mono && sizeKey(line.size) >= body * HEADING_RATIO && line.text.trim().length <= 150
}

/** A line joined to the one before it; a word broken by a hyphen at the line's end is mended. */
function joinLine(before: string, text: string) {
	if (before.endsWith('-') && /^[a-z]/.test(text) && /[a-z]-$/.test(before)) return `${before.slice(0, -1)}${text}`
	return `${before} ${text}`
}

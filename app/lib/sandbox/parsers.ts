// The parsers of untrusted files and pages. They run only inside the sandbox's child processes
// (parse-worker.ts), never on the web server's event loop: a malicious file can exhaust a child's
// memory or time, or crash it outright, and the server only sees a refused task.
import { Parser } from 'htmlparser2'
import mammoth from 'mammoth'
import { getDocumentProxy } from 'unpdf'
import WordExtractor from 'word-extractor'
import { htmlMarkdown } from './html-markdown.ts'
import { pdfMarkdown } from './pdf-markdown.ts'

/** Pages of a PDF read at most (a 20,000-page PDF of 3 MB is a memory bomb, not a manual). */
const MAX_PDF_PAGES = 2_000
/** What a DOCX (a zip) may unpack to: a 60 KB file that inflates to 20 MB of XML is a bomb. */
const MAX_DOCX_UNPACKED_BYTES = 30 * 1024 * 1024
/** Elements nested deeper than this are refused before parsing (a parser would recurse that deep). */
const MAX_HTML_DEPTH = 512

/** A refusal with a message for the user, as opposed to a parser failing on a broken file. */
export class ParseRefusal extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'ParseRefusal'
	}
}

export type DocumentKind = 'txt' | 'pdf' | 'docx' | 'doc'

/**
 * A document's text, normalised (normalizeDocumentText), and its length. When the text is longer
 * than `maxChars`, only its length comes back: the web process, which refuses it, never receives
 * (or renders) megabytes it cannot keep.
 */
export async function documentText(
	kind: DocumentKind,
	bytes: Uint8Array,
	maxChars = Infinity,
): Promise<{ text: string | null; chars: number }> {
	const text = normalizeDocumentText(await rawDocumentText(kind, bytes))
	return { text: text.length > maxChars ? null : text, chars: text.length }
}

async function rawDocumentText(kind: DocumentKind, bytes: Uint8Array) {
	if (kind === 'txt') return plainText(bytes)
	if (kind === 'pdf') return pdfText(bytes)
	if (kind === 'docx') {
		if (unpackedZipBytes(bytes) > MAX_DOCX_UNPACKED_BYTES) {
			throw new ParseRefusal(`It unpacks to more than ${MAX_DOCX_UNPACKED_BYTES / 1024 / 1024} MB.`)
		}
		return docxMarkdown(bytes)
	}
	return (await new WordExtractor().extract(Buffer.from(bytes))).getBody()
}

/**
 * A text file's text, as editors save it: UTF-16 when it opens with its byte-order mark (older
 * Windows Notepad), else UTF-8, else (bytes that are not UTF-8) Windows-1252, which Latin-1
 * files also read as. Without its byte-order mark; a NUL byte in a file that is not UTF-16 means it
 * is not text at all.
 */
function plainText(bytes: Uint8Array) {
	const utf16 =
		bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null
	if (utf16) {
		const text = new TextDecoder(utf16).decode(bytes)
		if (text.includes('\0')) throw new ParseRefusal('This file is not plain text.')
		return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
	}
	if (bytes.includes(0)) throw new ParseRefusal('This file is not plain text.')
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		text = windows1252(bytes)
	}
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** Windows-1252's characters for the bytes 0x80-0x9F (Latin-1 has control codes there); 0 where none. */
const CP1252_HIGH = [
	0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
	0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
]

/**
 * Bytes as Windows-1252, which Latin-1 files read as too. By hand: Node's TextDecoder gives Latin-1
 * for the "windows-1252" label (0x96 came out as a control code, not "–"). One pass.
 */
function windows1252(bytes: Uint8Array) {
	const codes = new Uint16Array(bytes.length)
	for (let i = 0; i < bytes.length; i++) {
		const byte = bytes[i]
		codes[i] = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] || 0xfffd : byte
	}
	return new TextDecoder('utf-16le').decode(codes)
}

/**
 * A document's text with `\n` line ends, no spaces or tabs at the end of a line, at most one blank
 * line in a row, and no white space around it. One pass over the characters into a buffer of the
 * same length: no regular expression (`/[ \t]+\n/g` went over a run of spaces again from each of
 * its characters, ADR 0024), and no array of lines (10 MB of line breaks would be ten million
 * strings in a child's 256 MB heap). It runs in the sandbox, never on the web process (ADR 0025).
 */
export function normalizeDocumentText(text: string) {
	const out = new Uint16Array(text.length)
	let length = 0
	/** Spaces and tabs seen since the last other character of the line, not yet written. */
	let pendingBlanks = 0
	let pendingFrom = 0
	/** Line breaks in a row just written (a third is not). */
	let breaks = 0
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i)
		if (code === 0x0d) {
			if (text.charCodeAt(i + 1) === 0x0a) i++
			code = 0x0a
		}
		if (code === 0x20 || code === 0x09) {
			if (pendingBlanks === 0) pendingFrom = i
			pendingBlanks++
			continue
		}
		if (code === 0x0a) {
			pendingBlanks = 0 // spaces and tabs at the end of a line are dropped
			if (breaks < 2) out[length++] = code
			breaks++
			continue
		}
		// Spaces and tabs inside a line are kept as they were.
		for (let j = 0; j < pendingBlanks; j++) out[length++] = text.charCodeAt(pendingFrom + j)
		pendingBlanks = 0
		breaks = 0
		out[length++] = code
	}
	return new TextDecoder('utf-16le').decode(out.subarray(0, length)).trim()
}

/**
 * The sizes a zip declares for its entries once unpacked, summed from its central directory (0 when
 * there is none: the parser then reports the broken file itself). A size a zip cannot state in 32
 * bits counts as too large. The child's heap cap still stops a zip that lies about its sizes.
 */
function unpackedZipBytes(bytes: Uint8Array) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	for (let end = bytes.byteLength - 22; end >= Math.max(0, bytes.byteLength - 65_557); end--) {
		if (view.getUint32(end, true) !== 0x06054b50) continue
		const entries = view.getUint16(end + 10, true)
		let offset = view.getUint32(end + 16, true)
		let total = 0
		for (let n = 0; n < entries; n++) {
			if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) return Infinity
			const size = view.getUint32(offset + 24, true)
			if (size === 0xffffffff) return Infinity
			total += size
			offset +=
				46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
		}
		return total
	}
	return 0
}

async function pdfText(bytes: Uint8Array) {
	const pdf = await getDocumentProxy(bytes)
	try {
		if (pdf.numPages > MAX_PDF_PAGES) {
			throw new ParseRefusal(
				`It has ${pdf.numPages.toLocaleString('en-US')} pages; at most ${MAX_PDF_PAGES.toLocaleString('en-US')} are read.`,
			)
		}
		return await pdfMarkdown(pdf)
	} finally {
		await pdf.destroy()
	}
}

/**
 * Word's own structure for mammoth's HTML (Heading 1-6, lists and tables it maps itself), plus the
 * title and code styles Word and LibreOffice name this way.
 */
const DOCX_STYLE_MAP = [
	"p[style-name='Title'] => h1:fresh",
	"p[style-name='Subtitle'] => p:fresh",
	"p[style-name='Code'] => pre:separator('\\n')",
	"p[style-name='Source Code'] => pre:separator('\\n')",
	"p[style-name='HTML Preformatted'] => pre:separator('\\n')",
	"p[style-name='Preformatted Text'] => pre:separator('\\n')",
	"p[style-name='Plain Text'] => pre:separator('\\n')",
]

/** A DOCX through mammoth's HTML and the page path, so its headings, lists and tables survive. */
async function docxMarkdown(bytes: Uint8Array) {
	const { value } = await mammoth.convertToHtml(
		{ buffer: Buffer.from(bytes) },
		{
			styleMap: DOCX_STYLE_MAP,
			// Images are not knowledge: no base64 copies of them in the HTML.
			convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
		},
	)
	return htmlText(value)
}

/** How deep elements nest, counted from the tags alone (void and self-closed tags do not nest). */
function nestingDepth(html: string) {
	const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i
	let depth = 0
	let deepest = 0
	// A tag's name is taken whole (the lookahead), and its attributes stop at the next "<": each
	// character is read a bounded number of times, however the tags are broken (ADR 0024).
	for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)(?![\w-])[^<>]*>/g)) {
		const [tag, closing, name] = match
		if (VOID.test(name) || tag.endsWith('/>')) continue
		depth = closing ? Math.max(0, depth - 1) : depth + 1
		if (depth > deepest) deepest = depth
	}
	return deepest
}

/**
 * A page's readable text in the knowledge format (ADR 0030): headings, lists, tables and code blocks
 * kept; scripts, styles, navigation, tables of contents, breadcrumbs, edit links and docs metadata
 * dropped; the main content kept.
 */
export function htmlText(html: string, pageUrl?: string) {
	if (nestingDepth(html) > MAX_HTML_DEPTH) {
		throw new ParseRefusal(`Its elements nest more than ${MAX_HTML_DEPTH} levels deep.`)
	}
	return htmlMarkdown(html, pageUrl)
}

/** Links kept from one page, and URLs from one sitemap (the sitemap protocol's own limit). */
const MAX_PAGE_LINKS = 5_000
const MAX_SITEMAP_URLS = 50_000

/** What a crawl needs of one page: its text, title, links, canonical URL and robots meta rules. */
export type PageContent = {
	title: string
	text: string
	links: string[]
	canonical: string | null
	noindex: boolean
	nofollow: boolean
}

const absolute = (href: string, base: string) => {
	try {
		return new URL(href.trim(), base).href
	} catch {
		return null
	}
}

export function pageContent(html: string, pageUrl: string): PageContent {
	const text = htmlText(html, pageUrl) // refuses a page nested too deep before anything else parses it
	let base = pageUrl
	let title = ''
	let titleState: 'before' | 'inside' | 'done' = 'before'
	let canonical: string | null = null
	let noindex = false
	let nofollow = false
	const hrefs: string[] = []
	const parser = new Parser(
		{
			onopentag(name, attributes) {
				if (name === 'title' && titleState === 'before') titleState = 'inside'
				else if (name === 'base' && attributes.href) base = absolute(attributes.href, pageUrl) ?? base
				else if (name === 'a' && attributes.href && hrefs.length < MAX_PAGE_LINKS) {
					if (!/(^|\s)nofollow(\s|$)/i.test(attributes.rel ?? '')) hrefs.push(attributes.href)
				} else if (name === 'link' && /(^|\s)canonical(\s|$)/i.test(attributes.rel ?? '') && attributes.href) {
					canonical ??= attributes.href
				} else if (name === 'meta' && /^(robots|aiplaygroundbot)$/i.test(attributes.name ?? '')) {
					const rules = (attributes.content ?? '').toLowerCase()
					if (/\b(noindex|none)\b/.test(rules)) noindex = true
					if (/\b(nofollow|none)\b/.test(rules)) nofollow = true
				}
			},
			ontext(chunk) {
				if (titleState === 'inside' && title.length < 1000) title += chunk
			},
			onclosetag(name) {
				if (name === 'title' && titleState === 'inside') titleState = 'done'
			},
		},
		{ decodeEntities: true },
	)
	parser.write(html)
	parser.end()
	const links = [...new Set(hrefs.map((href) => absolute(href, base)).filter((href): href is string => !!href))]
	return {
		title: title.replace(/\s+/g, ' ').trim().slice(0, 300),
		text,
		links,
		canonical: canonical ? absolute(canonical, base) : null,
		noindex,
		nofollow,
	}
}

/** The URLs a sitemap lists, and whether it is an index of further sitemaps. */
export function sitemapUrls(xml: string) {
	let isIndex = false
	let inLoc = false
	let loc = ''
	const urls: string[] = []
	const parser = new Parser(
		{
			onopentag(name) {
				const local = name.toLowerCase().replace(/^.*:/, '')
				if (local === 'sitemapindex') isIndex = true
				if (local === 'loc') {
					inLoc = true
					loc = ''
				}
			},
			ontext(chunk) {
				if (inLoc && loc.length < 4096) loc += chunk
			},
			onclosetag(name) {
				if (name.toLowerCase().replace(/^.*:/, '') !== 'loc' || !inLoc) return
				inLoc = false
				if (urls.length < MAX_SITEMAP_URLS && loc.trim()) urls.push(loc.trim())
			},
		},
		{ xmlMode: true, decodeEntities: true },
	)
	parser.write(xml)
	parser.end()
	return { isIndex, urls }
}

// Real documents made on the fly for upload tests: PDF with pdf-lib, DOCX with docx.
import { randomBytes } from 'node:crypto'
import { Document, Packer, Paragraph } from 'docx'
import {
	concatTransformationMatrix,
	drawObject,
	PDFDocument,
	PDFName,
	popGraphicsState,
	pushGraphicsState,
	StandardFonts,
} from 'pdf-lib'

/** A line of a laid-out PDF page: its text, size, font, indent and extra space above it (points). */
export type PdfLine = {
	text: string
	size?: number
	font?: 'regular' | 'bold' | 'mono'
	indent?: number
	space?: number
}

/**
 * A PDF laid out as a writer's tool would: lines top-down in Helvetica, Helvetica Bold or Courier at
 * their sizes, and, when given, a running header and a "Page N" footer on every page but the first.
 */
export async function makeLaidOutPdf(pages: PdfLine[][], { runningHeader = '' } = {}) {
	const doc = await PDFDocument.create()
	const fonts = {
		regular: await doc.embedFont(StandardFonts.Helvetica),
		bold: await doc.embedFont(StandardFonts.HelveticaBold),
		mono: await doc.embedFont(StandardFonts.Courier),
	}
	pages.forEach((lines, index) => {
		const page = doc.addPage([595, 842])
		if (index > 0 && runningHeader) {
			page.drawText(runningHeader, { x: 50, y: 800, font: fonts.regular, size: 9 })
			page.drawText(`Page ${index + 1}`, { x: 280, y: 30, font: fonts.regular, size: 9 })
		}
		let y = 760
		for (const { text, size = 11, font = 'regular', indent = 0, space = 0 } of lines) {
			y -= space + size * 1.3
			page.drawText(text, { x: 50 + indent, y, font: fonts[font], size })
		}
	})
	return new Uint8Array(await doc.save())
}

export async function makePdf(pages: string[][]) {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (const lines of pages) {
		const page = doc.addPage()
		lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 16, font, size: 11 }))
	}
	return new Uint8Array(await doc.save())
}

/**
 * A PDF of about `bytes` bytes, as a scanned brochure is: pages of real text, and on the last page a
 * large photograph (here an uncompressed greyscale image of noise, which no compression shrinks).
 * Its text is what a reader extracts; the picture is only weight.
 */
export async function makeHeavyPdf(pages: string[][], bytes: number) {
	const base = await makePdf(pages)
	const doc = await PDFDocument.load(base)
	const width = 2048
	// The image's pixels make up what the text pages do not, less a little for its dictionary.
	const height = Math.max(1, Math.floor((bytes - base.byteLength - 1024) / width))
	const image = doc.context.stream(randomBytes(width * height), {
		Type: 'XObject',
		Subtype: 'Image',
		Width: width,
		Height: height,
		ColorSpace: 'DeviceGray',
		BitsPerComponent: 8,
	})
	const page = doc.getPages().at(-1)!
	page.node.setXObject(PDFName.of('Photo'), doc.context.register(image))
	page.pushOperators(
		pushGraphicsState(),
		concatTransformationMatrix(200, 0, 0, 150, 50, 50),
		drawObject('Photo'),
		popGraphicsState(),
	)
	return new Uint8Array(await doc.save())
}

export async function makeDocx(paragraphs: string[]) {
	const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] })
	return new Uint8Array(await Packer.toBuffer(doc))
}

// Hostile documents, as an attacker would upload them.

/**
 * A 2,560-byte Word 97 (.doc) compound file whose sector chain loops (FAT[2] = 3, FAT[3] = 2): a
 * reader that follows the directory chain never reaches its end.
 */
export function makeLoopingDoc() {
	const sector = 512
	const bytes = new Uint8Array(sector * 5).fill(0)
	const view = new DataView(bytes.buffer)
	bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0)
	view.setUint16(0x18, 0x003e, true) // minor version
	view.setUint16(0x1a, 0x0003, true) // major version 3: 512-byte sectors
	view.setUint16(0x1c, 0xfffe, true) // little-endian
	view.setUint16(0x1e, 9, true) // sector shift
	view.setUint16(0x20, 6, true) // mini sector shift
	view.setUint32(0x2c, 1, true) // one FAT sector
	view.setUint32(0x30, 2, true) // the directory starts at sector 2...
	view.setUint32(0x38, 4096, true) // mini stream cutoff
	view.setUint32(0x3c, 0xfffffffe, true) // no mini FAT
	view.setUint32(0x44, 0xfffffffe, true) // no DIFAT sectors
	for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : 0xffffffff, true) // FAT in sector 0
	const fat = sector // sector 0 starts right after the header
	for (let i = 0; i < 128; i++) view.setUint32(fat + i * 4, 0xffffffff, true)
	view.setUint32(fat + 0, 0xfffffffd, true) // sector 0 is the FAT
	view.setUint32(fat + 4, 0xfffffffe, true)
	view.setUint32(fat + 8, 3, true) // ...and 2 -> 3
	view.setUint32(fat + 12, 2, true) // ...and 3 -> 2, for ever
	return bytes
}

/** A small DOCX whose document.xml inflates to about `megabytes` MB of text. */
export function makeDocxBomb(megabytes: number) {
	return makeDocx(['A'.repeat(megabytes * 1024 * 1024)])
}

/** A PDF of a few hundred KB whose one content stream inflates to `megabytes` MB. */
export async function makePdfBomb(megabytes: number) {
	const doc = await PDFDocument.create()
	const page = doc.addPage()
	const operators = new TextEncoder().encode('0 0 m 1 1 l S\n'.repeat(Math.ceil((megabytes * 1024 * 1024) / 14)))
	const stream = doc.context.flateStream(operators)
	page.node.set(PDFName.of('Contents'), doc.context.register(stream))
	return new Uint8Array(await doc.save())
}

/** A PDF with `pages` empty pages (20,000 make about 3 MB). */
export async function makeManyPagePdf(pages: number) {
	const doc = await PDFDocument.create()
	for (let i = 0; i < pages; i++) doc.addPage([100, 100])
	return new Uint8Array(await doc.save({ objectsPerTick: Infinity }))
}

/** A page of `depth` nested divs. */
export function nestedDivPage(depth: number) {
	return `<html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}</body></html>`
}

/** A page with one table of about `megabytes` MB. */
export function hugeTablePage(megabytes: number) {
	const row = '<tr><td>cell one</td><td>cell two</td><td>cell three</td></tr>'
	return `<html><body><table>${row.repeat(Math.ceil((megabytes * 1024 * 1024) / row.length))}</table></body></html>`
}

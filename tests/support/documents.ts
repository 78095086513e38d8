// Real documents made on the fly for upload tests: PDF with pdf-lib, DOCX with docx.
import { Document, Packer, Paragraph } from 'docx'
import { PDFDocument, StandardFonts } from 'pdf-lib'

export async function makePdf(pages: string[][]) {
	const doc = await PDFDocument.create()
	const font = await doc.embedFont(StandardFonts.Helvetica)
	for (const lines of pages) {
		const page = doc.addPage()
		lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 16, font, size: 11 }))
	}
	return new Uint8Array(await doc.save())
}

export async function makeDocx(paragraphs: string[]) {
	const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] })
	return new Uint8Array(await Packer.toBuffer(doc))
}

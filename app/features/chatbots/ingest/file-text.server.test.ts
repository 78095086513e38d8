import { describe, expect, test } from 'vitest'
import { MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import { makeDocx, makePdf } from '../../../../tests/support/documents.ts'
import { extractFileText, FileTextError } from './file-text.server.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('extractFileText', () => {
	test('reads plain text, dropping a byte-order mark and Windows line ends', async () => {
		expect(await extractFileText({ name: 'notes.TXT', bytes: utf8('\uFEFFFirst line\r\n\r\n\r\n\r\nSecond') })).toBe(
			'First line\n\nSecond',
		)
	})

	test('reads every page of a PDF, pages separated by a blank line', async () => {
		const bytes = await makePdf([['Refunds are accepted within 30 days.'], ['Support is open on Saturdays.']])
		expect(await extractFileText({ name: 'policy.pdf', bytes })).toBe(
			'Refunds are accepted within 30 days.\n\nSupport is open on Saturdays.',
		)
	})

	test('reads a DOCX document', async () => {
		const bytes = await makeDocx(['Our office dog is called Biscuit.', 'He likes tennis balls.'])
		const text = await extractFileText({ name: 'team.docx', bytes })
		expect(text).toContain('Our office dog is called Biscuit.')
		expect(text).toContain('He likes tennis balls.')
	})

	test.each([
		['empty file', 'a.txt', new Uint8Array(), 'The file is empty.'],
		['unsupported type', 'a.exe', utf8('MZ'), 'Choose a .txt, .pdf, .doc, .docx file.'],
		['a PDF that is not one', 'a.pdf', utf8('hello'), 'This file is not a valid PDF.'],
		['a DOCX that is not one', 'a.docx', utf8('hello'), 'This file is not a valid Word (.docx) document.'],
		['a DOC that is not one', 'a.doc', utf8('hello'), 'This file is not a valid Word (.doc) document.'],
		['binary renamed .txt', 'a.txt', new Uint8Array([1, 0, 2]), 'This file is not plain text.'],
		[
			'a corrupt PDF',
			'a.pdf',
			utf8('%PDF-1.7\n garbage garbage'),
			'The file could not be read. It may be damaged or password-protected.',
		],
		[
			'a corrupt DOCX (zip header only)',
			'a.docx',
			new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]),
			'The file could not be read. It may be damaged or password-protected.',
		],
		[
			'a corrupt DOC (OLE header only)',
			'a.doc',
			new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
			'The file could not be read. It may be damaged or password-protected.',
		],
		['a file over the cap', 'a.txt', new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(65), 'Files are limited to 10 MB.'],
	])('refuses %s with a clear message', async (_label, name, bytes, message) => {
		const error = await extractFileText({ name, bytes }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(FileTextError)
		expect((error as Error).message).toBe(message)
	})

	test('a PDF without text is refused as empty', async () => {
		const bytes = await makePdf([[]])
		await expect(extractFileText({ name: 'blank.pdf', bytes })).rejects.toThrow('No text was found in this file.')
	})
})

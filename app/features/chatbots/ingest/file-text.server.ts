// Uploaded documents to plain text. The type is checked here, by name and first bytes; the parsing
// (unpdf for PDF, mammoth for DOCX, word-extractor for DOC) happens in the sandbox's child processes.
// Anything broken, empty or hostile is one clear error.
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import { startsWithBytes } from '~/lib/magic-bytes.ts'
import { formatMegabytes } from '~/lib/misc.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'

export class FileTextError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options)
		this.name = 'FileTextError'
	}
}

type Kind = 'txt' | 'pdf' | 'doc' | 'docx'

function kindOf(fileName: string, bytes: Uint8Array): Kind | null {
	const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0]
	if (!extension || !(ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return null
	const kind = extension.slice(1) as Kind
	// The content must agree with the name: a renamed binary is not read as text.
	if (kind === 'pdf' && !startsWithBytes(bytes, 0x25, 0x50, 0x44, 0x46))
		throw new FileTextError('This file is not a valid PDF.')
	if (kind === 'docx' && !startsWithBytes(bytes, 0x50, 0x4b))
		throw new FileTextError('This file is not a valid Word (.docx) document.')
	if (kind === 'doc' && !startsWithBytes(bytes, 0xd0, 0xcf, 0x11, 0xe0))
		throw new FileTextError('This file is not a valid Word (.doc) document.')
	return kind
}

function decodeText(bytes: Uint8Array) {
	if (bytes.includes(0)) throw new FileTextError('This file is not plain text.')
	return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')
}

/**
 * The readable text of an uploaded document. Throws FileTextError with a message for the user.
 * `owner` (the account) takes its turn for the sandbox with other accounts.
 */
export async function extractFileText(file: { name: string; bytes: Uint8Array; owner?: string }) {
	if (file.bytes.byteLength > MAX_UPLOAD_BYTES)
		throw new FileTextError(`Files are limited to ${formatMegabytes(MAX_UPLOAD_BYTES)}.`)
	if (file.bytes.byteLength === 0) throw new FileTextError('The file is empty.')
	const kind = kindOf(file.name, file.bytes)
	if (!kind) throw new FileTextError(`Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`)
	let text: string
	if (kind === 'txt') text = decodeText(file.bytes)
	else {
		try {
			// Parsed in the sandbox: a hostile document costs a child process, never this server.
			text = await runInSandbox<string>('document', [kind, file.bytes], { owner: file.owner })
		} catch (error) {
			if (error instanceof SandboxError && error.reason !== 'failed')
				throw new FileTextError(`This file cannot be read. ${error.message}`, { cause: error })
			throw new FileTextError('The file could not be read. It may be damaged or password-protected.', { cause: error })
		}
	}
	const clean = normalizeDocumentText(text)
	if (!clean) throw new FileTextError('No text was found in this file.')
	return clean
}

/**
 * A document's text with `\n` line ends, no spaces or tabs at the end of a line, at most one blank
 * line in a row, and no space around it. Linear in the text, since it runs on the web process: the
 * regular expression it replaces (`/[ \t]+\n/g`) went over a run of spaces again from each of its
 * characters, so 200 KB of spaces with no line break froze the server for half a minute (ADR 0024).
 */
export function normalizeDocumentText(text: string) {
	return text
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map(trimLineEnd)
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

/** A line without the spaces and tabs it ends with (`trimEnd` would take other white space too). */
function trimLineEnd(line: string) {
	let end = line.length
	while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--
	return end === line.length ? line : line.slice(0, end)
}

// Uploaded documents to plain text. The type is checked here, by name and first bytes; the reading
// (UTF-8 for text, unpdf for PDF, mammoth for DOCX, word-extractor for DOC) and the normalising of
// the text happen in the sandbox's child processes, so the web process never walks an upload's text
// (ten 10 MB text files once held its event loop for 15 s). Anything broken, empty or hostile is one
// clear error.
import {
	ACCEPTED_UPLOAD_EXTENSIONS,
	knowledgeLimitMessage,
	MAX_UPLOAD_BYTES,
} from '~/features/chatbots/knowledge-base.ts'
import { startsWithBytes } from '~/lib/magic-bytes.ts'
import { formatFileSize } from '~/lib/misc.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'

export class FileTextError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options)
		this.name = 'FileTextError'
	}
}

/** A document whose text is longer than the room left for it in the knowledge base. */
export class KnowledgeLimitError extends FileTextError {
	constructor() {
		super(knowledgeLimitMessage)
		this.name = 'KnowledgeLimitError'
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

/**
 * The readable text of an uploaded document. Throws FileTextError with a message for the user.
 * `owner` (the account) takes its turn for the sandbox with other accounts. A text longer than
 * `maxChars` is refused (KnowledgeLimitError) without being sent back from the sandbox.
 */
export async function extractFileText(file: { name: string; bytes: Uint8Array; owner?: string; maxChars?: number }) {
	if (file.bytes.byteLength > MAX_UPLOAD_BYTES)
		throw new FileTextError(`Files are limited to ${formatFileSize(MAX_UPLOAD_BYTES)}.`)
	if (file.bytes.byteLength === 0) throw new FileTextError('The file is empty.')
	const kind = kindOf(file.name, file.bytes)
	if (!kind) throw new FileTextError(`Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`)
	let result: { text: string | null; chars: number }
	try {
		// Read in the sandbox: a hostile document costs a child process, never this server.
		result = await runInSandbox('document', [kind, file.bytes, file.maxChars], { owner: file.owner })
	} catch (error) {
		// A text file's refusal (a NUL byte) is about the file itself, and says so whole.
		if (error instanceof SandboxError && error.reason === 'refused' && kind === 'txt')
			throw new FileTextError(error.message, { cause: error })
		if (error instanceof SandboxError && error.reason !== 'failed')
			throw new FileTextError(`This file cannot be read. ${error.message}`, { cause: error })
		throw new FileTextError('The file could not be read. It may be damaged or password-protected.', { cause: error })
	}
	if (result.chars === 0) throw new FileTextError('No text was found in this file.')
	if (result.text === null) throw new KnowledgeLimitError()
	return result.text
}

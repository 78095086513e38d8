import { chargeKnowledgeUploads } from '~/features/chatbots/chatbot-limits.server.ts'
// Files posted to become knowledge sources, from the create form or "Add file" on a chatbot's page:
// one check (a type the form accepts by its name, the size cap, not empty) and one per-user budget,
// before they are stored and queued for the `ingest-file` job, which reads them. The request never
// reads a file's content. docs/decisions/0039-one-knowledge-pipeline.md
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import type { Upload } from '~/lib/forms.server.ts'
import { formatFileSize } from '~/lib/misc.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'

const { toasts } = chatbotBuilder

export type UploadedFile = { name: string; bytes: Uint8Array }
/**
 * Why files were refused: one over the size cap, one the form does not take (its type, or empty),
 * or the user's upload budget spent; with the toast's description. The route chooses the status.
 */
export type UploadRefusalReason = 'too-large' | 'not-accepted' | 'rate-limited'
export type UploadRefusal = { reason: UploadRefusalReason; description: string }

function problemOf(upload: Upload) {
	if ('tooLarge' in upload) return `${upload.name} is larger than ${formatFileSize(MAX_UPLOAD_BYTES)}.`
	const name = upload.name.toLowerCase()
	if (!ACCEPTED_UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension)))
		return `${upload.name}: Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`
	if (upload.bytes.byteLength === 0) return `${upload.name}: The file is empty.`
	return null
}

/** The files, or the first one's problem with the spec's "Failed to process the file" before it. */
export function checkUploads(uploads: Upload[]): { files: UploadedFile[] } | { refusal: UploadRefusal } {
	for (const upload of uploads) {
		const problem = problemOf(upload)
		if (problem)
			return {
				refusal: {
					reason: 'tooLarge' in upload ? 'too-large' : 'not-accepted',
					description: `${toasts.uploadFailed.description}. ${problem}`,
				},
			}
	}
	return { files: uploads.filter((upload): upload is UploadedFile => 'bytes' in upload) }
}

/**
 * Charges a post with files to the user's budget (each file costs a parser process of the shared
 * sandbox when its job runs); the refusal when it is spent. Call it only for work that will be done.
 */
export async function chargeUploads(userId: string): Promise<UploadRefusal | null> {
	const limit = await chargeKnowledgeUploads(userId)
	return limit.allowed ? null : { reason: 'rate-limited', description: tooManyAttemptsMessage(limit.retryAfterSeconds) }
}

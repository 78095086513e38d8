// Limits and helpers for a chatbot's knowledge base text, shared by the builder form and the server.
import { splitPassages } from '~/ai/retrieval.ts'

/** One uploaded document. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The whole knowledge base: room for a 5 MB text export and more (about 1.5 million words). */
export const MAX_KNOWLEDGE_CHARS = 6_000_000
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.txt', '.pdf', '.doc', '.docx'] as const
export const ACCEPT_ATTRIBUTE = ACCEPTED_UPLOAD_EXTENSIONS.join(',')

/** Spec: new text is appended, separated from what is there by a blank line. */
export function appendKnowledge(existing: string, addition: string) {
	const base = existing.trimEnd()
	const extra = addition.trim()
	if (!extra) return existing
	return base ? `${base}\n\n${extra}` : extra
}

/** Spec: 'Website content from: ' plus the URL plus the text. */
export function websiteKnowledge(url: string, text: string) {
	return `Website content from: ${url}\n\n${text}`
}

/**
 * Cuts a knowledge base into retrieval chunks of at most about `maxChars`: whole paragraphs where
 * they fit (long ones cut at sentence ends), neighbours packed together, paragraph breaks kept.
 */
export function chunkKnowledge(text: string, maxChars = 1000): string[] {
	const chunks: string[] = []
	let current = ''
	for (const passage of splitPassages(text, maxChars)) {
		if (current && current.length + 2 + passage.length > maxChars) {
			chunks.push(current)
			current = ''
		}
		current = current ? `${current}\n\n${passage}` : passage
	}
	if (current) chunks.push(current)
	return chunks
}

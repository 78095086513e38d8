// Limits and helpers for a chatbot's knowledge base text, shared by the builder form (in the browser)
// and the server: nothing here may pull server code into the client bundle.

/** One uploaded document. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The whole knowledge base: room for a 5 MB text export and more (about 1.5 million words). */
export const MAX_KNOWLEDGE_CHARS = 6_000_000
export const knowledgeLimitMessage = `The knowledge base is limited to ${MAX_KNOWLEDGE_CHARS.toLocaleString('en-US')} characters.`
/** All of one user's chatbots together: five full knowledge bases. */
export const MAX_USER_KNOWLEDGE_CHARS = 5 * MAX_KNOWLEDGE_CHARS
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

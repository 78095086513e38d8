// Limits and helpers for a chatbot's knowledge base text, shared by the builder form (in the browser)
// and the server: nothing here may pull server code into the client bundle.
import type { BodyLimit } from '~/lib/body-limit.ts'

const MB = 1024 * 1024
/** One uploaded document. */
export const MAX_UPLOAD_BYTES = 10 * MB
/** Documents in one post (the create form, or "Add file" on a chatbot's page). */
export const MAX_UPLOAD_FILES = 10
/** The whole knowledge base: room for a 5 MB text export and more (about 1.5 million words). */
export const MAX_KNOWLEDGE_CHARS = 6_000_000
/** What a knowledge base over its limit is told. */
export const knowledgeLimitOf = (maxChars: number) =>
	`The knowledge base is limited to ${maxChars.toLocaleString('en-US')} characters.`
export const knowledgeLimitMessage = knowledgeLimitOf(MAX_KNOWLEDGE_CHARS)
/** All of one user's chatbots together: five full knowledge bases. */
export const MAX_USER_KNOWLEDGE_CHARS = 5 * MAX_KNOWLEDGE_CHARS
/**
 * What the builder's routes take in one post (their `handle`, app/lib/body-limit.ts): the files, and
 * the knowledge text (up to 3 bytes a character as the form encodes it) with the other fields.
 */
export const builderBodyLimit: BodyLimit = {
	maxBytes: MAX_UPLOAD_FILES * MAX_UPLOAD_BYTES + 20 * MB,
	label: `${MAX_UPLOAD_FILES} files of ${MAX_UPLOAD_BYTES / MB} MB and the text`,
}
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.txt', '.pdf', '.doc', '.docx'] as const
export const ACCEPT_ATTRIBUTE = ACCEPTED_UPLOAD_EXTENSIONS.join(',')

/** Spec: new text is appended, separated from what is there by a blank line. */
export function appendKnowledge(existing: string, addition: string) {
	const base = existing.trimEnd()
	const extra = addition.trim()
	if (!extra) return existing
	return base ? `${base}\n\n${extra}` : extra
}

/** A question and its answer as the knowledge holds them ("Add an answer"): the question on one line, then the answer. */
export function answerEntry(question: string, answer: string) {
	const asked = question.replace(/\s+/g, ' ').trim()
	// Written as a question ("Tell me about Structures?"), so the knowledge reads it as the FAQ
	// question heading its answer, which then answers exactly it: without the mark it was a title,
	// and a failing test's "Add answer" changed nothing (first-time user's trial).
	if (/[?？]$/.test(asked)) return `${asked}\n${answer.trim()}`
	let end = asked.length
	while (end > 0 && '.!:;,'.includes(asked[end - 1])) end--
	return `${asked.slice(0, end)}?\n${answer.trim()}`
}

/** Spec: 'Website content from: ' plus the URL plus the text. */
export function websiteKnowledge(url: string, text: string) {
	return `Website content from: ${url}\n\n${text}`
}

// Candidate tests made offline from a chatbot's knowledge: a question from each passage's heading
// (an FAQ's own question as it is), what the answer should contain from its first sentence (a
// figure when there is one, else its longest word), and the page or file it should cite. The owner
// picks the ones to keep. docs/decisions/0057-chatbot-test-sets.md
import { sentencesOf } from '~/ai/retrieval.ts'
import { HEADING_SEPARATOR } from '~/features/chatbots/chunking.ts'
import type { TestForm } from './test-schema.ts'

export type SuggestionChunk = { heading: string | null; content: string; url: string | null; title: string | null }

const MAX_HEADING_CHARS = 80

const isWordChar = (char: string) => /[\p{L}\p{N}]/u.test(char)

/** The text without what `keep` refuses at its ends (a scan from each end: linear, ADR 0024). */
function trimEnds(text: string, keep: (char: string) => boolean) {
	let start = 0
	let end = text.length
	while (start < end && !keep(text[start])) start++
	while (end > start && !keep(text[end - 1])) end--
	return text.slice(start, end)
}

/** The question a heading asks: itself when it is one, else "Tell me about …". */
function questionOf(heading: string) {
	return heading.endsWith('?') ? heading : `Tell me about ${trimEnds(heading, (char) => char !== '.' && char !== ':')}`
}

/** A figure with the word after it ("48 hours", "30 days"), else the sentence's longest word not in the question. */
export function keyPhrase(sentence: string, question: string) {
	const words = sentence.split(/\s+/).map((word) => trimEnds(word, isWordChar))
	const figure = words.findIndex((word) => /\p{N}/u.test(word))
	if (figure >= 0)
		return words
			.slice(figure, figure + 2)
			.join(' ')
			.trim()
	const asked = new Set(question.toLowerCase().split(/[^\p{L}\p{N}]+/u))
	const longest = words
		.filter((word) => word.length >= 5 && !asked.has(word.toLowerCase()))
		.sort((a, b) => b.length - a.length)[0]
	return longest ?? null
}

/** The passage's text after its heading line. */
function bodyOf(content: string, heading: string) {
	const lines = content
		.split('\n')
		.map((line) => line.replace(/^#{1,6}\s+/, '').trim())
		.filter(Boolean)
	return (lines[0] === heading ? lines.slice(1) : lines).join(' ')
}

/** Up to `max` suggestions, in the knowledge's order, none asking what `asked` (lower case) asks already. */
export function suggestTests(chunks: SuggestionChunk[], asked: Set<string>, max = 20): TestForm[] {
	const suggestions: TestForm[] = []
	const seen = new Set(asked)
	for (const chunk of chunks) {
		if (suggestions.length >= max) break
		const heading = (chunk.heading?.split(HEADING_SEPARATOR).at(-1) ?? chunk.title ?? '').trim()
		if (heading.length < 3 || heading.length > MAX_HEADING_CHARS) continue
		const question = questionOf(heading)
		if (seen.has(question.toLowerCase())) continue
		const sentence = sentencesOf(bodyOf(chunk.content, heading))[0] ?? ''
		const phrase = keyPhrase(sentence, question)
		if (!phrase) continue
		seen.add(question.toLowerCase())
		suggestions.push({
			question,
			expected: [phrase],
			cite: chunk.url ? new URL(chunk.url).pathname : (chunk.title ?? null),
			mustDecline: false,
		})
	}
	return suggestions
}

// Candidate tests made from a knowledge base's passages, for the owner to pick. Offline: a question
// from each passage's heading (an FAQ's own question as it is), what the answer should contain from
// its first sentence (a figure when there is one, else its longest word), and the page or file it
// should cite. Written by the connected model (suggestions.server.ts asks it): its answer read here,
// each test kept only when what it expects is in its passage's own words.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import { z } from 'zod'
import { sentencesOf } from '~/ai/retrieval.ts'
import { HEADING_SEPARATOR } from '~/features/chatbots/chunking.ts'
import { comparable } from './judge.ts'
import { TestFormSchema, type TestForm } from './test-schema.ts'

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

/** A manual's section number before a heading: "2.3.2 Structures", "1. Introduction", "A.1 Limits" (not "A Simple Example"). */
const SECTION_NUMBER = /^(?:\d{1,3}|[A-Z](?=\.))(?:\.\d{1,3})*\.?\s+(?=\S)/
/** Marks before a heading's words: "=== ", "» ". */
const LEADING_MARKS = /^[^\p{L}\p{N}(`"'“‘]+/u
/** A list's marker before an item's text ("1. ", "- "): not a figure the passage states. */
const LIST_MARKER = /^(?:[-*+•]|\d{1,9}[.)])\s+/
/** What a page's navigation says, in passages indexed before navigation was dropped (ADR 0064). */
const NAVIGATION = /^(?:next|previous|prev|up):|\[(?:index|contents)\]/i
/** What sets a site's name off at the end of a page's title: "Repairs | Acme", "Repairs – Acme". */
const SITE_SEPARATORS = [' | ', ' · ', ' • ', ' – ', ' — ', ' - ']

/** The end of a title that may name its site: from its last separator, or its closing parenthesis ("Structures (libffi: the … library)"). */
function siteSuffixOf(title: string) {
	let at = title.endsWith(')') ? title.lastIndexOf(' (') : -1
	for (const separator of SITE_SEPARATORS) at = Math.max(at, title.lastIndexOf(separator))
	return at > 0 ? title.slice(at) : null
}

/**
 * The site's name that ends its pages' titles, when two titles or more end with the same one (a
 * single page's title may end in a parenthesis of its own); null when none does.
 */
function siteNameOf(titles: Iterable<string>) {
	const seen = new Set<string>()
	for (const title of titles) {
		const suffix = siteSuffixOf(title)
		if (!suffix) continue
		if (seen.has(suffix)) return suffix
		seen.add(suffix)
	}
	return null
}

/** What a passage's heading (or its page's title) names: without the site's name, a section number or marks before it ("=== Cherokee"). */
function subjectOf(heading: string, siteName: string | null) {
	const subject = siteName && heading.endsWith(siteName) ? heading.slice(0, -siteName.length) : heading
	return subject.trim().replace(SECTION_NUMBER, '').replace(LEADING_MARKS, '')
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

/** The passage's text after its heading line and its page's title (a page's passages start with it). */
function bodyOf(content: string, heads: Array<string | null>) {
	const lines = content
		.split('\n')
		.map((line) =>
			line
				.replace(/^#{1,6}\s+/, '')
				.trim()
				.replace(LIST_MARKER, ''),
		)
		.filter(Boolean)
	let start = 0
	while (start < lines.length && heads.includes(lines[start])) start++
	return lines.slice(start).join(' ')
}

/** What a test made from the passage must cite: the page's path, else the file's name. */
const citeOf = (chunk: SuggestionChunk) => (chunk.url ? new URL(chunk.url).pathname : (chunk.title ?? null))

/** Up to `max` suggestions, in the knowledge's order, none asking what `asked` (lower case) asks already. */
export function suggestTests(chunks: SuggestionChunk[], asked: Set<string>, max = 20): TestForm[] {
	const suggestions: TestForm[] = []
	const seen = new Set(asked)
	const siteName = siteNameOf(new Set(chunks.flatMap((chunk) => chunk.title ?? [])))
	for (const chunk of chunks) {
		if (suggestions.length >= max) break
		const raw = (chunk.heading?.split(HEADING_SEPARATOR).at(-1) ?? chunk.title ?? '').trim()
		const heading = subjectOf(raw, siteName)
		if (heading.length < 3 || heading.length > MAX_HEADING_CHARS || NAVIGATION.test(heading)) continue
		const question = questionOf(heading)
		if (seen.has(question.toLowerCase())) continue
		const sentence = sentencesOf(bodyOf(chunk.content, [raw, chunk.title]))[0] ?? ''
		const phrase = keyPhrase(sentence, question)
		if (!phrase) continue
		seen.add(question.toLowerCase())
		suggestions.push({
			question,
			expected: [phrase],
			cite: citeOf(chunk),
			mustDecline: false,
		})
	}
	return suggestions
}

/** How many tests the model is asked to write, and how many of the passages it is shown. */
export const MODEL_SUGGESTIONS = 10

/** The product's request to the connected model (its scaffolding; the passages are its knowledge). */
export const SUGGEST_INSTRUCTION = `You write test questions for a business's assistant, from its knowledge. The passages between the knowledge markers are numbered. For up to ${MODEL_SUGGESTIONS} of them, write one question a customer might ask that the passage answers, and the few words a right answer must contain, copied exactly from the passage (a figure, a name, a short phrase). Reply with a JSON array only, no prose around it: [{"question": "...", "expected": "...", "passage": 1}]`

const ModelSuggestion = z.object({
	question: z.string(),
	// Alternatives as the test form takes them ("7 years | seven years"), or a list of them.
	expected: z.union([z.string(), z.array(z.string()).transform((list) => list.join(' | '))]),
	passage: z.coerce.number().int(),
})

/** The JSON array in a model's answer (it may wrap it in prose or a code fence), or null. */
function jsonArrayIn(text: string): unknown[] | null {
	const start = text.indexOf('[')
	const end = text.lastIndexOf(']')
	if (start < 0 || end <= start) return null
	try {
		const parsed: unknown = JSON.parse(text.slice(start, end + 1))
		return Array.isArray(parsed) ? parsed : null
	} catch {
		return null
	}
}

/**
 * The tests in a connected model's answer to SUGGEST_INSTRUCTION over `passages` (numbered from 1),
 * up to `max`: each names a passage it was shown, keeps only the expected alternatives its passage
 * holds (a model that paraphrases or invents would write a test its own knowledge fails), cites the
 * passage's page or file, and asks nothing `asked` (lower case) asks already. Null when the answer
 * holds no JSON array.
 */
export function parseModelSuggestions(
	text: string,
	passages: SuggestionChunk[],
	asked: Set<string>,
	max = 20,
): TestForm[] | null {
	const items = jsonArrayIn(text)
	if (!items) return null
	const suggestions: TestForm[] = []
	const seen = new Set(asked)
	for (const item of items.slice(0, max * 2)) {
		if (suggestions.length >= max) break
		const parsed = ModelSuggestion.safeParse(item)
		if (!parsed.success) continue
		const passage = passages[parsed.data.passage - 1]
		if (!passage) continue
		const source = comparable(passage.content)
		const held = parsed.data.expected
			.split('|')
			.map((alternative) => alternative.trim())
			.filter((alternative) => comparable(alternative).trim() !== '' && source.includes(comparable(alternative)))
		if (held.length === 0) continue
		const test = TestFormSchema.safeParse({
			question: parsed.data.question,
			expected: held.join(' | '),
			cite: citeOf(passage) ?? '',
			mustDecline: false,
		})
		if (!test.success || seen.has(test.data.question.toLowerCase())) continue
		seen.add(test.data.question.toLowerCase())
		suggestions.push(test.data)
	}
	return suggestions
}

// Candidate tests made from a knowledge base's passages, for the owner to pick. Offline: a question
// from each passage's heading (an FAQ's own question as it is), what the answer should contain from
// its first sentence (a figure with its unit when there is one, else its most distinctive word: none
// of the question's, no stop word, adverb or bare digit, the rarest among the passages), and the page
// or file it should cite. Written by the connected model (suggestions.server.ts asks it): its answer read here,
// each test kept only when what it expects is in its passage's own words.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import { z } from 'zod'
import { definesSubject } from '~/ai/definitions.ts'
import { sentencesOf } from '~/ai/retrieval.ts'
import { stem } from '~/ai/terms.ts'
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

/** A sentence's end inside a text, before the next sentence's capital ("required. None of"). */
const SENTENCE_END_INSIDE = /[.!?]\s\p{Lu}/u
/** Words a sentence does not end on: a text ending on one stops mid-sentence ("the amount of"). */
const MID_SENTENCE_WORDS = new Set(
	'a an the of to and or but for with in on at by from as that which who whose is are was were be its their our your than into so'.split(
		' ',
	),
)
/** Lower-case words a heading may have and still be one: a name ("libffi internals", "ffi_call"), not a sentence. */
const MAX_LOWER_CASE_HEADING_WORDS = 3

/**
 * Whether a "heading" is a piece of a sentence (a passage split mid-paragraph gives one): it holds a
 * sentence's end, ends on a word no sentence ends on, or starts lower case and runs past a name's few
 * words. "Tell me about so as to reduce the amount of typing required. None of the commands" asks
 * nothing (first-time user's trial).
 */
function isSentenceFragment(heading: string) {
	const text = heading.replace(/\s+/g, ' ').trim()
	if (SENTENCE_END_INSIDE.test(text)) return true
	const words = text.split(' ')
	const last = trimEnds(words.at(-1) ?? '', isWordChar).toLowerCase()
	if (words.length > 1 && MID_SENTENCE_WORDS.has(last)) return true
	return /^\p{Ll}/u.test(text) && words.length > MAX_LOWER_CASE_HEADING_WORDS
}

/** Words at most in a subject asked "What is …?" (a name or a term, not a section's title). */
const MAX_DEFINED_WORDS = 4

/**
 * The question a heading asks: itself when it is one; "What is X?" when the passage's first sentence
 * defines X ("Memcheck is a memory error detector."), as a visitor would ask it; else "Tell me about …".
 */
function questionOf(heading: string, sentence = '') {
	if (heading.endsWith('?')) return heading
	const subject = trimEnds(heading, (char) => char !== '.' && char !== ':')
	if (subject.split(' ').length <= MAX_DEFINED_WORDS && definesSubject(sentence, subject)) {
		return `What is ${subject}?`
	}
	return `Tell me about ${subject}`
}

/**
 * Words that say nothing a right answer must hold: the Snowball English stop words (as the search
 * drops them), the commonest verbs, adverbs and fillers, and number words (a figure's unit carries
 * its meaning). An expected word among them passes almost any reply (first-time user's trial:
 * "perfectly", "0"), so a suggestion never expects one.
 */
const STOP_WORDS = new Set(
	`i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
	it its itself they them their theirs themselves what which who whom this that these those am is are was were be been
	being have has had having do does did doing a an the and but if or because as until while of at by for with about
	against between into through during before after above below to from up down in out on off over under again further
	then once here there when where why how all any both each few more most other some such no nor not only own same so
	than too very s t can will just don should now please tell also may might must would could shall get gets got make
	makes made use uses used using like well back forth way ways one ones two three four five six seven eight nine ten
	many much need needs want wants see seen say says said take takes took give gives go goes come comes know let lets
	thing things something anything everything nothing yes okay ok etc e g ie eg via per within without upon among
	otherwise often always never ever even still already yet though although however therefore thus whether either neither
	new old good bad great little lot lots first last next another every able sure really quite rather almost enough
	simply usually generally easily perfectly actually probably possible possibly here's there's it's don't can't
	doesn't isn't won't you're we're they're i'm`
		.split(/\s+/)
		.filter(Boolean),
)

/** A number as a figure is written: digits, with separators, a decimal point or a percent sign ("48", "4,096", "2.5%"). */
const NUMBER = /^\p{N}[\p{N},.:/-]*%?$/u
/** A single digit, or a number word: a figure only with the unit after it ("3 days"), never bare. */
const BARE_FIGURE = /^(?:\p{N}|two|three|four|five|six|seven|eight|nine|ten)$/iu
/** An adverb ("perfectly", "automatically"): how a sentence says something, never what. */
const ADVERB = /^[a-z]{5,}(?<![mp]b)ly$/

/** The parts of a word as they are compared ("Thread-safe" is "thread", "safe"). */
const partsOf = (word: string) =>
	word
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)

/** How many passages hold a word: the rarer, the more a reply holding it says; Infinity for one too common to say anything. */
export type WordRarity = (word: string) => number

/** Passages from this many on have words common to most of them (a manual's own name in every passage). */
const COMMON_FROM_PASSAGES = 4

/** The number of passages each word is in (its rarest part's), Infinity for a word in more than half of them. */
export function passageCounts(texts: string[]): WordRarity {
	const counts = new Map<string, number>()
	for (const text of texts) for (const word of new Set(partsOf(text))) counts.set(word, (counts.get(word) ?? 0) + 1)
	const common = texts.length >= COMMON_FROM_PASSAGES ? texts.length / 2 : Infinity
	return (word) => {
		const count = Math.max(0, ...partsOf(word).map((part) => counts.get(part) ?? 0))
		return count > common ? Infinity : count
	}
}

/**
 * What a right answer must contain, from the sentence that answers the question: a figure with its
 * unit ("48 hours", "4096 bytes"), else the sentence's most distinctive word: none of the question's
 * (nor a form of one: "Memcheck's", "thread-safe" for "Thread Safety"), no stop word, adverb or bare
 * number; the rarest among the passages (`rarity`: none most of them hold), then the longest. Null when the
 * sentence has no such word: a suggestion that expects a common word would pass almost any reply.
 */
export function keyPhrase(sentence: string, question: string, rarity: WordRarity = () => 0) {
	const words = sentence
		.split(/\s+/)
		.map((word) => trimEnds(word, isWordChar))
		.filter(Boolean)
	const asked = new Set(partsOf(question).flatMap((part) => [part, stem(part)]))
	const isAsked = (word: string) => partsOf(word).some((part) => asked.has(part) || asked.has(stem(part)))
	const isContent = (word: string) => {
		const lower = word.toLowerCase()
		return (
			/\p{L}/u.test(word) &&
			!STOP_WORDS.has(lower) &&
			!partsOf(word).every((part) => STOP_WORDS.has(part)) &&
			!ADVERB.test(word) &&
			!isAsked(word)
		)
	}
	for (let i = 0; i < words.length; i++) {
		const figure = words[i]
		if (!NUMBER.test(figure) && !BARE_FIGURE.test(figure.split('-')[0])) continue
		if (isAsked(figure) && !NUMBER.test(figure)) continue
		const unit = words[i + 1]
		const withUnit = unit !== undefined && /^\p{L}/u.test(unit) && isContent(unit)
		// "seven-year": a number word and its unit in one.
		if (figure.includes('-') && !NUMBER.test(figure) && isContent(figure.split('-').slice(1).join('-'))) return figure
		if (withUnit) return `${figure} ${unit}`
		if (!BARE_FIGURE.test(figure) && NUMBER.test(figure) && !isAsked(figure)) return figure
	}
	const candidates = words
		.filter((word) => word.length >= 4 && isContent(word))
		.map((word, order) => ({ word, order, rarity: rarity(word) }))
		.filter((candidate) => candidate.rarity !== Infinity)
	return (
		candidates.sort((a, b) => a.rarity - b.rarity || b.word.length - a.word.length || a.order - b.order)[0]?.word ??
		null
	)
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
	const rarity = passageCounts(chunks.map((chunk) => chunk.content))
	for (const chunk of chunks) {
		if (suggestions.length >= max) break
		const raw = (chunk.heading?.split(HEADING_SEPARATOR).at(-1) ?? chunk.title ?? '').trim()
		const heading = subjectOf(raw, siteName)
		if (heading.length < 3 || heading.length > MAX_HEADING_CHARS || NAVIGATION.test(heading)) continue
		if (isSentenceFragment(heading)) continue
		const sentence = sentencesOf(bodyOf(chunk.content, [raw, chunk.title]))[0] ?? ''
		const question = questionOf(heading, sentence)
		if (seen.has(question.toLowerCase())) continue
		const phrase = keyPhrase(sentence, question, rarity)
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

// The one tokenizer of the product's search: a chatbot's chunks are indexed with it (knowledge_terms),
// questions are searched with it, and the in-memory ranking of a voice assistant's or the site's
// knowledge and the offline model's choice of sentence read the same terms. A fix to how words are
// read lands everywhere at once. docs/decisions/0034-one-tokenizer.md
import porter2 from 'wink-porter2-stemmer'

/**
 * The Snowball English stop words, as PostgreSQL's 'english' configuration drops them, and a few
 * words of asking ("please", "tell").
 */
const STOP_WORDS = new Set(
	`i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
	it its itself they them their theirs themselves what which who whom this that these those am is are was were be been
	being have has had having do does did doing a an the and but if or because as until while of at by for with about
	against between into through during before after above below to from up down in out on off over under again further
	then once here there when where why how all any both each few more most other some such no nor not only own same so
	than too very s t can will just don should now please tell`.split(/\s+/),
)

/**
 * A word's stem, by the Snowball English (Porter2) algorithm that PostgreSQL's 'english'
 * configuration uses: "services" and "service", "computing" and "computation" meet.
 */
export function stem(word: string) {
	if (word.length > MAX_STEMMED || !/^[a-z]+$/.test(word)) return word
	let stemmed = stems.get(word)
	if (stemmed === undefined) {
		// Words repeat: a text's are stemmed once each (the stemmer is most of the time of indexing).
		if (stems.size >= MAX_CACHED_STEMS) stems.clear()
		stemmed = porter2(word)
		stems.set(word, stemmed)
	}
	return stemmed
}
const stems = new Map<string, string>()
const MAX_CACHED_STEMS = 50_000

/** Longer runs of letters are not English words (a hash, a blob): kept as they are, never slow. */
const MAX_STEMMED = 40

/**
 * "Beyoncé" and "Beyonce", "café" and "cafe" are one word: Latin letters lose their accents (the
 * combining marks that NFD splits off). Devanagari's marks are letters of their words and stay.
 */
const foldAccents = (text: string) =>
	/[\u00c0-\u024f]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text

/**
 * A run of letters and figures joined by single dots, hyphens or underscores, with no space:
 * "SHA-256", "crypto.createHash", "e-mail", "ZX-715", "max_pages". Bounded repetition keeps the
 * scan linear (ADR 0024).
 */
// oxlint-disable-next-line no-misleading-character-class -- Devanagari vowel signs are word characters here, on purpose
const COMPOUND = /[a-z0-9\u0900-\u097f]+(?:[-._][a-z0-9\u0900-\u097f]+){0,8}/gi

/**
 * An identifier's parts at its case turns: "createHash" → create|Hash, "readFileSync" →
 * read|File|Sync, "parseJSONBody" → parse|JSON|Body. A scan, linear in the word (ADR 0024).
 */
function camelPieces(word: string) {
	const pieces: string[] = []
	let start = 0
	for (let i = 1; i < word.length; i++) {
		const upper = isUpper(word[i])
		const turn = (upper && !isUpper(word[i - 1])) || (upper && isUpper(word[i - 1]) && isLower(word[i + 1] ?? ''))
		if (turn) {
			pieces.push(word.slice(start, i))
			start = i
		}
	}
	pieces.push(word.slice(start))
	return pieces
}
const isUpper = (char: string) => char >= 'A' && char <= 'Z'
const isLower = (char: string) => char >= 'a' && char <= 'z'

/** One term of a text: its stem and the index of the word it stands for (for phrases and nearness). */
export type Term = { term: string; at: number }

/**
 * The terms of a text with where each stands. Every word (lower case, without accents, not a stop
 * word) gives its stem. So that a question finds the way the docs write a name, and the other way
 * round, a word also gives:
 * - for a hyphenated code, the code written together ("SHA-256" → sha256, "e-mail" → email);
 * - for an identifier written in camel case, its whole and its parts ("createHash" → createhash,
 *   creat, hash; "highWaterMark" → highwatermark, high, water, mark).
 * A dotted name ("path.join") gives its parts, as written apart.
 *
 * A question (`question: true`) is read for what it names, so one name is not counted as three:
 * - without an identifier's parts: "highWaterMark" asks for that name, not for every
 *   "setDefaultHighWaterMark" that has "high", "water" and "mark" (the parts are for a question's
 *   plain words, "hash", to find the name, "createHash");
 * - a hyphenated code with a figure only written together: "SHA-256" asks for sha256, which a text
 *   that says "SHA-256" or "sha256" has, not for "sha" and "256" besides.
 */
export function termsOf(text: string, { question = false } = {}): Term[] {
	const terms: Term[] = []
	let at = 0
	const add = (word: string, position: number) => {
		if (!word || STOP_WORDS.has(word)) return
		terms.push({ term: stem(word), at: position })
	}
	for (const match of foldAccents(text).matchAll(COMPOUND)) {
		const compound = match[0]
		const parts = compound.split(/[-._]/)
		const start = at
		const hyphenated = parts.length > 1 && compound.includes('-') && !/[._]/.test(compound)
		const code = hyphenated && /\d/.test(compound)
		for (const part of parts) {
			if (!(question && code)) {
				add(part.toLowerCase(), at)
				// An identifier's parts, where it has more than one ("createHash"); not "iPhone" → "i".
				const camel = isLower(part[0] ?? '') ? camelPieces(part) : [part]
				if (!question && camel.length > 1) for (const piece of camel) if (piece.length > 1) add(piece.toLowerCase(), at)
			}
			at++
		}
		if (hyphenated) add(parts.join('').toLowerCase(), start)
	}
	return terms
}

/** The words of a text as written (a code or identifier is one word), each with its terms. */
export function wordsOf(text: string) {
	return [...foldAccents(text).matchAll(COMPOUND)]
		.map((match) => ({ text: match[0], terms: [...new Set(tokenize(match[0]))] }))
		.filter((word) => word.terms.length > 0)
}

/** The stems of a text, in order (with the extra terms of codes and identifiers beside their word). */
export const tokenize = (text: string) => termsOf(text).map(({ term }) => term)

/** The stems of a question: without an identifier's parts. */
export const questionTokens = (text: string) => termsOf(text, { question: true }).map(({ term }) => term)

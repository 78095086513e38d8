// The one tokenizer of the product's search: a chatbot's chunks are indexed with it (knowledge_terms),
// questions are searched with it, and the in-memory ranking of a voice assistant's or the site's
// knowledge and the offline model's choice of sentence read the same terms. A fix to how words are
// read lands everywhere at once. docs/decisions/0034-one-tokenizer.md, docs/decisions/0055-languages.md
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as hindi } from '@orama/stemmers/indian'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as spanish } from '@orama/stemmers/spanish'
import porter2 from 'wink-porter2-stemmer'
import { FRENCH, GERMAN, HINDI, ITALIAN, PORTUGUESE, SPANISH } from './stop-words.ts'

/** The languages the product reads: the spec's six and Hindi. */
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'hi'] as const
export type Language = (typeof LANGUAGES)[number]

/** The languages written in Latin letters: which of them a word is read in depends on its text. */
const LATIN_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const satisfies Language[]
type LatinLanguage = (typeof LATIN_LANGUAGES)[number]

/**
 * The Snowball English stop words, as PostgreSQL's 'english' configuration drops them, and a few
 * words of asking ("please", "tell").
 */
const ENGLISH = `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
	it its itself they them their theirs themselves what which who whom this that these those am is are was were be been
	being have has had having do does did doing a an the and but if or because as until while of at by for with about
	against between into through during before after above below to from up down in out on off over under again further
	then once here there when where why how all any both each few more most other some such no nor not only own same so
	than too very s t can will just don should now please tell`

/**
 * Each language's Snowball stemmer, the algorithm of PostgreSQL's '<language>_stem' dictionaries:
 * English by wink-porter2-stemmer (as since ADR 0034), the others by @orama/stemmers, whose output
 * is PostgreSQL's for every word checked (ADR 0055).
 */
const STEMMERS: Record<Language, (word: string) => string> = {
	en: porter2,
	es: spanish,
	fr: french,
	de: german,
	it: italian,
	pt: portuguese,
	hi: hindi,
}

/**
 * A word's stem in a language (English unless told), by Snowball: "services" and "service",
 * "cuesta" and "cuestan", "दिनों" and "दिन" meet. The word as `termsOf` reads it: lower case,
 * normalised. A word of another script than the language's is kept as it is.
 */
export function stem(word: string, language: Language = 'en') {
	if (word.length > MAX_STEMMED) return word
	// Most words are plain ASCII: read without the Unicode tests below.
	if (ASCII.test(word)) {
		if (language === 'hi') return word
		return language === 'en' && !/^[a-z]+$/.test(word) ? word : cachedStem(language, word)
	}
	const devanagari = DEVANAGARI.test(word)
	if (devanagari ? language !== 'hi' : language === 'hi' || !LATIN_WORD.test(word)) return word
	// English as since ADR 0034: accents folded first, and only plain a-z stemmed.
	if (language === 'en') {
		const folded = foldWord(word)
		return /^[a-z]+$/.test(folded) ? cachedStem('en', folded) : folded
	}
	// The other stemmers read their accents ("envío", "Öffnung"): folded after, so that "cuanto" is "cuánto".
	return foldWord(cachedStem(language, word))
}

function cachedStem(language: Language, word: string) {
	const stems = cachedStems[language]
	let stemmed = stems.get(word)
	if (stemmed === undefined) {
		// Words repeat: a text's are stemmed once each (the stemmer is most of the time of indexing).
		if (stems.size >= MAX_CACHED_STEMS) stems.clear()
		stemmed = STEMMERS[language](word)
		stems.set(word, stemmed)
	}
	return stemmed
}
const cachedStems = Object.fromEntries(LANGUAGES.map((language) => [language, new Map<string, string>()])) as Record<
	Language,
	Map<string, string>
>
const MAX_CACHED_STEMS = 50_000

/** Longer runs of letters are not words (a hash, a blob): kept as they are, never slow. */
const MAX_STEMMED = 40

const DEVANAGARI = /\p{Script=Devanagari}/u
// oxlint-disable-next-line no-control-regex -- the whole of ASCII, on purpose: such a word has no accents
const ASCII = /^[\x00-\x7f]*$/
/** A word in Latin letters (with their accents and figures), which the Latin languages' stemmers read. */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}]+$/u

/**
 * "Beyoncé" and "Beyonce", "cuánto" and "cuanto", "Straße" and "Strasse" are one word: a word in
 * Latin letters loses its accents (the combining marks that NFD splits off), as Snowball's German
 * does with its umlauts. Devanagari's marks (its vowel signs, virama, nukta) are letters of their
 * words and stay; so does every other script's.
 */
function foldWord(word: string) {
	if (ASCII.test(word) || !LATIN_WORD.test(word)) return word
	return word
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.replace(/ß/g, 'ss')
		.replace(/œ/g, 'oe')
		.replace(/æ/g, 'ae')
		.normalize('NFC')
}

/** Each language's stop words, accents folded as its words are compared (PostgreSQL's lists, stop-words.ts). */
const STOP_WORDS: Record<Language, Set<string>> = {
	en: wordSet(ENGLISH),
	es: wordSet(SPANISH),
	fr: wordSet(`${FRENCH} les l d j m n s t c qu`),
	de: wordSet(GERMAN),
	it: wordSet(`${ITALIAN} l dell all dall nell sull un`),
	pt: wordSet(PORTUGUESE),
	hi: wordSet(HINDI),
}
function wordSet(words: string) {
	return new Set(words.split(/\s+/).filter(Boolean).map(foldWord))
}

/**
 * A text as its words are read: NFKC (composed accents, "ﬁ" as "fi", full-width letters as letters),
 * without the zero-width joiners that Devanagari text may or may not carry inside a word.
 */
const normalised = (text: string) => text.normalize('NFKC').replace(/[\u200c\u200d]/g, '')

/**
 * A run of letters (with their combining marks) and figures of any script, joined by single dots,
 * hyphens or underscores, with no space: "SHA-256", "crypto.createHash", "e-mail", "Öffnungszeiten",
 * "डिलीवरी". Punctuation of any script ends a word ("¿", "।"). Bounded repetition keeps the scan
 * linear (ADR 0024).
 */
const COMPOUND = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[-._][\p{L}\p{N}][\p{L}\p{M}\p{N}]*){0,8}/gu

/**
 * Which language a text is in, or null when it does not say: Devanagari is Hindi; Latin letters
 * are the language whose stop words (and letters: ñ, ß, ã…) the text has most of, when it has at
 * least two more than any other.
 * A question of a word or two ("Öffnungszeiten?") says nothing: its reader decides (ADR 0055).
 */
export function detectLanguage(text: string): Language | null {
	const sample = text.slice(0, DETECT_CHARS)
	// Ranking reads the same passages for every question: each is read for its language once.
	const known = detected.get(sample)
	if (known !== undefined) return known
	if (detected.size >= MAX_DETECTED) detected.clear()
	const language = languageOf(normalised(sample))
	detected.set(sample, language)
	return language
}
const detected = new Map<string, Language | null>()
const MAX_DETECTED = 5_000

function languageOf(sample: string): Language | null {
	const devanagari = sample.match(/\p{Script=Devanagari}/gu)?.length ?? 0
	const latin = sample.match(/\p{Script=Latin}/gu)?.length ?? 0
	if (devanagari > 0 && devanagari >= latin) return 'hi'
	if (latin === 0) return null
	const scores = new Map<LatinLanguage, number>(LATIN_LANGUAGES.map((language) => [language, 0]))
	for (const word of sample.toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? []) {
		const folded = foldWord(word)
		for (const language of LATIN_LANGUAGES)
			if (STOP_WORDS[language].has(folded)) scores.set(language, scores.get(language)! + 1)
	}
	for (const [pattern, languages] of LETTER_HINTS) {
		const hints = sample.match(pattern)?.length ?? 0
		for (const language of languages) scores.set(language, scores.get(language)! + 2 * hints)
	}
	const [best, second] = [...scores].sort((a, b) => b[1] - a[1])
	return best[1] >= 2 && best[1] >= second[1] + 2 ? best[0] : null
}

/** How much of a text is read to tell its language: a page's opening says it. */
const DETECT_CHARS = 3000

/** Letters and marks that only some of the Latin languages write. */
const LETTER_HINTS: Array<[RegExp, LatinLanguage[]]> = [
	[/[ñ¿¡]/giu, ['es']],
	[/[ßäöü]/giu, ['de']],
	[/[ãõ]/giu, ['pt']],
	[/[œêëîïûù]/giu, ['fr']],
	[/[çâô]/giu, ['fr', 'pt']],
	[/[èì]/giu, ['it', 'fr']],
]

/**
 * The language a text's Latin words are read in, as long as a synchronous `inLanguage` call runs:
 * the offline model reads a question and every sentence it quotes from in one language, so that
 * a sentence too short to tell its own ("Envío gratuito.") is stemmed as the question is.
 */
let scopedLanguage: Language | null = null

/** Runs `read` (synchronous: nothing else runs meanwhile) with every text read in `language`. */
export function inLanguage<T>(language: Language, read: () => T): T {
	const before = scopedLanguage
	scopedLanguage = language
	try {
		return read()
	} finally {
		scopedLanguage = before
	}
}

/** The language of the `inLanguage` call that is running, if any. */
export const languageInScope = () => scopedLanguage

/** The language a text is read in: as told, else the one in scope, else its own, else English. */
export const readingLanguage = (text: string, language?: Language | null): Language =>
	language ?? scopedLanguage ?? detectLanguage(text) ?? 'en'

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

type TermsOptions = {
	/** Read as a question: for what it names (below). */
	question?: boolean
	/** The language its Latin words are read in; by default the one in scope, else its own (`readingLanguage`). */
	language?: Language | null
}

/**
 * The terms of a text with where each stands. Every word (lower case, Latin accents folded, not a
 * stop word of its language) gives its stem: a word in Devanagari by Hindi's rules, a word in Latin
 * letters by those of the text's language (English unless it says otherwise), a word of another
 * script as written. So that a question finds the way the docs write a name, and the other way
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
export function termsOf(text: string, { question = false, language }: TermsOptions = {}): Term[] {
	const terms: Term[] = []
	const latin: Language = latinLanguageOf(readingLanguage(text, language))
	let at = 0
	const add = (word: string, position: number) => {
		if (!word) return
		const wordLanguage = ASCII.test(word) ? latin : DEVANAGARI.test(word) ? 'hi' : latin
		if (STOP_WORDS[wordLanguage].has(foldWord(word))) return
		terms.push({ term: stem(word, wordLanguage), at: position })
	}
	for (const match of normalised(text).matchAll(COMPOUND)) {
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

/** Hindi text's Latin words (a brand, "WhatsApp") are read as English ones. */
const latinLanguageOf = (language: Language): LatinLanguage => (language === 'hi' ? 'en' : language)

/**
 * The other ways a question's terms could be read: for each of its terms, by where it stands, the
 * stems its word has in the other Latin languages. A question too short to tell its language
 * ("Öffnungszeiten?") is read in English first; when the knowledge has no such term, the search
 * takes the reading it has (bm25.ts keptTerms).
 */
export function otherReadings(text: string, language: Language) {
	const readings = new Map<number, Set<string>>()
	if (!/\p{Script=Latin}/u.test(text)) return readings
	for (const other of LATIN_LANGUAGES) {
		if (other === latinLanguageOf(language)) continue
		for (const { term, at } of termsOf(text, { question: true, language: other })) {
			const set = readings.get(at) ?? new Set<string>()
			set.add(term)
			readings.set(at, set)
		}
	}
	return readings
}

/**
 * The words of a text as written (a code or identifier is one word), each with its terms: in the
 * text's language, and the other Latin languages' readings of it (what a search can say is unknown
 * only when no reading of the word is known).
 */
export function wordsOf(text: string, language?: Language | null) {
	const reading = readingLanguage(text, language)
	// A word repeats: its readings are made once.
	const read = new Map<string, string[]>()
	const termsOfWord = (word: string) => {
		let terms = read.get(word)
		if (!terms) {
			const own = tokenize(word, reading)
			const others = own.length > 0 ? [...otherReadings(word, reading).values()].flatMap((set) => [...set]) : []
			terms = [...new Set([...own, ...others])]
			read.set(word, terms)
		}
		return terms
	}
	return [...normalised(text).matchAll(COMPOUND)]
		.map((match) => ({ text: match[0], terms: termsOfWord(match[0]) }))
		.filter((word) => word.terms.length > 0)
}

/** The stems of a text, in order (with the extra terms of codes and identifiers beside their word). */
export const tokenize = (text: string, language?: Language | null) =>
	termsOf(text, { language }).map(({ term }) => term)

/** The stems of a question: without an identifier's parts. */
export const questionTokens = (text: string, language?: Language | null) =>
	termsOf(text, { question: true, language }).map(({ term }) => term)

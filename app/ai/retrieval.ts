// Ranks passages against a question with BM25 over word stems (app/ai/terms.ts, the one tokenizer):
// small, and good enough to pick the right paragraph of a knowledge base for the offline model.
import { askedTerms, bm25Scores, keptTerms, PROXIMITY_CANDIDATES, withProximity, type SearchQuery } from './bm25.ts'
import {
	detectLanguage,
	languageInScope,
	questionTokens,
	readingLanguage,
	stem,
	termsOf,
	tokenize,
	type Language,
} from './terms.ts'

/**
 * Words that only shape a question ("how much", "tell me", "please", "¿cuánto?", "कितने दिन लगते"):
 * not what it is about. Each language's, stemmed in it.
 */
const QUESTION_WORDS = new Set(
	Object.entries({
		en: 'much many long often far old big does did do tell know give find explain kind sort type like want need get could would should shall may might has had was were been being than then also just please offer provide available take come',
		es: 'cuánto cuánta cuántos cuántas cuanto cuantos cuál cuáles cómo dónde cuándo quién puedo puede pueden hay tienen tiene dime decir saber',
		fr: 'combien comment où quand quel quelle quels quelles qui pourquoi puis peut peuvent faut dites savoir',
		de: 'wie wieviel viel viele wann wo wer welche welcher welches warum gibt kann können sagen wissen',
		it: 'quanto quanta quanti quante come dove quando chi quale quali perché posso può possono dimmi sapere',
		pt: 'quanto quanta quantos quantas como onde quando quem qual quais porque posso pode podem diga saber',
		hi: 'लगते लगता लगती लगेगा लगेंगे सकते सकता सकती चाहिए मिलता मिलती मिलते',
	} satisfies Record<Language, string>).flatMap(([language, words]) =>
		words.split(' ').map((word) => stem(word.toLowerCase(), language as Language)),
	),
)

/** A paragraph that is a heading: short, on its own, and not a sentence. */
export const isHeading = (passage: string) =>
	passage.length <= 80 && !/[.!?:;,।॥]$/.test(passage) && !passage.includes('\n')

/**
 * Splits a knowledge base into passages: paragraphs, with long ones cut at sentence ends. A piece
 * cut from a paragraph that opens with a heading ("Our cloud service: ...") keeps that heading, so
 * it can still be found by what the paragraph is about.
 */
export function splitPassages(text: string, maxChars = 600): string[] {
	const passages: string[] = []
	for (const paragraph of text.split(/\n\s*\n/)) {
		const clean = paragraph.replace(/\s+/g, ' ').trim()
		if (!clean) continue
		if (clean.length <= maxChars) {
			passages.push(clean)
			continue
		}
		const heading = /^[^:.!?।]{3,60}:/.exec(clean)?.[0] ?? ''
		let current = ''
		// Each piece runs to its punctuation (or the end) and cannot fail once begun: linear (ADR 0024).
		for (const sentence of clean.match(/[^.!?।॥]+[.!?।॥]*/g) ?? [clean]) {
			if ((current + sentence).length > maxChars && current) {
				passages.push(current.trim())
				current = heading ? `${heading} ` : ''
			}
			current += current.endsWith(' ') || !current ? sentence.trimStart() : sentence
		}
		if (current.trim()) passages.push(current.trim())
	}
	return passages
}

export type RankedPassage = { text: string; score: number; index: number }

/** Each stemmed term of a search with its weight: 1 for the latest question's, less for earlier ones. */
export function weightedTerms(query: SearchQuery | string) {
	return new Map(askedTerms(query).map(({ term, weight }) => [term, weight]))
}

/** All the words of a search, for what does not weigh them. */
export const searchText = (query: SearchQuery | string) =>
	typeof query === 'string' ? query : [query.question, query.earlier].filter(Boolean).join('\n')

/**
 * The passages of a short knowledge (a voice assistant's description, the site's copy) that best
 * match a search, best first: the same ranking as a chatbot's chunks get (bm25.ts), over postings
 * made here.
 */
export function rankPassages(query: SearchQuery | string, passages: string[], limit = 3): RankedPassage[] {
	if (passages.length === 0) return []
	// Each passage is read in its own language where it says, else in the knowledge's; the question
	// in its own, else the knowledge's (ADR 0055).
	const knowledgeLanguage = readingLanguage(passages.join('\n'))
	const question = typeof query === 'string' ? query : query.question
	const inScope = languageInScope()
	const asked = askedTerms(query, inScope ?? detectLanguage(question) ?? knowledgeLanguage)
	if (asked.length === 0) return []
	const documents = passages.map((text) => {
		const positions = new Map<string, number[]>()
		const terms = termsOf(text, { language: inScope ?? detectLanguage(text) ?? knowledgeLanguage })
		for (const { term, at } of terms) {
			const list = positions.get(term)
			if (list) list.push(at)
			else positions.set(term, [at])
		}
		return { positions, length: terms.length }
	})
	const documentFrequency = new Map<string, number>()
	for (const { positions } of documents)
		for (const term of positions.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
	const corpus = {
		documents: documents.length,
		averageLength: documents.reduce((sum, d) => sum + d.length, 0) / documents.length,
		documentFrequency,
	}
	const kept = keptTerms(asked, corpus)
	const postings = documents.flatMap(({ positions, length }, document) =>
		kept.flatMap(({ term }) => {
			const tf = positions.get(term)?.length ?? 0
			return tf > 0 ? [{ document, term, tf, length }] : []
		}),
	)
	const candidates = bm25Scores(kept, postings, corpus, Math.max(limit * 3, PROXIMITY_CANDIDATES))
	return withProximity(candidates, kept, (document, term) => documents[document].positions.get(term) ?? [])
		.slice(0, limit)
		.map(({ document, score }) => ({ text: passages[document], score, index: document }))
}

/** Words that lean on what was said before ("how much does it cost?", "and the Eagle?"). */
const LEANS_ON_EARLIER =
	/\b(it|its|it's|they|them|their|theirs|that|this|those|these|he|she|him|her|there|one|ones)\b|^(and|also|so|then|what about|how about)\b/i

/**
 * Whether the latest of the user's questions (oldest first) is a follow-up: it leans on an earlier
 * turn ("how much does it cost?", "and the Eagle?") or is a word or two ("Price?"). A question that
 * says what it is about ("What services do you offer?") stands on its own.
 */
export function isFollowUp(asked: string[]) {
	const question = asked.at(-1)?.trim() ?? ''
	if (!asked.at(-2)?.trim()) return false
	const words = question.match(/[\p{L}\p{N}]+/gu) ?? []
	return LEANS_ON_EARLIER.test(question) || words.length <= 2
}

/**
 * What to look for, given the user's questions so far (oldest first): the latest one, and, for a
 * follow-up, the one before it too, so the subject of the conversation carries forward.
 */
export function withEarlierSubject(asked: string[]): SearchQuery {
	const question = asked.at(-1)?.trim() ?? ''
	return isFollowUp(asked) ? { question, earlier: asked.at(-2)!.trim() } : { question }
}

/** The words a question is about, stemmed: no stop words and no question words. */
export function questionTerms(question: string) {
	return [...new Set(questionTokens(question).filter((term) => !QUESTION_WORDS.has(term)))]
}

/**
 * Words that ask for the same thing in a business's knowledge: a question about the "cost" is
 * answered by a sentence that says what something "sells for". Each group is one meaning.
 */
const SYNONYM_GROUPS = [
	'cost price priced pricing sell sells sold charge charges fee fees rupee rupees rate rates pay paid expensive cheap afford',
	'heavy weigh weighs weight kg kilogram kilograms gram grams light',
	'material materials frame body built construction',
	'made assembled manufactured produced built workshop factory plant located based city',
	'launch launched release released introduced first came come available since year',
	'warranty guarantee guaranteed cover covered',
	'open opens opening hours timing timings close closes closing',
	'deliver delivery delivered ship shipping shipped dispatch courier',
	'fast quick quickly speed soon day days week weeks',
	'refund refunds return returns exchange money',
	'contact phone call email reach support',
	'location address office where situated',
].map((group) => new Set(group.split(' ').flatMap((word) => tokenize(word, 'en'))))

/** Each term with the words that mean the same (itself alone when it has none). */
export function meanings(terms: string[]) {
	return terms.map((term) => {
		const group = SYNONYM_GROUPS.find((candidate) => candidate.has(term))
		return group ? new Set([term, ...group]) : new Set([term])
	})
}

/** How rare a meaning is among `texts` (BM25's IDF): absent from all of them is the rarest. */
export function rarity(texts: string[]) {
	const docs = texts.map((text) => new Set(tokenize(text)))
	return (group: Set<string>) => {
		const df = docs.filter((doc) => [...group].some((term) => doc.has(term))).length
		return Math.log(1 + (docs.length - df + 0.5) / (df + 0.5))
	}
}

/** A passage's sentences, in order (a heading such as "Delivery:" stays with the first). */
export function sentencesOf(passage: string) {
	// A full stop inside a number ("0.8 kg") or an address does not end a sentence: one followed by
	// white space or the end does. A scan, linear in the passage (ADR 0024).
	const sentences: string[] = []
	let start = 0
	// Parentheses open in this sentence, counted as the scan goes (no second pass).
	let open = 0
	for (let index = 0; index < passage.length; index++) {
		const char = passage[index]
		if (char === '(') open++
		else if (char === ')') open = Math.max(0, open - 1)
		if (!SENTENCE_END.has(char)) continue
		const next = passage[index + 1]
		if (next !== undefined && next.trim() !== '') continue
		if (char === '.' && (isAbbreviation(passage, index) || startsLowercase(passage, index + 1))) continue
		if (open > 0 && closesSoon(passage, index)) continue
		// A sentence has more than its punctuation: a stray "." that opens the passage is dropped.
		if (index > start) sentences.push(passage.slice(start, index + 1))
		start = index + 1
		open = 0
	}
	sentences.push(passage.slice(start))
	const trimmed = sentences.map((s) => s.trim()).filter(Boolean)
	return trimmed.length > 0 ? trimmed : [passage.trim()].filter(Boolean)
}

/** Full stops of the scripts the product reads: Devanagari's danda ("।") and double danda too. */
const SENTENCE_END = new Set(['.', '!', '?', '।', '॥'])

/** Words a full stop follows without ending the sentence ("St. John's", "Dr. Rao", "U.S. chart"). */
const ABBREVIATIONS = new Set(
	'mr mrs ms dr st jr sr prof rev gen col capt lt sgt mt ft inc ltd co corp bros vs etc approx dept est no nos fig vol pp ed eds jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e eg ie cf viz resp al u.s u.k u.n a.m p.m'.split(
		' ',
	),
)

/** Whether the word that ends at `dot` is an abbreviation or an initial ("J. K. Rowling"). */
function isAbbreviation(passage: string, dot: number) {
	let start = dot
	// Back over the word and its inner dots ("e.g", "U.S"), at most a few characters.
	while (start > 0 && dot - start < 12 && /[\p{L}.]/u.test(passage[start - 1])) start--
	const word = passage.slice(start, dot).toLowerCase()
	return word.length === 1 || ABBREVIATIONS.has(word)
}

/**
 * Whether parentheses open at a stop close soon after it, with no other stop between: "(eg. 20 to
 * 30 times)" in Valgrind's manual was cut after "(eg." and quoted so. A parenthesis that is a
 * sentence of its own ends with ".)", which is not followed by white space, so it never splits here.
 */
function closesSoon(passage: string, stop: number) {
	const ahead = passage.slice(stop + 1, stop + 81)
	const close = ahead.indexOf(')')
	return close >= 0 && !/[.!?।]\s/.test(ahead.slice(0, close))
}

/** Whether the text after `from` (past spaces) goes on in lower case: the sentence did not end. */
function startsLowercase(passage: string, from: number) {
	let index = from
	while (index < passage.length && index - from < 8 && passage[index].trim() === '') index++
	const next = passage[index]
	return next !== undefined && next !== next.toUpperCase() && next === next.toLowerCase()
}

/**
 * Up to `max` characters of a passage, around what the question asks: from the sentence that holds
 * most of its terms ("…Every order can be gift wrapped…" for "Can you gift wrap it?", not the
 * passage's opening about delivery), with "…" where text was left out.
 */
export function excerptAround(passage: string, question: string, max = 280) {
	const flat = passage.replace(/\s+/g, ' ').trim()
	if (flat.length <= max) return flat
	const terms = new Set(questionTerms(question))
	const sentences = sentencesOf(flat)
	let best = 0
	let bestHits = 0
	sentences.forEach((sentence, index) => {
		const hits = tokenize(sentence).filter((word) => terms.has(word)).length
		if (hits > bestHits) [best, bestHits] = [index, hits]
	})
	const from = Math.max(0, flat.indexOf(sentences[best]))
	const lead = from > 0 ? '…' : ''
	const room = max - lead.length
	const rest = flat.slice(from)
	return rest.length <= room ? `${lead}${rest}` : `${lead}${rest.slice(0, room - 1).trimEnd()}…`
}

// Ranks passages against a question with BM25 over word stems: small, dependency-free, and good
// enough to pick the right paragraph of a knowledge base for the offline model.
// The Snowball English stop words, as PostgreSQL's 'english' configuration drops them (so the offline
// model and the database rank by the same terms), and a few words of asking ("please", "tell").
const STOP_WORDS = new Set(
	`i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
	it its itself they them their theirs themselves what which who whom this that these those am is are was were be been
	being have has had having do does did doing a an the and but if or because as until while of at by for with about
	against between into through during before after above below to from up down in out on off over under again further
	then once here there when where why how all any both each few more most other some such no nor not only own same so
	than too very s t can will just don should now please tell`.split(/\s+/),
)

/** Words that only shape a question ("how much", "tell me", "please"): not what it is about. */
const QUESTION_WORDS = new Set(
	'much many long often far old big does did do doe tell know give find explain kind sort type like want need get could would should shall may might has had was were been being than then also just please offer provid availabl take come'.split(
		' ',
	),
)

export function tokenize(text: string): string[] {
	// oxlint-disable-next-line no-misleading-character-class -- Devanagari vowel signs are word characters here, on purpose
	return (foldAccents(text.toLowerCase()).match(/[a-z0-9\u0900-\u097f]+/g) ?? [])
		.filter((word) => !STOP_WORDS.has(word))
		.map(stem)
}

/**
 * "Beyoncé" and "Beyonce", "café" and "cafe" are one word: Latin letters lose their accents (the
 * combining marks that NFD splits off). Devanagari's marks are letters of their words and stay.
 */
const foldAccents = (text: string) =>
	/[\u00c0-\u024f]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text

/**
 * A light suffix stripper so "services"/"service", "workshops"/"workshop", "assembles"/"assembled"
 * and "wrap"/"wrapped" meet: the plural or tense goes (with a doubled consonant before it), then
 * a final silent "e".
 */
function stem(word: string) {
	let base = word
	if (base.length > 5 && base.endsWith('ing')) base = undouble(base.slice(0, -3))
	else if (base.length > 4 && base.endsWith('ies')) base = `${base.slice(0, -3)}y`
	else if (base.length > 5 && base.endsWith('ed')) base = undouble(base.slice(0, -2))
	else if (base.length > 3 && /(ss|x|z|ch|sh)es$/.test(base)) base = base.slice(0, -2)
	else if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1)
	if (base.length > 4 && base.endsWith('e')) base = base.slice(0, -1)
	return base
}

/** "wrapp" (from "wrapped") is "wrap", "shipp" is "ship"; a double l, s or z stays ("call"). */
const undouble = (base: string) => (/([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base)

/** A paragraph that is a heading: short, on its own, and not a sentence. */
export const isHeading = (passage: string) =>
	passage.length <= 80 && !/[.!?:;,]$/.test(passage) && !passage.includes('\n')

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
		const heading = /^[^:.!?]{3,60}:/.exec(clean)?.[0] ?? ''
		let current = ''
		// Each piece runs to its punctuation (or the end) and cannot fail once begun: linear (ADR 0024).
		for (const sentence of clean.match(/[^.!?]+[.!?]*/g) ?? [clean]) {
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

/**
 * What to search for: the latest question, and for a follow-up the earlier one, whose words count
 * for less (EARLIER_WEIGHT) so that "And the Eagle?" after the Falcon's price finds the Eagle's.
 */
export type SearchQuery = { question: string; earlier?: string }
export const EARLIER_WEIGHT = 0.5

/** Each stemmed term of a search with its weight: 1 for the latest question's, less for earlier ones. */
export function weightedTerms(query: SearchQuery | string) {
	const { question, earlier } = typeof query === 'string' ? { question: query } : query
	const weights = new Map<string, number>()
	for (const term of tokenize(earlier ?? '')) weights.set(term, EARLIER_WEIGHT)
	for (const term of tokenize(question)) weights.set(term, 1)
	return weights
}

/** All the words of a search, for what does not weigh them. */
export const searchText = (query: SearchQuery | string) =>
	typeof query === 'string' ? query : [query.question, query.earlier].filter(Boolean).join('\n')

export function rankPassages(query: SearchQuery | string, passages: string[], limit = 3): RankedPassage[] {
	const terms = [...weightedTerms(query)]
	if (terms.length === 0 || passages.length === 0) return []
	const docs = passages.map((p) => tokenize(p))
	const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1
	const documentFrequency = new Map<string, number>()
	for (const doc of docs)
		for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
	const k1 = 1.2
	const b = 0.75
	return docs
		.map((doc, index) => {
			let score = 0
			for (const [term, weight] of terms) {
				const tf = doc.filter((t) => t === term).length
				if (!tf) continue
				const df = documentFrequency.get(term) ?? 0
				const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5))
				score += weight * idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength)))
			}
			return { text: passages[index], score, index }
		})
		.filter((p) => p.score > 0)
		.sort((a, b) => b.score - a.score)
		.slice(0, limit)
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
	return [...new Set(tokenize(question).filter((term) => !QUESTION_WORDS.has(term)))]
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
].map((group) => new Set(group.split(' ').flatMap((word) => tokenize(word))))

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
	for (let index = 0; index < passage.length; index++) {
		if (!SENTENCE_END.has(passage[index])) continue
		const next = passage[index + 1]
		if (next !== undefined && next.trim() !== '') continue
		if (passage[index] === '.' && (isAbbreviation(passage, index) || startsLowercase(passage, index + 1))) continue
		// A sentence has more than its punctuation: a stray "." that opens the passage is dropped.
		if (index > start) sentences.push(passage.slice(start, index + 1))
		start = index + 1
	}
	sentences.push(passage.slice(start))
	const trimmed = sentences.map((s) => s.trim()).filter(Boolean)
	return trimmed.length > 0 ? trimmed : [passage.trim()].filter(Boolean)
}

const SENTENCE_END = new Set(['.', '!', '?'])

/** Words a full stop follows without ending the sentence ("St. John's", "Dr. Rao", "U.S. chart"). */
const ABBREVIATIONS = new Set(
	'mr mrs ms dr st jr sr prof rev gen col capt lt sgt mt ft inc ltd co corp bros vs etc approx dept est no nos fig vol pp ed eds jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e u.s u.k u.n a.m p.m'.split(
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

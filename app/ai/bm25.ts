// The one ranking of the product's search: Okapi BM25 over the terms of the one tokenizer
// (terms.ts), with the question's words standing together ranked up. A chatbot's chunks are ranked
// with it from postings read out of PostgreSQL (knowledge.server.ts); a voice assistant's
// description and the site's copy from postings made in memory (retrieval.ts rankPassages).
// docs/decisions/0017-bm25-retrieval.md, docs/decisions/0034-one-tokenizer.md
import { detectLanguage, otherReadings, readingLanguage, termsOf, type Language } from './terms.ts'

/** Okapi BM25's usual constants: how fast repeated terms saturate, and how much length counts. */
const K1 = 1.2
const B = 0.75
/**
 * Phrase and proximity: the best BM25 candidates are re-ranked by how close the question's terms
 * stand in them (within this many words), each pair adding up to this share of its rarer term's IDF.
 */
export const PROXIMITY_CANDIDATES = 12
const PROXIMITY_WINDOW = 5
const PROXIMITY_WEIGHT = 0.5
/** Terms weighing less than this (in over ~80% of documents) are left out when rarer ones are asked. */
const MIN_IDF = 0.2
/** A follow-up's earlier question counts, for less than the latest one ("And the Eagle?"). */
const EARLIER_WEIGHT = 0.5

/**
 * What to search for: the latest question, and for a follow-up the earlier one, whose words count
 * for less (EARLIER_WEIGHT) so that "And the Eagle?" after the Falcon's price finds the Eagle's.
 */
export type SearchQuery = { question: string; earlier?: string }

/**
 * A term the search asks for: where it stands in the question (null for an earlier one's), its
 * weight, and its word's stems in the other Latin languages (`readings`), taken when the knowledge
 * has no such term.
 */
export type AskedTerm = { term: string; at: number | null; weight: number; readings?: string[] }

/**
 * The terms of a search, each once: the latest question's at full weight, the earlier one's for
 * less. Read in `language` when the caller knows it (a voice assistant's), else in the question's
 * own when it says, else in English; each term with its word's other readings (ADR 0055).
 */
export function askedTerms(query: SearchQuery | string, language?: Language | null): AskedTerm[] {
	const { question, earlier = '' } = typeof query === 'string' ? { question: query } : query
	const asked = new Map<string, AskedTerm>()
	const read = (text: string, weight: number, positioned: boolean) => {
		const reading = readingLanguage(text, language ?? detectLanguage(question))
		const others = otherReadings(text, reading)
		for (const { term, at } of termsOf(text, { question: true, language: reading })) {
			if (asked.get(term)?.weight === 1) continue
			const readings = [...(others.get(at) ?? [])].filter((other) => other !== term)
			asked.set(term, { term, at: positioned ? at : null, weight, ...(readings.length > 0 ? { readings } : {}) })
		}
	}
	read(earlier.slice(0, 2000), EARLIER_WEIGHT, false)
	read(question.slice(0, 2000), 1, true)
	return [...asked.values()]
}

/** Every term a search may read: the asked ones and their other readings. */
export const termsToCount = (asked: AskedTerm[]) => [
	...new Set(asked.flatMap(({ term, readings = [] }) => [term, ...readings])),
]

/** What the ranking knows of all the documents: how many, their average length, each asked term's count. */
export type Corpus = { documents: number; averageLength: number; documentFrequency: Map<string, number> }

/** An asked term with its IDF, as the ranking weighs it. */
export type KeptTerm = AskedTerm & { idf: number }

/**
 * The asked terms the ranking reads, with their IDF: a term in over ~80% of the documents weighs
 * under 0.2 (a rare one about 8) and is not read when the question has rarer ones, which keeps a
 * search of thousands of chunks fast.
 */
export function keptTerms(asked: AskedTerm[], corpus: Corpus): KeptTerm[] {
	const taken = new Set(asked.map(({ term }) => term))
	const weighted = asked.flatMap(({ readings = [], ...asked }) => {
		const frequency = (term: string) => corpus.documentFrequency.get(term) ?? 0
		// A term the knowledge does not have is read another way, the one the knowledge has most.
		const term =
			frequency(asked.term) > 0
				? asked.term
				: readings.filter((other) => !taken.has(other)).sort((a, b) => frequency(b) - frequency(a))[0]
		const df = term ? frequency(term) : 0
		if (df === 0) return []
		taken.add(term)
		return [{ ...asked, term, df, idf: Math.log(1 + (corpus.documents - df + 0.5) / (df + 0.5)) }]
	})
	const rare = weighted.filter((term) => term.idf >= MIN_IDF)
	// A question's cost is bounded whatever it asks: its MAX_KEPT_TERMS rarest terms, and of those no
	// more than MAX_POSTINGS postings in all (the commonest go first). 666 two-letter terms each in
	// half of 6,000 chunks once meant two million postings and seconds of the server's thread.
	const kept = (rare.length > 0 ? rare : weighted)
		.sort((a, b) => b.idf * b.weight - a.idf * a.weight)
		.slice(0, MAX_KEPT_TERMS)
	let postings = kept.reduce((sum, term) => sum + term.df, 0)
	while (kept.length > 1 && postings > MAX_POSTINGS) postings -= kept.pop()!.df
	return kept.map(({ df: _df, ...term }) => term)
}

/** The most terms of one search that are read: a question of a few lines has fewer. */
const MAX_KEPT_TERMS = 24
/** The most postings one search reads (about 3 ms of the server's thread per 10,000). */
export const MAX_POSTINGS = 50_000

/** One document's count of one term, with the document's length in terms. */
export type Posting<Id> = { document: Id; term: string; tf: number; length: number }

/** The BM25 score of each document that has any kept term, best first, the best `limit` of them. */
export function bm25Scores<Id>(kept: KeptTerm[], postings: Posting<Id>[], corpus: Corpus, limit: number) {
	const byTerm = new Map(kept.map((term) => [term.term, term]))
	const scores = new Map<Id, number>()
	for (const posting of postings) {
		const term = byTerm.get(posting.term)
		if (!term) continue
		const norm = posting.tf + K1 * (1 - B + (B * posting.length) / Math.max(corpus.averageLength, 1))
		scores.set(
			posting.document,
			(scores.get(posting.document) ?? 0) + (term.idf * term.weight * posting.tf * (K1 + 1)) / norm,
		)
	}
	return [...scores]
		.map(([document, score]) => ({ document, score }))
		.sort((a, b) => b.score - a.score)
		.slice(0, limit)
}

/**
 * Each candidate's score with its proximity boost: every pair of the question's terms at its closest
 * in the document (within PROXIMITY_WINDOW words) adds a share of its rarer term's IDF, adjacent
 * the most, and the question's own phrase (same order, same gap) twice. `positions(document, term)`
 * gives where a term stands in a document. Best first.
 */
export function withProximity<Id>(
	candidates: Array<{ document: Id; score: number }>,
	kept: KeptTerm[],
	positions: (document: Id, term: string) => number[],
) {
	return candidates
		.map(({ document, score }) => {
			let boost = 0
			for (let i = 0; i < kept.length; i++) {
				for (let j = i + 1; j < kept.length; j++) {
					const [a, b] = [kept[i], kept[j]]
					const closeness = closestPair(positions(document, a.term), positions(document, b.term), a.at, b.at)
					if (closeness > 0) boost += Math.min(a.idf * a.weight, b.idf * b.weight) * closeness
				}
			}
			return { document, score: score + PROXIMITY_WEIGHT * boost }
		})
		.sort((x, y) => y.score - x.score)
}

/**
 * How close two terms stand at their closest: 1/gap², twice for the question's own phrase; 0 when
 * apart. Both lists are in ascending order: one pass over each.
 */
function closestPair(first: number[], second: number[], atFirst: number | null, atSecond: number | null) {
	let best = 0
	let from = 0
	for (const pa of first) {
		while (from < second.length && second[from] < pa - PROXIMITY_WINDOW) from++
		for (let j = from; j < second.length && second[j] <= pa + PROXIMITY_WINDOW; j++) {
			const pb = second[j]
			const gap = Math.abs(pb - pa)
			if (gap === 0) continue
			const phrase = atFirst !== null && atSecond !== null && pb - pa === atSecond - atFirst
			best = Math.max(best, (phrase ? 2 : 1) / (gap * gap))
		}
	}
	return best
}

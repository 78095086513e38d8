// Ranks passages against a question with BM25 over word stems: small, dependency-free, and good
// enough to pick the right paragraph of a knowledge base for the offline model.
const STOP_WORDS = new Set(
	'a an and are as at be by can do does for from have how i in is it me my of on or our please tell the to we what when where which who why will with you your about any there this that'.split(
		' ',
	),
)

function tokenize(text: string): string[] {
	// oxlint-disable-next-line no-misleading-character-class -- Devanagari vowel signs are word characters here, on purpose
	return (text.toLowerCase().match(/[a-z0-9\u0900-\u097f]+/g) ?? []).filter((word) => !STOP_WORDS.has(word)).map(stem)
}

/** A light suffix stripper so "services"/"service" and "workshops"/"workshop" meet. */
function stem(word: string) {
	if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
	if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
	if (word.length > 5 && word.endsWith('ed')) return word.slice(0, -2)
	if (word.length > 3 && word.endsWith('es') && !word.endsWith('ses')) return word.slice(0, -1)
	if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
	return word
}

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
		for (const sentence of clean.match(/[^.!?]+[.!?]+|\S[^.!?]*$/g) ?? [clean]) {
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

export function rankPassages(question: string, passages: string[], limit = 3): RankedPassage[] {
	const query = [...new Set(tokenize(question))]
	if (query.length === 0 || passages.length === 0) return []
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
			for (const term of query) {
				const tf = doc.filter((t) => t === term).length
				if (!tf) continue
				const df = documentFrequency.get(term) ?? 0
				const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5))
				score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength)))
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
 * What to look for, given the user's questions so far (oldest first): the latest one, and, when it
 * is a follow-up (short, or leaning on an earlier turn with "it", "that", "and…"), the one before it
 * too, so the subject of the conversation carries forward.
 */
export function withEarlierSubject(asked: string[]) {
	const question = asked.at(-1)?.trim() ?? ''
	const previous = asked.at(-2)?.trim()
	if (!previous) return question
	const words = question.match(/[\p{L}\p{N}]+/gu) ?? []
	return words.length <= 5 || LEANS_ON_EARLIER.test(question) ? `${question}\n${previous}` : question
}

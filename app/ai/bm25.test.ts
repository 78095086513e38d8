import { expect, test } from 'vitest'
import { askedTerms, keptTerms, MAX_POSTINGS } from './bm25.ts'

test("a question's cost is bounded: its rarest terms, and never more than MAX_POSTINGS postings", () => {
	// An attacker's knowledge: 666 two-letter terms, each in half of 6,000 chunks (IDF about 0.69,
	// above the cut for common words); the question asks for all of them.
	const letters = 'bcdfghjklmnpqrvwxyz0123456789'.split('')
	const words = letters.flatMap((a) => letters.map((b) => `${a}${b}`)).slice(0, 666)
	const asked = askedTerms(words.join(' '))
	expect(asked.length).toBeGreaterThan(600)
	const corpus = { documents: 6000, averageLength: 300, documentFrequency: new Map(asked.map((t) => [t.term, 3000])) }
	const kept = keptTerms(asked, corpus)
	expect(kept.length).toBeLessThanOrEqual(24)
	expect(kept.length * 3000).toBeLessThanOrEqual(MAX_POSTINGS)
})

test('the rarest terms are the ones kept, and a common one is left out when rarer ones are asked', () => {
	const asked = askedTerms('refund policy widget')
	const corpus = {
		documents: 1000,
		averageLength: 100,
		documentFrequency: new Map([
			['refund', 3],
			['polici', 40],
			['widget', 990],
		]),
	}
	expect(keptTerms(asked, corpus).map((t) => t.term)).toEqual(['refund', 'polici'])
})

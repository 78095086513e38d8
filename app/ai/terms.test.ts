import { expect, test } from 'vitest'
import { stem, termsOf, tokenize, wordsOf } from './terms.ts'

test('stems are Snowball English (Porter2), as PostgreSQL makes them: forms of a word meet', () => {
	expect(['services', 'service', 'serviced'].map(stem)).toEqual(['servic', 'servic', 'servic'])
	expect(['computing', 'computation', 'computed'].map(stem)).toEqual(['comput', 'comput', 'comput'])
	expect(['directories', 'recursively', 'generously'].map(stem)).toEqual(['directori', 'recurs', 'generous'])
})

test('a hyphenated code meets the same code written together, either way round', () => {
	const question = new Set(tokenize('How do I compute a SHA-256 hash?'))
	expect(question.has('sha256')).toBe(true)
	expect(tokenize("crypto.createHash('sha256')")).toContain('sha256')
	expect(new Set(tokenize('Send us an e-mail'))).toContain('email')
	expect(new Set(tokenize('Model ZX715'))).toEqual(new Set(['model', 'zx715']))
	expect(new Set(tokenize('Model ZX-715'))).toContain('zx715')
})

test('an identifier is found by its whole and by its parts; a dotted name by its parts', () => {
	expect(tokenize('crypto.createHash')).toEqual(['crypto', 'createhash', 'creat', 'hash'])
	expect(tokenize('highWaterMark')).toEqual(['highwatermark', 'high', 'water', 'mark'])
	expect(tokenize('parseJSONBody')).toEqual(['parsejsonbodi', 'pars', 'json', 'bodi'])
	// A capitalised word is a word, not an identifier.
	expect(tokenize('Readline XMLHttpRequest')).toEqual(['readlin', 'xmlhttprequest'])
	expect(tokenize('path.join()')).toEqual(['path', 'join'])
})

test('accents fold, stop words go, and each term knows which word it stands for', () => {
	expect(tokenize('Beyoncé and the café')).toEqual(tokenize('Beyonce and the cafe'))
	expect(termsOf('The path.join() method joins paths')).toEqual([
		{ term: 'path', at: 1 },
		{ term: 'join', at: 2 },
		{ term: 'method', at: 3 },
		{ term: 'join', at: 4 },
		{ term: 'path', at: 5 },
	])
})

test('a question in words as written, each with its terms (what a search can say is unknown)', () => {
	expect(wordsOf('Is the SHA-256 of it waterproof?')).toEqual([
		{ text: 'SHA-256', terms: ['sha', '256', 'sha256'] },
		{ text: 'waterproof', terms: ['waterproof'] },
	])
})

test('a word too long to be English is kept as it is, and quickly', () => {
	const blob = 'a'.repeat(100_000)
	expect(tokenize(blob)).toEqual([blob])
})

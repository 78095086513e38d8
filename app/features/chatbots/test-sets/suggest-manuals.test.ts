// Offline suggestions over real manuals (tests/fixtures/debian-manuals, read and cut into passages as
// a crawl of them would be): each expects a distinctive word or figure of the sentence that answers
// it, so it fails a reply that only echoes the question in common words (first-time user's trial:
// "0", "perfectly" or the question's own word were expected, and passed almost any reply).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { chunkKnowledge } from '~/features/chatbots/chunking.ts'
import { htmlText } from '~/lib/sandbox/parsers.ts'
import { judge } from './judge.ts'
import { keyPhrase, passageCounts, suggestTests } from './suggest.ts'

const MANUALS = path.resolve(import.meta.dirname, '../../../../tests/fixtures/debian-manuals')

const manualChunks = () =>
	readdirSync(MANUALS)
		.filter((file) => file.endsWith('.html'))
		.flatMap((file) => {
			const url = `http://127.0.0.1:8000/${file}`
			return chunkKnowledge(htmlText(readFileSync(path.join(MANUALS, file), 'utf8'), url)).map((chunk) => ({
				heading: chunk.heading,
				content: chunk.content,
				url,
				title: file,
			}))
		})

/** Words any reply may hold: a test that expects one tests nothing. */
const TRIVIAL = new Set(
	'the a an is are it this that of to in on and or for with you your can will not perfectly completely simply occasionally automatically also here there'.split(
		' ',
	),
)
const wordsOf = (text: string) =>
	text
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)

test('no suggestion from the manuals expects a word of its own question, a stop word or a bare digit; each fails an unrelated reply', () => {
	const suggestions = suggestTests(manualChunks(), new Set(), 100)
	expect(suggestions.length).toBeGreaterThan(15)
	for (const { question, expected } of suggestions) {
		const asked = new Set(wordsOf(question))
		for (const phrase of expected) {
			const words = wordsOf(phrase)
			expect(
				words.some((word) => asked.has(word)),
				`${question}: ${phrase}`,
			).toBe(false)
			expect(
				words.every((word) => TRIVIAL.has(word)),
				`${question}: ${phrase}`,
			).toBe(false)
			expect(phrase, question).not.toMatch(/^\p{N}$/u)
		}
		// A reply that says the question back, with common words and digits, holds no expected word.
		const unrelated = `${question}: yes, it is perfectly simple, it works in 0 or 1 steps, completely as you would expect.`
		const verdict = judge({ expected, cite: null, mustDecline: false }, { text: unrelated, answered: true, cited: [] })
		expect(verdict.passed, `${question}: ${expected.join(' | ')}`).toBe(false)
	}
})

test('the key phrase: a figure with its unit, else the rarest word that is not the question’s, a stop word or an adverb', () => {
	const rarity = passageCounts([
		'libffi is perfectly happy passing structures back and forth.',
		'libffi assumes you have a pointer to the function.',
		'libffi is not completely thread-safe.',
		'libffi closures need 4096 bytes.',
	])
	expect(
		keyPhrase('`libffi` is perfectly happy passing structures back and forth.', 'Tell me about Structures', rarity),
	).toBe('passing')
	// Its only words are the question's ("thread-safe"), an adverb and the name every passage holds.
	expect(keyPhrase('`libffi` is not completely thread-safe.', 'Tell me about Thread Safety', rarity)).toBeNull()
	// A bare digit is no figure; one with its unit is.
	expect(keyPhrase('It returns 0 if the call fails.', 'What does it return?')).toBe('fails')
	expect(keyPhrase('Closures need 4096 bytes.', 'Tell me about Closures')).toBe('4096 bytes')
	expect(keyPhrase('Wait 2 minutes.', 'How long?')).toBe('2 minutes')
	expect(keyPhrase('Every widget carries a seven-year warranty.', 'Tell me about Warranty')).toBe('seven-year')
})

// Passages and sentences, as the scans that replaced backtracking patterns cut them (ADR 0024).
import { expect, test } from 'vitest'
import {
	ENGLISH_DISTRACTORS,
	GERMAN_KNOWLEDGE,
	GERMAN_QUESTION,
	HINDI_KNOWLEDGE,
	HINDI_QUESTION,
	SPANISH_KNOWLEDGE,
	SPANISH_QUESTION,
} from '../../tests/support/language-knowledge.ts'
import { rankPassages, sentencesOf, splitPassages } from './retrieval.ts'

test('a long paragraph is cut at sentence ends, and a last piece without a full stop keeps its space', () => {
	expect(splitPassages('Aaaa bbbb cccc dddd. Ee ff. gg hh', 20)).toEqual(['Aaaa bbbb cccc dddd.', 'Ee ff. gg hh'])
	expect(splitPassages('Short one.\n\n  \n\nAnother   one', 600)).toEqual(['Short one.', 'Another one'])
})

test('a sentence ends at . ! or ? before white space or the end, not inside a number or an address', () => {
	expect(sentencesOf('It weighs 0.8 kg. Mail hello@acme.in! Why?! Ends without')).toEqual([
		'It weighs 0.8 kg.',
		'Mail hello@acme.in!',
		'Why?!',
		'Ends without',
	])
	expect(sentencesOf('. Opens with a stray stop.')).toEqual(['Opens with a stray stop.'])
	// Valgrind's manual: an abbreviation, and a stop inside parentheses that close soon after.
	expect(sentencesOf('Your program will run much slower (eg. 20 to 30 times) than normal. Then more.')).toEqual([
		'Your program will run much slower (eg. 20 to 30 times) than normal.',
		'Then more.',
	])
	expect(sentencesOf('Prices vary (see the list. Some are 20 % off) by season. Ask us.')).toEqual([
		'Prices vary (see the list. Some are 20 % off) by season.',
		'Ask us.',
	])
	// A parenthesis that never closes does not hold the rest back.
	expect(sentencesOf('An aside (never closed. Next sentence here. Last one.')).toEqual([
		'An aside (never closed.',
		'Next sentence here.',
		'Last one.',
	])
	expect(sentencesOf('.')).toEqual(['.'])
	expect(sentencesOf('  ')).toEqual([])
})

test('a sentence also ends at the danda ("।"), and a Spanish one opens with its "¿" or "¡"', () => {
	expect(sentencesOf('डिलीवरी पूरे भारत में होती है। तीन दिन लगते हैं। धन्यवाद')).toEqual([
		'डिलीवरी पूरे भारत में होती है।',
		'तीन दिन लगते हैं।',
		'धन्यवाद',
	])
	expect(sentencesOf('¿Cuánto cuesta? Cinco euros. ¡Gratis desde cincuenta!')).toEqual([
		'¿Cuánto cuesta?',
		'Cinco euros.',
		'¡Gratis desde cincuenta!',
	])
	expect(splitPassages('पहला वाक्य है। दूसरा वाक्य है।', 20)).toEqual(['पहला वाक्य है।', 'दूसरा वाक्य है।'])
})

test.each([
	['Spanish', SPANISH_QUESTION.question, SPANISH_QUESTION.answer],
	['German', GERMAN_QUESTION.question, GERMAN_QUESTION.answer],
	['German, one word', 'Öffnungszeiten?', GERMAN_QUESTION.answer],
	['Hindi', HINDI_QUESTION.question, 'तीन से पाँच दिन'],
])('a %s question finds its same-language passage among distractors', (_language, question, answer) => {
	const passages = [HINDI_KNOWLEDGE, SPANISH_KNOWLEDGE, GERMAN_KNOWLEDGE, ENGLISH_DISTRACTORS].flatMap((text) =>
		text.split('\n\n'),
	)
	const [best] = rankPassages(question, passages, 3)
	expect(best.text).toContain(answer)
})

// Passages and sentences, as the scans that replaced backtracking patterns cut them (ADR 0024).
import { expect, test } from 'vitest'
import { sentencesOf, splitPassages } from './retrieval.ts'

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
	expect(sentencesOf('.')).toEqual(['.'])
	expect(sentencesOf('  ')).toEqual([])
})

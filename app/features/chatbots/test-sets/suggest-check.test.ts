import { expect, test } from 'vitest'
import type { JudgedReply } from './judge.ts'
import { answeredSuggestions } from './suggest-check.ts'

const candidate = (question: string, expected: string, cite: string) => ({
	question,
	expected: [expected],
	cite,
	mustDecline: false,
})
const page = (path: string) => ({ url: `http://docs.test${path}`, title: null })

test('a suggestion is kept when the offline answer passes it, its expected words taken from that answer when needed', async () => {
	const replies: Record<string, JudgedReply> = {
		// Passes as made.
		'Tell me about Structures': {
			text: 'libffi is perfectly happy passing structures. [1]',
			answered: true,
			cited: [page('/structures')],
		},
		// Its page answers, in other words than the passage's first sentence: the answer's own are expected.
		'Tell me about The Basics': {
			text: '2.1 The Basics\n\nThe cif in `ffi_cif` stands for Call InterFace. [1]',
			answered: true,
			cited: [page('/basics')],
		},
		// Another page answers, or none does: no suggestion.
		// A list's number is not what it states.
		'Tell me about Windows': {
			text: '1. Open the releases page and pick the latest installer. [1]',
			answered: true,
			cited: [page('/windows')],
		},
		'Tell me about Types': { text: 'Something else. [1]', answered: true, cited: [page('/index')] },
		'Tell me about Index': { text: "I'm sorry, I don't know.", answered: false, cited: [] },
	}
	const asked: string[] = []
	const ask = async (question: string) => {
		asked.push(question)
		return replies[question]
	}
	const candidates = [
		candidate('Tell me about Structures', 'perfectly', '/structures'),
		candidate('Tell me about The Basics', 'assumes', '/basics'),
		candidate('Tell me about Windows', 'binaries', '/windows'),
		candidate('Tell me about Types', 'ffi_type', '/types'),
		candidate('Tell me about Index', 'index', '/index'),
	]
	expect(await answeredSuggestions(candidates, ask, { max: 20, budgetMs: 60_000 })).toEqual([
		candidate('Tell me about Structures', 'perfectly', '/structures'),
		candidate('Tell me about The Basics', 'InterFace', '/basics'),
		candidate('Tell me about Windows', 'installer', '/windows'),
	])
	// At most `max`, and nothing asked past the time budget.
	expect(await answeredSuggestions(candidates, ask, { max: 1, budgetMs: 60_000 })).toHaveLength(1)
	let clock = 0
	asked.length = 0
	const slow = async (question: string) => {
		clock += 1_000
		return ask(question)
	}
	await answeredSuggestions(candidates, slow, { max: 20, budgetMs: 1_500, now: () => clock })
	expect(asked).toEqual(['Tell me about Structures', 'Tell me about The Basics'])
})

import { expect, test } from 'vitest'
import { keyPhrase, parseModelSuggestions, suggestTests } from './suggest.ts'

test('a suggestion per headed passage: its question, a figure or key word of its first sentence, the page it cites', () => {
	const chunks = [
		{
			heading: 'Acme Widgets › Repairs',
			content: '## Repairs\n\nOur workshop in Pune repairs widgets within 48 hours. Bring the receipt.',
			url: 'http://shop.test/repairs',
			title: 'Repairs',
		},
		{
			heading: 'How do I return an item?',
			content: 'Send it back unused, in its original packaging.',
			url: null,
			title: 'faq.pdf',
		},
		// Already tested, and one with no heading or title: no suggestion.
		{ heading: 'Warranty', content: 'Seven years.', url: 'http://shop.test/warranty', title: 'Warranty' },
		{ heading: null, content: 'Plain text.', url: null, title: null },
	]
	expect(suggestTests(chunks, new Set(['tell me about warranty']))).toEqual([
		{ question: 'Tell me about Repairs', expected: ['48 hours'], cite: '/repairs', mustDecline: false },
		{ question: 'How do I return an item?', expected: ['packaging'], cite: 'faq.pdf', mustDecline: false },
	])
	expect(suggestTests(chunks, new Set(), 1)).toHaveLength(1)
})

test('the key phrase skips the question’s own words and trims punctuation', () => {
	// A number word is a figure only with its unit: not "three" before "to".
	expect(keyPhrase('Delivery takes three to five working days.', 'Tell me about Delivery')).toBe('five working')
	expect(keyPhrase('(Orders above ₹999, ship free.)', 'x')).toBe('999 ship')
})

test("a model's suggestions are kept only where their words are in the passage they name, citing its page or file", () => {
	// A page's passage and a file's.
	const passage = (content: string, url: string | null, title: string) => ({ heading: null, content, url, title })
	const passages = [
		passage('Our workshop in Pune repairs widgets within 48 hours.', 'http://shop.test/repairs', 'Repairs'),
		passage('Gift cards are sold in store, from ₹500.', null, 'faq.pdf'),
	]
	const answer = `Here you are:
\`\`\`json
[
	{"question": "How fast are widgets repaired?", "expected": "48 hours | two days", "passage": 1},
	{"question": "From how much are gift cards?", "expected": ["₹500", "500"], "passage": "2"},
	{"question": "Where is the workshop?", "expected": "Mumbai", "passage": 1},
	{"question": "Who founded the shop?", "expected": "Asha", "passage": 7},
	{"question": "How long is the warranty?", "expected": "48 hours", "passage": 1},
	{"question": "", "expected": "Pune", "passage": 1},
	"not a test"
]
\`\`\``
	expect(parseModelSuggestions(answer, passages, new Set(['how long is the warranty?']))).toEqual([
		// An alternative the passage does not hold ("two days") is dropped.
		{ question: 'How fast are widgets repaired?', expected: ['48 hours'], cite: '/repairs', mustDecline: false },
		{ question: 'From how much are gift cards?', expected: ['₹500', '500'], cite: 'faq.pdf', mustDecline: false },
	])
	expect(parseModelSuggestions('I cannot help with that.', passages, new Set())).toBeNull()
	expect(
		parseModelSuggestions('[{"question": "Q?", "expected": "48 hours", "passage": 1}]', passages, new Set(), 0),
	).toEqual([])
})

test('a heading that is a piece of a sentence asks nothing; one the passage defines is asked "What is …?"', () => {
	const chunk = (heading: string, content: string) => ({ heading, content, url: null, title: 'manual.txt' })
	const chunks = [
		// A passage split mid-paragraph (first-time user's trial).
		chunk(
			'so as to reduce the amount of typing required. None of the commands',
			'The shell keeps a history of 500 commands.',
		),
		chunk('reduce the amount of typing required for', 'Aliases save 40 keystrokes a day.'),
		chunk('Closures and the trampoline of', 'Closures need 4096 bytes of writable memory.'),
		chunk('Memcheck', 'Memcheck is a memory error detector for C programs.'),
		chunk('ffi_call', 'Calls a function through its cif with 6 arguments at most.'),
	]
	expect(suggestTests(chunks, new Set()).map((test) => test.question)).toEqual([
		'What is Memcheck?',
		'Tell me about ffi_call',
	])
})

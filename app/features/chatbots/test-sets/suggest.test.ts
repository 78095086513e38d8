import { expect, test } from 'vitest'
import { keyPhrase, suggestTests } from './suggest.ts'

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
	expect(keyPhrase('Delivery takes three to five working days.', 'Tell me about Delivery')).toBe('working')
	expect(keyPhrase('(Orders above ₹999, ship free.)', 'x')).toBe('999 ship')
})

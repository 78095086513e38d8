import { expect, test } from 'vitest'
import { saidByAssistant, saidSpan } from './speakable.ts'

// The transcript keeps a reply on one line, its heading run into the quote.
const line =
	'2.5 The Closure API Because closures work by assembling a tiny function at runtime, they need special memory. [1]'

test('a heading said as a sentence of its own, without its section number, is what the assistant said', () => {
	expect(
		saidByAssistant('The Closure API. Because closures work by assembling a tiny function at runtime,', [line], 'en'),
	).toBe(true)
	expect(
		saidByAssistant(
			'Because closures work by assembling a tiny function at runtime, they need special memory.',
			[line],
			'en',
		),
	).toBe(true)
})

test('anything else is not, nor a piece of a word', () => {
	expect(saidByAssistant('Buy cheap closures now.', [line], 'en')).toBe(false)
	expect(saidByAssistant('he', [line], 'en')).toBe(false)
	expect(saidByAssistant('  ', [line], 'en')).toBe(false)
})

test('saidSpan: the line’s own words for the text’s, never what the client put between them', () => {
	const lines = ['We build **AI chatbots** for ₹15,000. Ask me!']
	// The spoken form first: its markdown is not read out, its rupees are in words.
	expect(saidSpan('We build AI + = $ chatbots 💰 for 15,000 rupees', lines, 'en')).toBe(
		'We build AI chatbots for 15,000 rupees.',
	)
	expect(saidSpan('we build AI chatbots', lines, 'en')).toBe('We build AI chatbots')
	expect(saidSpan('ask me', lines, 'en')).toBe('Ask me!')
	expect(saidSpan('Ask us', lines, 'en')).toBeNull()
	expect(saidSpan('+ + =', lines, 'en')).toBeNull()
})

import { expect, test } from 'vitest'
import { saidByAssistant } from './speakable.ts'

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

import { describe, expect, test } from 'vitest'
import { spokenText, transcriptReply } from './spoken-text.ts'

describe('spokenText', () => {
	test('leaves out citations, addresses and markdown, which only a reader can use', () => {
		expect(
			spokenText('**Returns** are accepted within 30 days [1]. See https://shop.example.com/returns?x=1 [2].'),
		).toBe('Returns are accepted within 30 days. See the link in the transcript.')
		expect(spokenText('Write to sales@example.com or read [our guide](https://example.com/guide).')).toBe(
			'Write to the e-mail address in the transcript or read our guide.',
		)
	})

	test('says money, percentages, units and ranges in words', () => {
		expect(spokenText('It costs $1,200 or €5, with 10% off.')).toBe(
			'It costs 1,200 dollars or 5 euros, with 10 percent off.',
		)
		expect(spokenText('Delivery within 5 km takes 1 h; we are open 9-5, 24/7 online.')).toBe(
			'Delivery within 5 kilometres takes 1 hour; we are open 9 to 5, twenty-four seven online.',
		)
		expect(spokenText('A $2m deal weighing 3kg.')).toBe('A 2 million dollars deal weighing 3 kilograms.')
	})

	test('keeps other languages as written, apart from what no voice should read', () => {
		expect(spokenText('Cuesta 10 € [1]. Más en https://example.es', 'es')).toBe(
			'Cuesta 10 €. Más en the link in the transcript',
		)
	})

	test('says at most three sentences', () => {
		expect(spokenText('One. Two! Three? Four. Five.')).toBe('One. Two! Three?')
	})
})

describe('headings', () => {
	test('a heading over a quote is said as its own sentence, without its section number', () => {
		expect(
			spokenText(
				'2.5 The Closure API\n\nBecause closures work by assembling a tiny function at runtime, they need special memory. [1]',
			),
		).toBe('The Closure API. Because closures work by assembling a tiny function at runtime, they need special memory.')
		expect(spokenText('### 3.1.4 Opening hours\n\nWe open at 9 am.')).toBe('Opening hours. We open at 9 am.')
		expect(spokenText('## 7. Delivery\n\nWe deliver in Pune.')).toBe('Delivery. We deliver in Pune.')
		expect(spokenText('os.homedir()\n\nReturns the home directory.')).toBe('os.homedir(). Returns the home directory.')
	})

	test('sentences, list items and numbers in a sentence are left as they are', () => {
		expect(spokenText('We open at 9.\n\nWe close at 5.')).toBe('We open at 9. We close at 5.')
		expect(spokenText('1. Open the app\n\n2. Sign in')).toBe('1. Open the app 2. Sign in')
		expect(spokenText('Version 2.5 is out.')).toBe('Version 2.5 is out.')
	})
})

describe('transcriptReply', () => {
	const LIST =
		'Closures keep their scope [1]. They are used for: - `counter()` factories. - **Private** state. - Callbacks. - Memoisation. See [the guide](https://example.com/closures).'

	test('shows markdown as text: no backticks, emphasis or link syntax, and a list as bullets on their own lines', () => {
		const { spoken, more } = transcriptReply(LIST)
		expect(spoken).toBe('Closures keep their scope [1]. They are used for:\n• counter() factories.\n• Private state.')
		expect(`${spoken} ${more}`).not.toMatch(/[`*]|\]\(| - /)
	})

	test('what the voice said comes first; the sentences it left out are apart, as many as spokenText cut', () => {
		const { spoken, more } = transcriptReply(LIST)
		expect(more).toBe('• Callbacks.\n• Memoisation. See the guide.')
		// The spoken part is the written form of exactly what the voice says.
		expect(spokenText(LIST).split(/(?<=[.!?]) /)).toHaveLength(3)
		expect(spoken.split(/(?<=[.!?](?:\s?\[\d\])?)\s/)).toHaveLength(3)
	})

	test('a short reply is all spoken, and a lone dash stays a dash', () => {
		expect(transcriptReply('We are open 9 am - 6 pm. Sunday closed.')).toEqual({
			spoken: 'We are open 9 am - 6 pm. Sunday closed.',
			more: '',
		})
	})
})

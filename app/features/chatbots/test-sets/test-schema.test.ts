// The suggestions' form, read from its post the same way in the browser and on the server: only the
// ticked rows become tests, each as the owner edited it; a row's problems are named after its fields.
import { expect, test } from 'vitest'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { SuggestionsFormSchema, suggestionsFormValues, TestFormSchema } from './test-schema.ts'

const post = (rows: Array<{ pick?: boolean; question: string; expected?: string; cite?: string }>) => {
	const form = new FormData()
	rows.forEach((row, i) => {
		if (row.pick !== false) form.append('pick', String(i))
		form.set(`question-${i}`, row.question)
		form.set(`expected-${i}`, row.expected ?? '')
		form.set(`cite-${i}`, row.cite ?? '')
	})
	return SuggestionsFormSchema.safeParse(suggestionsFormValues(form))
}

test('the ticked suggestions become tests as edited; unticked ones are left out', () => {
	const parsed = post([
		{ question: 'How long is the  warranty?', expected: 'seven years | 7 years', cite: '/warranty' },
		{ pick: false, question: 'What is a widget?', expected: 'a thing' },
		{ question: 'Where is the workshop?', expected: '' },
	])
	expect(parsed.success && parsed.data).toEqual([
		{
			question: 'How long is the warranty?',
			expected: ['seven years', '7 years'],
			cite: '/warranty',
			mustDecline: false,
		},
		{ question: 'Where is the workshop?', expected: [], cite: null, mustDecline: false },
	])
})

test("a ticked row's problems go next to its own fields; an unticked row is not checked", () => {
	const parsed = post([
		{ question: 'Fine?', expected: 'yes' },
		{ question: '   ', expected: 'x' },
		{ pick: false, question: '', expected: 'x'.repeat(600) },
		{ question: 'Fine?', expected: 'again', cite: 'y'.repeat(501) },
	])
	expect(parsed.success).toBe(false)
	expect(fieldErrorsOf(parsed.error!)).toEqual({
		'question-1': 'Enter the question.',
		'cite-3': 'Keep the page or file under 500 characters.',
	})
	expect(fieldErrorsOf(post([{ question: 'A?' }, { question: 'A?' }]).error!)).toEqual({
		'question-1': 'Another selected suggestion has the same question.',
	})
})

test('nothing ticked is refused', () => {
	const parsed = post([{ pick: false, question: 'A?' }])
	expect(fieldErrorsOf(parsed.error!)).toEqual({ pick: 'Select at least one suggestion.' })
})

test('control characters in a test become spaces: an ESC sequence never reaches the regression e-mail or the log (attacker trial)', () => {
	const parsed = TestFormSchema.parse({
		question: 'When does the shop close \u001b[2J\u001b[31mFAKE\u0007?',
		expected: '6pm\u0000 | six\u001b',
		cite: '/hours\u0007',
		mustDecline: false,
	})
	expect(parsed).toEqual({
		question: 'When does the shop close [2J [31mFAKE ?',
		expected: ['6pm', 'six'],
		cite: '/hours',
		mustDecline: false,
	})
})

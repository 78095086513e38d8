import { expect, test } from 'vitest'
import { quotedSpans } from './quoted-spans.ts'

const excerpt =
	'We deliver across India in three to five working days. Orders above 999 rupees ship free. Gift wrap costs 49 rupees.'

test('the sentences an answer quotes are marked; the pieces put together are the excerpt', () => {
	const spans = quotedSpans(excerpt, 'Orders above **999 rupees** ship free [1].')
	expect(spans.map((span) => span.text).join('')).toBe(excerpt)
	expect(spans.filter((span) => span.quoted).map((span) => span.text.trim())).toEqual([
		'Orders above 999 rupees ship free.',
	])
})

test('a paraphrase, a short sentence or no answer marks nothing', () => {
	expect(quotedSpans(excerpt, 'Delivery is free over 999 rupees.').some((span) => span.quoted)).toBe(false)
	expect(quotedSpans('Yes. We do.', 'Yes. We do.').some((span) => span.quoted)).toBe(false)
	expect(quotedSpans(excerpt, '')).toEqual([{ text: excerpt, quoted: false }])
})

test('list items and lines are compared without their markers', () => {
	const list = 'Opening hours:\n- Monday to Friday from 9 am to 6 pm\n- Saturday from 10 am to 2 pm'
	const spans = quotedSpans(list, 'We are open Monday to Friday from 9 am to 6 pm.')
	expect(spans.filter((span) => span.quoted).map((span) => span.text.trim())).toEqual([
		'- Monday to Friday from 9 am to 6 pm',
	])
})

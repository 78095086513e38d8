import { expect, test } from 'vitest'
import { comparable, judge, regressionsOf } from './judge.ts'

const test_ = (over: Partial<Parameters<typeof judge>[0]> = {}) => ({
	expected: [],
	cite: null,
	mustDecline: false,
	...over,
})
const reply = (over: Partial<Parameters<typeof judge>[1]> = {}) => ({ text: '', answered: true, cited: [], ...over })

test('an expected phrase passes as whole words, whatever the case, punctuation or hyphens', () => {
	expect(comparable('Seven-YEAR warranty!')).toBe(' seven year warranty ')
	const warranty = test_({ expected: ['seven year', '7 years'] })
	expect(judge(warranty, reply({ text: 'Every widget has a seven-year warranty [1].' }))).toEqual({
		passed: true,
		reason: 'Contains “seven year”.',
	})
	expect(judge(warranty, reply({ text: 'It is covered for 7 years.' })).passed).toBe(true)
	// "seven years" holds "seven year" only as part of a word: no.
	expect(judge(test_({ expected: ['year'] }), reply({ text: 'Covered for seven years.' }))).toEqual({
		passed: false,
		reason: 'Does not contain “year”.',
	})
	expect(judge(warranty, reply({ text: 'A two-year warranty.' })).reason).toBe(
		'Does not contain “seven year” or “7 years”.',
	)
})

test('an "I don\'t know" fails a test that expects an answer, and passes one that must decline', () => {
	const dontKnow = reply({ text: "I'm sorry, I don't know.", answered: false })
	expect(judge(test_({ expected: ['48 hours'] }), dontKnow)).toEqual({
		passed: false,
		reason: 'Said it does not know.',
	})
	expect(judge(test_(), dontKnow).passed).toBe(false)
	expect(judge(test_({ mustDecline: true }), dontKnow)).toEqual({ passed: true, reason: 'Declined, as it should.' })
	expect(judge(test_({ mustDecline: true }), reply({ text: 'Our CEO is Asha.' }))).toEqual({
		passed: false,
		reason: 'Answered, but it should have declined.',
	})
	// With no words expected, any answer passes.
	expect(judge(test_(), reply({ text: 'We repair widgets.' }))).toEqual({ passed: true, reason: 'Answered.' })
})

test('a test that must cite a page passes only when a cited source is that page (part of its address or name)', () => {
	const cites = test_({ expected: ['48 hours'], cite: '/repairs' })
	const text = 'We repair widgets within 48 hours [1].'
	expect(judge(cites, reply({ text, cited: [{ url: 'http://shop.test/repairs', title: 'Repairs' }] }))).toEqual({
		passed: true,
		reason: 'Contains “48 hours”. Cites /repairs.',
	})
	expect(judge(cites, reply({ text, cited: [{ url: 'http://shop.test/warranty', title: 'Warranty' }] }))).toEqual({
		passed: false,
		reason: 'Contains “48 hours”. Does not cite /repairs.',
	})
	expect(
		judge(test_({ cite: 'price-list' }), reply({ text: 'Yes.', cited: [{ url: null, title: 'Price-List.pdf' }] }))
			.passed,
	).toBe(true)
})

test('a model failure fails the test with its reason', () => {
	expect(judge(test_(), reply({ text: 'Sorry.', failure: 'timed out' }))).toEqual({
		passed: false,
		reason: 'The model failed: timed out',
	})
})

test('regressions are the tests failing now that passed in the run before; new and still-failing tests are not', () => {
	const before = new Map([
		['a', true],
		['b', false],
		['c', true],
	])
	const now = [
		{ testId: 'a', passed: false },
		{ testId: 'b', passed: false },
		{ testId: 'c', passed: true },
		{ testId: 'new', passed: false },
	]
	expect([...regressionsOf(now, before)]).toEqual(['a'])
	expect(regressionsOf(now, new Map()).size).toBe(0)
})

import { expect, test } from 'vitest'
import { answerPieces, citedNumbers, passageHeader } from './citations.ts'
import { composeOfflineAnswer } from './offline-answer.ts'

test('an answer’s "[n]" become citations of the listed sources; invented numbers are dropped', () => {
	expect(answerPieces('It costs 4,999 rupees [2]. Delivery is free [1][7].', 2)).toEqual([
		{ text: 'It costs 4,999 rupees' },
		{ cite: 2 },
		{ text: '. Delivery is free' },
		{ cite: 1 },
		{ text: '.' },
	])
	expect(citedNumbers('A [2]. B [1]. C [2]. D [9].', 3)).toEqual([1, 2])
	expect(citedNumbers('No citations here.', 3)).toEqual([])
	// Without listed sources nothing is a citation.
	expect(answerPieces('See [1].', 0)).toEqual([{ text: 'See' }, { text: '.' }])
})

test('the offline model answers from numbered passages, cites the one it used, and finds a page by its title', () => {
	const knowledge = [
		`${passageHeader(1, 'Shipping')}\nWe ship across India in three to five days.`,
		`${passageHeader(2, 'Refund policy')}\nItems can come back within 30 days of delivery.`,
	].join('\n\n')
	expect(composeOfflineAnswer('What is your refund policy?', knowledge, 'IDK', undefined, { cite: true })).toBe(
		'Items can come back within 30 days of delivery. [2]',
	)
	for (const question of ['How fast do you ship?', 'How long does shipping take?'])
		expect(composeOfflineAnswer(question, knowledge, 'IDK')).toBe('We ship across India in three to five days.')
	expect(composeOfflineAnswer('Do you sell gift cards?', knowledge, 'IDK', undefined, { cite: true })).toBe('IDK')
	// A heading on its own line names the paragraph after it: it finds it, and is not glued into the quote.
	expect(
		composeOfflineAnswer(
			'How long does shipping take?',
			'Shipping\n\nWe ship across India in three to five working days.\n\nReturns\n\nItems can come back within 30 days.',
			'IDK',
		),
	).toBe('We ship across India in three to five working days.')
})

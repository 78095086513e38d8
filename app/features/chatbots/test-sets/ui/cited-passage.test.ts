import { expect, test } from 'vitest'
import { citedPassage, passageName } from './cited-passage.ts'

const typed = { title: null, url: null, score: 7.056, excerpt: 'Closures need 4096 bytes.' }
const page = { title: 'Repairs', url: 'http://shop.test/repairs', score: 0, excerpt: 'Within 48 hours.' }

test('a reply that declined cites no passage, even one it was given', () => {
	expect(citedPassage({ answered: false, passages: [page], cited: [] })).toBeNull()
	expect(citedPassage({ answered: true, passages: [page], cited: [] })).toBe(page)
	expect(citedPassage({ answered: true, passages: [typed, page], cited: [{ title: 'Repairs', url: page.url }] })).toBe(
		page,
	)
})

test('a passage of typed knowledge is named as such, not left blank', () => {
	expect(passageName(typed)).toBe('Typed knowledge')
	expect(passageName(page)).toBe('Repairs')
	expect(passageName({ title: null, url: 'http://shop.test/a' })).toBe('http://shop.test/a')
})

import { expect, test } from 'vitest'
import { isCrossSiteMutation } from './cross-site.ts'

test('safe methods always pass', () => {
	expect(isCrossSiteMutation({ method: 'GET', secFetchSite: 'cross-site' })).toBe(false)
})

test('a POST from another site is refused', () => {
	expect(isCrossSiteMutation({ method: 'POST', secFetchSite: 'cross-site' })).toBe(true)
	expect(isCrossSiteMutation({ method: 'POST', secFetchSite: 'same-site' })).toBe(true)
	expect(isCrossSiteMutation({ method: 'POST', origin: 'https://evil.example', host: 'site.example' })).toBe(true)
	expect(isCrossSiteMutation({ method: 'DELETE', origin: 'null', host: 'site.example' })).toBe(true)
})

test('same-origin POSTs and non-browser clients pass', () => {
	expect(isCrossSiteMutation({ method: 'POST', secFetchSite: 'same-origin' })).toBe(false)
	expect(isCrossSiteMutation({ method: 'POST', secFetchSite: 'none' })).toBe(false)
	expect(isCrossSiteMutation({ method: 'POST', origin: 'https://site.example', host: 'site.example' })).toBe(false)
	expect(isCrossSiteMutation({ method: 'POST' })).toBe(false)
})

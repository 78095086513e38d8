import { expect, test } from 'vitest'
import { isCrossSiteMutation } from './cross-site.ts'

const request = (method: string, headers: Record<string, string>) => ({
	method,
	protocol: 'http',
	get: (name: string) => headers[name.toLowerCase()],
})

test('safe methods always pass', () => {
	expect(isCrossSiteMutation(request('GET', { 'sec-fetch-site': 'cross-site' }))).toBe(false)
})

test('a POST from another site is refused', () => {
	expect(isCrossSiteMutation(request('POST', { 'sec-fetch-site': 'cross-site' }))).toBe(true)
	expect(isCrossSiteMutation(request('POST', { origin: 'https://evil.example', host: 'site.example' }))).toBe(true)
	expect(isCrossSiteMutation(request('POST', { origin: 'null', host: 'site.example' }))).toBe(true)
})

test('same-origin POSTs and non-browser clients pass', () => {
	expect(isCrossSiteMutation(request('POST', { 'sec-fetch-site': 'same-origin' }))).toBe(false)
	expect(isCrossSiteMutation(request('POST', { 'sec-fetch-site': 'none' }))).toBe(false)
	expect(isCrossSiteMutation(request('POST', { origin: 'https://site.example', host: 'site.example' }))).toBe(false)
	expect(isCrossSiteMutation(request('POST', {}))).toBe(false)
})

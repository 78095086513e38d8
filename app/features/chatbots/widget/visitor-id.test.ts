import { expect, test } from 'vitest'
import { currentVisitorId, VISITOR_KEY } from './visitor-id.ts'

function memoryStorage() {
	const kept = new Map<string, string>()
	return {
		getItem: (key: string) => kept.get(key) ?? null,
		setItem: (key: string, value: string) => void kept.set(key, value),
	}
}

test('the visitor id is made once and kept in the frame storage', () => {
	const storage = memoryStorage()
	const first = currentVisitorId(() => storage)
	expect(first).toMatch(/^[\w-]{8,64}$/)
	expect(storage.getItem(VISITOR_KEY)).toBe(first)
	expect(currentVisitorId(() => storage)).toBe(first)
})

test('with storage blocked the visitor still gets an id, the same one for the whole page', () => {
	const blocked = () => {
		throw new DOMException('The operation is insecure.', 'SecurityError')
	}
	const first = currentVisitorId(blocked)
	expect(first).toMatch(/^[\w-]{8,64}$/)
	expect(currentVisitorId(blocked)).toBe(first)
	// Storage that reads but refuses to write (a full or read-only store) is no different.
	const readOnly = {
		getItem: () => null,
		setItem: () => {
			throw new DOMException('Quota exceeded', 'QuotaExceededError')
		},
	}
	expect(currentVisitorId(() => readOnly)).toBe(first)
})

import { expect, test } from 'vitest'
import { formatDuration } from './format-duration.ts'

test('seconds, minutes and seconds, or hours, minutes and seconds', () => {
	expect(formatDuration(0)).toBe('0s')
	expect(formatDuration(45)).toBe('45s')
	expect(formatDuration(60)).toBe('1m 0s')
	expect(formatDuration(125)).toBe('2m 5s')
	expect(formatDuration(3600)).toBe('1h 0m 0s')
	expect(formatDuration(3723)).toBe('1h 2m 3s')
	expect(formatDuration(-5)).toBe('0s')
})

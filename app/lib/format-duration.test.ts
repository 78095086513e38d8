import { expect, test } from 'vitest'
import { formatDuration, formatTimeAgo } from './format-duration.ts'

test('seconds, minutes and seconds, or hours, minutes and seconds', () => {
	expect(formatDuration(0)).toBe('0s')
	expect(formatDuration(45)).toBe('45s')
	expect(formatDuration(60)).toBe('1m 0s')
	expect(formatDuration(125)).toBe('2m 5s')
	expect(formatDuration(3600)).toBe('1h 0m 0s')
	expect(formatDuration(3723)).toBe('1h 2m 3s')
	expect(formatDuration(-5)).toBe('0s')
})

test('formatTimeAgo says how long ago in words', () => {
	const now = new Date('2026-11-22T12:00:00Z')
	expect(formatTimeAgo(new Date('2026-11-22T11:59:30Z'), now)).toBe('just now')
	expect(formatTimeAgo(new Date('2026-11-22T11:55:00Z'), now)).toBe('5 minutes ago')
	expect(formatTimeAgo(new Date('2026-11-22T09:00:00Z'), now)).toBe('3 hours ago')
	expect(formatTimeAgo(new Date('2026-11-21T12:00:00Z'), now)).toBe('yesterday')
})

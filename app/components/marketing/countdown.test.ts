import { describe, expect, test } from 'vitest'
import { countdownTo, nextWorkshopStart } from './countdown.ts'

// Local-time dates: the countdown works in the visitor's time zone. 2026-11-21 is a Saturday.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s)

describe('nextWorkshopStart', () => {
	test('from a weekday, the coming Saturday at 19:00', () => {
		expect(nextWorkshopStart(at(2026, 11, 18, 10))).toEqual(at(2026, 11, 21, 19))
	})
	test('from a Friday night, the next day', () => {
		expect(nextWorkshopStart(at(2026, 11, 20, 23, 59, 59))).toEqual(at(2026, 11, 21, 19))
	})
	test('from a Sunday, six days ahead', () => {
		expect(nextWorkshopStart(at(2026, 11, 22, 9))).toEqual(at(2026, 11, 28, 19))
	})
	test('on a Saturday before 19:00, the following week (spec)', () => {
		expect(nextWorkshopStart(at(2026, 11, 21, 18, 30))).toEqual(at(2026, 11, 28, 19))
	})
	test('on a Saturday after 19:00, the following week', () => {
		expect(nextWorkshopStart(at(2026, 11, 21, 20, 15))).toEqual(at(2026, 11, 28, 19))
	})
	test('across a month and year boundary', () => {
		expect(nextWorkshopStart(at(2026, 12, 31, 12))).toEqual(at(2027, 1, 2, 19))
	})
})

describe('countdownTo', () => {
	test('splits the difference into days, hours, minutes and seconds', () => {
		expect(countdownTo(at(2026, 11, 21, 19), at(2026, 11, 18, 10, 15, 30))).toEqual({
			days: 3,
			hours: 8,
			minutes: 44,
			seconds: 30,
		})
	})
	test('never goes negative', () => {
		expect(countdownTo(at(2026, 11, 21, 19), at(2026, 11, 21, 19, 0, 1))).toEqual({
			days: 0,
			hours: 0,
			minutes: 0,
			seconds: 0,
		})
	})
})

import { describe, expect, test } from 'vitest'
import { countdownTo, nextWorkshop } from './countdown.ts'

// India time, whatever zone the test runs in. 2026-11-21 is a Saturday.
const ist = (date: string, time = '00:00:00') => new Date(`${date}T${time}+05:30`)

describe('nextWorkshop', () => {
	test('from a weekday, the coming Saturday at 19:00 IST', () => {
		expect(nextWorkshop(ist('2026-11-18', '10:00:00'))).toEqual({ start: ist('2026-11-21', '19:00:00'), live: false })
	})
	test('from a Friday night, the next day', () => {
		expect(nextWorkshop(ist('2026-11-20', '23:59:59')).start).toEqual(ist('2026-11-21', '19:00:00'))
	})
	test('on a Saturday before 19:00, the same evening', () => {
		expect(nextWorkshop(ist('2026-11-21', '18:30:00'))).toEqual({ start: ist('2026-11-21', '19:00:00'), live: false })
	})
	test('between 19:00 and 20:00 IST it is live', () => {
		expect(nextWorkshop(ist('2026-11-21', '19:00:00'))).toEqual({ start: ist('2026-11-21', '19:00:00'), live: true })
		expect(nextWorkshop(ist('2026-11-21', '19:59:59')).live).toBe(true)
	})
	test('once it has ended, the following week', () => {
		expect(nextWorkshop(ist('2026-11-21', '20:00:00'))).toEqual({ start: ist('2026-11-28', '19:00:00'), live: false })
	})
	test('from a Sunday, six days ahead', () => {
		expect(nextWorkshop(ist('2026-11-22', '09:00:00')).start).toEqual(ist('2026-11-28', '19:00:00'))
	})
	test('across a month and year boundary', () => {
		expect(nextWorkshop(ist('2026-12-31', '12:00:00')).start).toEqual(ist('2027-01-02', '19:00:00'))
	})
	test('a visitor in New York on Saturday morning (already evening in India) sees it live', () => {
		// 09:00 in New York (UTC-5) is 19:30 in India.
		expect(nextWorkshop(new Date('2026-11-21T09:00:00-05:00')).live).toBe(true)
	})
	test('a visitor in London late on Friday counts to Saturday 13:30 their time', () => {
		expect(nextWorkshop(new Date('2026-11-20T23:00:00Z')).start).toEqual(new Date('2026-11-21T13:30:00Z'))
	})
})

describe('countdownTo', () => {
	test('splits the difference into days, hours, minutes and seconds', () => {
		expect(countdownTo(ist('2026-11-21', '19:00:00'), ist('2026-11-18', '10:15:30'))).toEqual({
			days: 3,
			hours: 8,
			minutes: 44,
			seconds: 30,
		})
	})
	test('never goes negative', () => {
		expect(countdownTo(ist('2026-11-21', '19:00:00'), ist('2026-11-21', '19:00:01'))).toEqual({
			days: 0,
			hours: 0,
			minutes: 0,
			seconds: 0,
		})
	})
})

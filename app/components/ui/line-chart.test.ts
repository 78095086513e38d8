import { expect, test } from 'vitest'
import { sequenceTicks, timeAxisLabels } from './line-chart.tsx'

// 2026-11-24 22:39 UTC is 25 Nov, 4:09 am in India.
const at = Date.parse('2026-11-24T22:39:00Z') / 1000

test('marks minutes apart (test runs) read as times in the given zone, not one date repeated', () => {
	const labels = timeAxisLabels([at, at + 600, at + 1200], 'Asia/Kolkata')
	expect(labels).toEqual(['4:09 am', '4:19 am', '4:29 am'])
})

test('marks days apart read as dates in the given zone', () => {
	expect(timeAxisLabels([at, at + 86_400], 'Asia/Kolkata')).toEqual(['25 Nov', '26 Nov'])
	expect(timeAxisLabels([at, at + 86_400], 'UTC')).toEqual(['24 Nov', '25 Nov'])
})

/** No visible label the same as the one before it (a blank one repeats nothing). */
const noneRepeated = (labels: string[]) =>
	labels.every((label, i) => label === '' || labels.slice(0, i).findLast((before) => before !== '') !== label)

test('marks seconds apart (runs a minute or less apart) read with their seconds: no time repeated', () => {
	const splits = [at, at + 20, at + 40, at + 60, at + 80]
	const labels = timeAxisLabels(splits, 'Asia/Kolkata')
	expect(labels).toEqual(['4:09:00 am', '4:09:20 am', '4:09:40 am', '4:10:00 am', '4:10:20 am'])
	expect(noneRepeated(labels)).toBe(true)
	// Marks a second apart, too.
	expect(noneRepeated(timeAxisLabels([at, at + 1, at + 2, at + 3], 'UTC'))).toBe(true)
})

test('times over more than one day name the day where it changes', () => {
	// 25 Nov 4:09 am in India, every 8 hours: 12:09 pm, 8:09 pm, then 26 Nov 4:09 am.
	const splits = [at, at + 8 * 3600, at + 16 * 3600, at + 24 * 3600]
	const labels = timeAxisLabels(splits, 'Asia/Kolkata')
	expect(labels).toEqual(['25 Nov, 4:09 am', '12:09 pm', '8:09 pm', '26 Nov, 4:09 am'])
	expect(noneRepeated(labels)).toBe(true)
})

test('a sequence names its first and last point and at most the labels that fit, a whole number of points apart', () => {
	expect(sequenceTicks(0, 6)).toEqual([])
	expect(sequenceTicks(1, 6)).toEqual([1])
	expect(sequenceTicks(2, 6)).toEqual([1, 2])
	expect(sequenceTicks(6, 6)).toEqual([1, 2, 3, 4, 5, 6])
	expect(sequenceTicks(11, 6)).toEqual([1, 3, 5, 7, 9, 11])
	for (const count of [7, 12, 30, 50, 99]) {
		const ticks = sequenceTicks(count, 6)
		expect(ticks.length).toBeLessThanOrEqual(6)
		expect(ticks[0]).toBe(1)
		expect(ticks.at(-1)).toBe(count)
		expect(ticks.every((at, i) => i === 0 || at > ticks[i - 1])).toBe(true)
	}
	expect(sequenceTicks(30, 2)).toEqual([1, 30])
})

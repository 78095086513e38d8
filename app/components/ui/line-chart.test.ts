import { expect, test } from 'vitest'
import { timeAxisLabels } from './line-chart.tsx'

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

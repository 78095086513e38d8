import { expect, test } from 'vitest'
import { formatWhen } from './activity-format.server.ts'

test('a time on the activity and test pages names its zone (the owner’s, Asia/Kolkata by default)', () => {
	expect(formatWhen(new Date('2026-11-24T22:39:00Z'))).toBe('25 Nov, 4:09 am IST')
})

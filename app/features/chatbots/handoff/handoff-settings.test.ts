// Handoff settings: read over the defaults, checked in the owner's form, and opening hours (also
// past midnight) with when the team replies.
import { expect, test } from 'vitest'
import { handoffSettingsOf, HandoffSettingsSchema, isOpen, replyWhen, timeZoneName } from './handoff-settings.ts'

const at = (time: string) => new Date(`2026-11-24T${time}:00+05:30`)
const zone = 'Asia/Kolkata'

test('stored settings are read field by field; hours need both ends', () => {
	expect(handoffSettingsOf(null)).toEqual({ enabled: false, waitSeconds: 60, opensAt: '', closesAt: '' })
	expect(handoffSettingsOf({ enabled: true, waitSeconds: 2, opensAt: '09:00' })).toEqual({
		enabled: true,
		waitSeconds: 60,
		opensAt: '',
		closesAt: '',
	})
	expect(handoffSettingsOf({ enabled: true, waitSeconds: 5, opensAt: '09:00', closesAt: '18:00' })).toMatchObject({
		waitSeconds: 5,
		closesAt: '18:00',
	})
})

test('the form: a wait of 5 to 600 seconds, both times or neither', () => {
	expect(HandoffSettingsSchema.parse({ enabled: 'on', waitSeconds: '30' })).toEqual({
		enabled: true,
		waitSeconds: 30,
		opensAt: '',
		closesAt: '',
	})
	expect(HandoffSettingsSchema.safeParse({ waitSeconds: '4' }).success).toBe(false)
	expect(HandoffSettingsSchema.safeParse({ waitSeconds: '601' }).success).toBe(false)
	const half = HandoffSettingsSchema.safeParse({ waitSeconds: '60', opensAt: '09:00' })
	expect(half.error?.issues[0]).toMatchObject({
		path: ['closesAt'],
		message: 'Give both times, or neither for no opening hours.',
	})
	expect(HandoffSettingsSchema.safeParse({ waitSeconds: '60', opensAt: '9am', closesAt: '18:00' }).success).toBe(false)
})

test('open hours, hours past midnight, and when the team replies', () => {
	const hours = { opensAt: '09:00', closesAt: '18:00' }
	expect(isOpen(hours, at('08:59'), zone)).toBe(false)
	expect(isOpen(hours, at('09:00'), zone)).toBe(true)
	expect(isOpen(hours, at('17:59'), zone)).toBe(true)
	expect(isOpen(hours, at('18:00'), zone)).toBe(false)
	expect(isOpen({ opensAt: '22:00', closesAt: '06:00' }, at('23:30'), zone)).toBe(true)
	expect(isOpen({ opensAt: '22:00', closesAt: '06:00' }, at('12:00'), zone)).toBe(false)
	expect(isOpen({ opensAt: '', closesAt: '' }, at('03:00'), zone)).toBe(true)
	expect(replyWhen(hours, at('07:00'), zone)).toBe('today from 9:00 am IST')
	expect(replyWhen(hours, at('12:00'), zone)).toBe('today, before 6:00 pm IST')
	expect(replyWhen(hours, at('19:00'), zone)).toBe('tomorrow from 9:00 am IST')
	expect(replyWhen({ opensAt: '', closesAt: '' }, at('19:00'), zone)).toBe('as soon as we can')
})

test('the opening hours name their time zone in words and letters', () => {
	expect(timeZoneName('Asia/Kolkata', at('10:00'))).toBe('India Standard Time (IST)')
	expect(timeZoneName('UTC', at('10:00'))).toBe('Coordinated Universal Time (UTC)')
})

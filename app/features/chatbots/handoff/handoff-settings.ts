// A chatbot's handoff settings: whether its visitors can ask for a person, how long one waits before
// the widget offers the lead form instead, and the team's opening hours (optional: every day from
// one time to another, in the owner's time zone). One schema for the owner's form, in the browser
// and on the server; pure, so the embed page and its tests read them too.
// docs/decisions/0061-live-handoff-over-listen-notify.md
import { z } from 'zod'

export type HandoffSettings = {
	enabled: boolean
	/** How long a visitor waits for a person before the lead form is offered. */
	waitSeconds: number
	/** Opening hours, "HH:MM" each, or both empty for "whenever someone is watching". */
	opensAt: string
	closesAt: string
}

export const HANDOFF_WAIT = { min: 5, max: 600, default: 60 } as const

const DEFAULT_HANDOFF: HandoffSettings = {
	enabled: false,
	waitSeconds: HANDOFF_WAIT.default,
	opensAt: '',
	closesAt: '',
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/

const StoredHandoffSchema = z
	.object({
		enabled: z.boolean(),
		waitSeconds: z.number().int().min(HANDOFF_WAIT.min).max(HANDOFF_WAIT.max),
		opensAt: z.union([z.literal(''), z.string().regex(TIME)]),
		closesAt: z.union([z.literal(''), z.string().regex(TIME)]),
	})
	.partial()

/** The stored settings (any shape: older rows, hand edits) read field by field over the defaults. */
export function handoffSettingsOf(stored: unknown): HandoffSettings {
	const settings = { ...DEFAULT_HANDOFF }
	if (!stored || typeof stored !== 'object') return settings
	for (const [key, schema] of Object.entries(StoredHandoffSchema.shape)) {
		const parsed = schema.safeParse((stored as Record<string, unknown>)[key])
		if (parsed.success && parsed.data !== undefined) Object.assign(settings, { [key]: parsed.data })
	}
	// Hours need both ends.
	if (!settings.opensAt || !settings.closesAt) Object.assign(settings, { opensAt: '', closesAt: '' })
	return settings
}

const time = (label: string) =>
	z
		.string()
		.trim()
		.default('')
		.refine((value) => value === '' || TIME.test(value), `Enter the time ${label} as HH:MM, for example 09:00.`)

/** The owner's form (Conversations → Talk to a person). */
export const HandoffSettingsSchema = z
	.object({
		enabled: z
			.string()
			.optional()
			.transform((value) => value === 'on' || value === 'true'),
		waitSeconds: z.coerce
			.number('Enter a number of seconds.')
			.int('Enter a whole number of seconds.')
			.min(HANDOFF_WAIT.min, `Wait ${HANDOFF_WAIT.min} to ${HANDOFF_WAIT.max} seconds.`)
			.max(HANDOFF_WAIT.max, `Wait ${HANDOFF_WAIT.min} to ${HANDOFF_WAIT.max} seconds.`)
			.default(HANDOFF_WAIT.default),
		opensAt: time('you open'),
		closesAt: time('you close'),
	})
	.superRefine((form, context) => {
		if (Boolean(form.opensAt) !== Boolean(form.closesAt))
			context.addIssue({
				code: 'custom',
				path: [form.opensAt ? 'closesAt' : 'opensAt'],
				message: 'Give both times, or neither for no opening hours.',
			})
		else if (form.opensAt && form.opensAt === form.closesAt)
			context.addIssue({ code: 'custom', path: ['closesAt'], message: 'Closing time must differ from opening time.' })
	})
export type HandoffSettingsForm = z.infer<typeof HandoffSettingsSchema>

/** Minutes since midnight of an "HH:MM". */
const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5))

/** The wall-clock minute of the day at `now` in `timeZone`. */
function minuteOfDay(now: Date, timeZone: string) {
	const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
		.formatToParts(now)
		.reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
	return Number(parts.hour) * 60 + Number(parts.minute)
}

/** Whether the team is open at `now` (always, without hours). Hours past midnight ("22:00" to "06:00") work. */
export function isOpen(settings: Pick<HandoffSettings, 'opensAt' | 'closesAt'>, now: Date, timeZone: string) {
	if (!settings.opensAt || !settings.closesAt) return true
	const minute = minuteOfDay(now, timeZone)
	const [opens, closes] = [minutesOf(settings.opensAt), minutesOf(settings.closesAt)]
	return opens < closes ? minute >= opens && minute < closes : minute >= opens || minute < closes
}

/** "9:00 am" from "09:00". */
function clockTime(value: string) {
	const minutes = minutesOf(value)
	const hour = Math.floor(minutes / 60)
	const minute = String(minutes % 60).padStart(2, '0')
	return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'am' : 'pm'}`
}

/** When the team will reply without opening hours set: no time is promised. */
const NO_HOURS_REPLY = 'as soon as we can'

/** When the team will reply, for the visitor who gets the lead form instead of a person. */
export function replyWhen(settings: Pick<HandoffSettings, 'opensAt' | 'closesAt'>, now: Date, timeZone: string) {
	// No hours set: no time to name, and "as soon as someone is free" read as if someone soon would
	// be (trial). This promises only a reply, which the lead form and the owner's e-mail make true (ADR 0072).
	if (!settings.opensAt || !settings.closesAt) return NO_HOURS_REPLY
	// The team's clock, named: a visitor elsewhere reads "9:00 am" as their own (first-time user's trial).
	const zone = zoneAbbreviation(timeZone, now)
	if (isOpen(settings, now, timeZone)) return `today, before ${clockTime(settings.closesAt)} ${zone}`
	const opensLaterToday = minuteOfDay(now, timeZone) < minutesOf(settings.opensAt)
	return `${opensLaterToday ? 'today' : 'tomorrow'} from ${clockTime(settings.opensAt)} ${zone}`
}

/** The zone's short name at `at`: "IST" for India's. */
const zoneAbbreviation = (timeZone: string, at: Date) =>
	new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
		.formatToParts(at)
		.find((part) => part.type === 'timeZoneName')?.value ?? timeZone

export function handoffFormValues(settings: HandoffSettings) {
	return {
		enabled: settings.enabled ? 'on' : '',
		waitSeconds: String(settings.waitSeconds),
		opensAt: settings.opensAt,
		closesAt: settings.closesAt,
	}
}

/**
 * The team's time zone as the settings name it, "India Standard Time (IST)": opening hours are read
 * in it (the server's DASHBOARD_TIME_ZONE), whatever the owner's browser's zone is.
 */
export function timeZoneName(timeZone: string, at: Date) {
	const long =
		new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' })
			.formatToParts(at)
			.find((p) => p.type === 'timeZoneName')?.value ?? timeZone
	const short = zoneAbbreviation(timeZone, at)
	return long === short ? long : `${long} (${short})`
}

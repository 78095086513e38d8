// The workshop countdown. The card says "Saturday, 7-8 PM IST", so the countdown runs to the next
// Saturday 19:00 India time that has not ended, whatever the visitor's time zone, and shows the
// workshop as live between 19:00 and 20:00 IST. The spec's "next Saturday 19:00 local time, the
// following week on a Saturday" disagreed with the card for visitors abroad and showed about seven
// days on a Saturday morning: docs/decisions/0020-public-site-polish.md records the change.
const WORKSHOP_DAY = 6 // Saturday, as Date#getUTCDay() counts
const WORKSHOP_HOUR = 19
const WORKSHOP_MINUTES = 60
/** India Standard Time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MINUTES = 330
const MINUTE = 60_000

export type Countdown = { days: number; hours: number; minutes: number; seconds: number }

export type WorkshopTime = {
	/** When the next (or current) workshop starts. */
	start: Date
	/** True between its start and its end. */
	live: boolean
}

/** The workshop that is on now, or else the next one. */
export function nextWorkshop(now: Date): WorkshopTime {
	const india = new Date(now.getTime() + IST_OFFSET_MINUTES * MINUTE)
	const daysAhead = (WORKSHOP_DAY - india.getUTCDay() + 7) % 7
	const startThisWeek =
		Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() + daysAhead, WORKSHOP_HOUR) -
		IST_OFFSET_MINUTES * MINUTE
	const ended = now.getTime() >= startThisWeek + WORKSHOP_MINUTES * MINUTE
	const start = ended ? startThisWeek + 7 * 24 * 60 * MINUTE : startThisWeek
	return { start: new Date(start), live: now.getTime() >= start }
}

export function countdownTo(target: Date, now: Date): Countdown {
	const totalSeconds = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000))
	return {
		days: Math.floor(totalSeconds / 86_400),
		hours: Math.floor((totalSeconds % 86_400) / 3_600),
		minutes: Math.floor((totalSeconds % 3_600) / 60),
		seconds: totalSeconds % 60,
	}
}

// The workshop countdown (spec: next Saturday 19:00 local time; on a Saturday, the following week).
const WORKSHOP_DAY = 6 // Saturday, as Date#getDay() counts
const WORKSHOP_HOUR = 19

export type Countdown = { days: number; hours: number; minutes: number; seconds: number }

export function nextWorkshopStart(now: Date): Date {
	let daysAhead = (WORKSHOP_DAY - now.getDay() + 7) % 7
	if (daysAhead === 0) daysAhead = 7
	return new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead, WORKSHOP_HOUR, 0, 0, 0)
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

// Dates on the activity pages, formatted on the server in the owner's time zone (the dashboard's),
// so the page reads the same with and without JavaScript and hydrates without a mismatch.
import { getEnv } from '~/lib/env.server.ts'

export function activityTimeZone() {
	return getEnv().DASHBOARD_TIME_ZONE
}

/** "22 Nov, 6:05 pm IST" in the owner's time zone, named: the browser's own zone may differ. */
export function formatWhen(date: Date) {
	return new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		hour: 'numeric',
		minute: '2-digit',
		timeZoneName: 'short',
		timeZone: activityTimeZone(),
	}).format(date)
}

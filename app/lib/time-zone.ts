// The zone the server writes times in (DASHBOARD_TIME_ZONE, the owner's), for what the browser draws
// itself (a chart's axis), so one page never reads in two zones.
import { useRouteLoaderData } from 'react-router'

export function useSiteTimeZone(): string {
	const root = useRouteLoaderData('root') as { timeZone?: string } | undefined
	return root?.timeZone ?? 'UTC'
}

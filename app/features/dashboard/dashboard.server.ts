// The administrator's conversation dashboard: stats over every call log and the 50 most recent.
import { prisma } from '~/lib/db.server.ts'
import { formatDuration } from './format-duration.ts'

const RECENT_CONVERSATIONS = 50

export type DashboardStats = { total: number; active: number; avgDuration: number; completedToday: number }

export async function getDashboardStats(timeZone: string): Promise<DashboardStats> {
	const [row] = await prisma.$queryRaw<
		Array<{ total: number; active: number; avg_duration: number; completed_today: number }>
	>`
		SELECT
			count(*)::int AS total,
			count(*) FILTER (WHERE call_status = 'in-progress')::int AS active,
			COALESCE(round(avg(call_duration)), 0)::int AS avg_duration,
			count(*) FILTER (
				WHERE call_status = 'completed'
				AND (created_at AT TIME ZONE ${timeZone})::date = (now() AT TIME ZONE ${timeZone})::date
			)::int AS completed_today
		FROM call_logs`
	return { total: row.total, active: row.active, avgDuration: row.avg_duration, completedToday: row.completed_today }
}

export async function getRecentConversations(timeZone: string) {
	const rows = await prisma.callLog.findMany({ orderBy: { createdAt: 'desc' }, take: RECENT_CONVERSATIONS })
	const format = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone })
	return rows.map((row) => ({
		id: row.id,
		customerName: row.customerName?.trim() || 'Anonymous',
		customerPhone: row.customerPhone,
		customerEmail: row.customerEmail,
		status: row.callStatus,
		duration: formatDuration(row.callDuration),
		createdAt: row.createdAt.toISOString(),
		createdAtLabel: format.format(row.createdAt),
		transcript: row.transcript,
		inquiryDetails: row.inquiryDetails,
	}))
}

export async function deleteConversation(id: string) {
	const { count } = await prisma.callLog.deleteMany({ where: { id } })
	return count > 0
}

// Conversations and questions per day as a small line chart (app/components/ui/line-chart.tsx). The
// same numbers are in the table beside it, which is what screen readers and pages without JavaScript get.
import { useMemo } from 'react'
import { LineChart } from '~/components/ui/line-chart.tsx'
import type { DailyActivity } from '~/features/chatbots/conversations/insights.server.ts'

export function ActivityChart({ days, label }: { days: DailyActivity[]; label: string }) {
	const x = useMemo(() => days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000), [days])
	const series = useMemo(
		() => [
			{ label: 'Conversations', values: days.map((day) => day.conversations) },
			{ label: 'Questions', values: days.map((day) => day.messages), dashed: true },
		],
		[days],
	)
	return <LineChart x={x} series={series} label={label} testId="activity-chart" />
}

// Conversations and questions per day as a small line chart (uPlot, loaded only on this page and
// only in the browser; docs/decisions/0019-conversation-logs.md says why uPlot). The same numbers are
// in the table beside it, which is what screen readers and pages without JavaScript get.
import { useEffect, useRef } from 'react'
import type { DailyActivity } from '~/features/chatbots/conversations/insights.server.ts'

export function ActivityChart({ days, label }: { days: DailyActivity[]; label: string }) {
	const box = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const element = box.current
		if (!element) return
		let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null
		let cancelled = false
		const styles = getComputedStyle(element)
		const brand = styles.getPropertyValue('--color-brand-600').trim() || '#4f46e5'
		const second = '#0d9488'
		void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
			if (cancelled) return
			const x = days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000)
			chart = new UPlot(
				{
					width: element.clientWidth,
					height: 220,
					cursor: { drag: { x: false, y: false } },
					legend: { live: false },
					axes: [
						// "26 Oct", as dates are written in India (uPlot's default is "10/26").
						{
							stroke: '#64748b',
							values: (_chart, splits) =>
								splits.map((at) =>
									new Date(at * 1000).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
								),
						},
						{ stroke: '#64748b', grid: { stroke: '#e2e8f0' } },
					],
					scales: { y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
					series: [
						{},
						{ label: 'Conversations', stroke: brand, width: 2, fill: `${brand}1a` },
						{ label: 'Questions', stroke: second, width: 2, dash: [6, 4] },
					],
				},
				[x, days.map((day) => day.conversations), days.map((day) => day.messages)],
				element,
			)
		})
		const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 220 }))
		resize.observe(element)
		return () => {
			cancelled = true
			resize.disconnect()
			chart?.destroy()
		}
	}, [days])
	return <div ref={box} role="img" aria-label={label} className="min-h-[254px] w-full" data-testid="activity-chart" />
}

// A small line chart by day or by run (uPlot, loaded only on the pages that show one and only in the
// browser; docs/decisions/0019-conversation-logs.md says why uPlot). Its numbers are always in a
// table beside it too, which is what screen readers and pages without JavaScript get.
import { useEffect, useRef } from 'react'

export type LineSeries = { label: string; values: Array<number | null>; color?: string; dashed?: boolean }

export function LineChart({
	x,
	series,
	label,
	yMax,
	yUnit = '',
	timeZone = 'UTC',
	testId,
}: {
	/** Unix seconds of each point. */
	x: number[]
	series: LineSeries[]
	label: string
	/** A fixed top of the scale (100 for a percentage); else a little above the highest value. */
	yMax?: number
	/** Written after each value on the scale ("%"). */
	yUnit?: string
	/** The zone the points' times are read in: the page's other times (the owner's), or UTC for whole days. */
	timeZone?: string
	testId?: string
}) {
	const box = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const element = box.current
		if (!element) return
		let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null
		let cancelled = false
		const styles = getComputedStyle(element)
		const brand = styles.getPropertyValue('--color-brand-600').trim() || '#4f46e5'
		void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
			if (cancelled) return
			chart = new UPlot(
				{
					width: element.clientWidth,
					height: 220,
					cursor: { drag: { x: false, y: false } },
					legend: { live: false },
					axes: [
						// "26 Oct", as dates are written in India (uPlot's default is "10/26"); marks less than
						// a day apart (runs minutes apart) by their time, "4:09 pm".
						{ stroke: '#64748b', values: (_chart, splits) => timeAxisLabels(splits, timeZone) },
						{
							stroke: '#64748b',
							grid: { stroke: '#e2e8f0' },
							values: (_chart, splits) => splits.map((value) => `${value}${yUnit}`),
						},
					],
					scales: { y: { range: (_chart, _min, max) => [0, yMax ?? Math.max(4, Math.ceil(max * 1.15))] } },
					series: [
						{},
						...series.map((line, i) => {
							const stroke = line.color ?? (i === 0 ? brand : '#0d9488')
							return {
								label: line.label,
								stroke,
								width: 2,
								...(line.dashed ? { dash: [6, 4] } : { fill: `${stroke}1a` }),
							}
						}),
					],
				},
				[x, ...series.map((line) => line.values)],
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
	}, [x, series, yMax, yUnit, timeZone])
	return <div ref={box} role="img" aria-label={label} className="min-h-[254px] w-full" data-testid={testId} />
}

const DAY_SECONDS = 86_400

/**
 * Labels of a time axis's marks (Unix seconds) in `timeZone`: dates when marks are a day apart or
 * more; else times, with seconds when marks are less than a minute apart (runs seconds apart), and
 * the date beside the first time of each day when the marks span more than one. No label repeats the
 * one before it (first-time user's trial: "8:02 am" three times, for marks 30 seconds apart): were
 * two still alike, the second is left blank.
 */
export function timeAxisLabels(splits: number[], timeZone: string) {
	const step = splits.length > 1 ? Math.abs(splits[1] - splits[0]) : DAY_SECONDS
	const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone })
	const date = (at: number) => dateFormat.format(new Date(at * 1000))
	let labels: string[]
	if (step >= DAY_SECONDS) labels = splits.map(date)
	else {
		const timeFormat = new Intl.DateTimeFormat('en-IN', {
			hour: 'numeric',
			minute: '2-digit',
			...(step < 60 ? { second: '2-digit' } : {}),
			timeZone,
		})
		const days = splits.map(date)
		const manyDays = new Set(days).size > 1
		labels = splits.map((at, i) => {
			const time = timeFormat.format(new Date(at * 1000))
			return manyDays && (i === 0 || days[i] !== days[i - 1]) ? `${days[i]}, ${time}` : time
		})
	}
	return labels.map((label, i) => (i > 0 && label === labels[i - 1] ? '' : label))
}

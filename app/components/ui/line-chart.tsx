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
	points,
	pointsLabel = '',
	testId,
}: {
	/** Unix seconds of each point (ignored when `points` names them). */
	x: number[]
	series: LineSeries[]
	label: string
	/** A fixed top of the scale (100 for a percentage); else a little above the highest value. */
	yMax?: number
	/** Written after each value on the scale ("%"). */
	yUnit?: string
	/** The zone the points' times are read in: the page's other times (the owner's), or UTC for whole days. */
	timeZone?: string
	/**
	 * The points as a sequence (test runs): each its name ("Run 3", "25 Nov, 4:09 pm IST"), placed 1..N
	 * equally apart rather than by clock time (two runs seconds apart drew a flat band), a few of
	 * them named on the axis and each one in the legend as the cursor passes.
	 */
	points?: Array<{ tick: string; label: string }>
	/** What the legend calls a point of the sequence ("When"). */
	pointsLabel?: string
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
			const boxes: Array<{ left: number; right: number; label: string }> = []
			const xAxis = points
				? {
						stroke: '#64748b',
						font: AXIS_FONT,
						splits: (u: { width: number }) => sequenceTicks(points.length, maxLabelsFor(u.width)),
						values: (_chart: unknown, splits: number[]) => splits.map((at) => points[at - 1]?.tick ?? ''),
					}
				: // "26 Oct", as dates are written in India (uPlot's default is "10/26"); marks less than
					// a day apart (runs minutes apart) by their time, "4:09 pm".
					{
						stroke: '#64748b',
						font: AXIS_FONT,
						values: (_chart: unknown, splits: number[]) => timeAxisLabels(splits, timeZone),
					}
			chart = new UPlot(
				{
					width: element.clientWidth,
					height: 220,
					cursor: { drag: { x: false, y: false } },
					legend: { live: Boolean(points) },
					axes: [
						xAxis,
						{
							stroke: '#64748b',
							grid: { stroke: '#e2e8f0' },
							values: (_chart, splits) => splits.map((value) => `${value}${yUnit}`),
						},
					],
					scales: {
						...(points ? { x: { time: false, range: [1, Math.max(2, points.length)] as [number, number] } } : {}),
						y: { range: (_chart, _min, max) => [0, yMax ?? Math.max(4, Math.ceil(max * 1.15))] },
					},
					hooks: {
						// Where each axis label was drawn, for the e2e check that none overlaps another.
						draw: [
							(u) => {
								boxes.length = 0
								const context = document.createElement('canvas').getContext('2d')
								if (!context) return
								context.font = AXIS_FONT
								const splits = points ? sequenceTicks(points.length, maxLabelsFor(u.width)) : []
								for (const at of splits) {
									const label = points?.[at - 1]?.tick ?? ''
									const centre = u.valToPos(at, 'x')
									const half = context.measureText(label).width / 2
									boxes.push({ left: centre - half, right: centre + half, label })
								}
								element.dataset.xLabels = JSON.stringify(boxes)
							},
						],
					},
					series: [
						points
							? {
									label: pointsLabel,
									value: (_chart: unknown, at: number | null) => (at ? (points[at - 1]?.label ?? '') : ''),
								}
							: {},
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
				[points ? points.map((_point, i) => i + 1) : x, ...series.map((line) => line.values)],
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
	}, [x, series, yMax, yUnit, timeZone, points, pointsLabel])
	return <div ref={box} role="img" aria-label={label} className="min-h-[254px] w-full" data-testid={testId} />
}

const DAY_SECONDS = 86_400
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
/** Room each axis label takes, with space around it ("25 Nov, 11:16 am IST" at 12 px fits). */
const LABEL_PIXELS = 150
/** At most this many labels on a sequence's axis, however wide the chart. */
const MAX_SEQUENCE_LABELS = 6

/** How many labels fit a chart `width` pixels wide: at least two, at most MAX_SEQUENCE_LABELS. */
const maxLabelsFor = (width: number) => Math.max(2, Math.min(MAX_SEQUENCE_LABELS, Math.floor(width / LABEL_PIXELS)))

/**
 * The points (1..count) a sequence's axis names: the first and the last, and between them others a
 * whole number of points apart, at most `maxLabels` in all, so no label overlaps the next
 * (first-time user's trial: "11:16:50 am11:17:00 am…" at 1440 pixels).
 */
export function sequenceTicks(count: number, maxLabels: number) {
	if (count <= 0) return []
	if (count === 1) return [1]
	const step = Math.ceil((count - 1) / Math.max(1, maxLabels - 1))
	const ticks: number[] = []
	for (let at = 1; at <= count; at += step) ticks.push(at)
	// The last run is always named; the mark before it goes if it would sit closer than a step.
	if (ticks.at(-1) !== count) {
		if (count - (ticks.at(-1) ?? 1) < step && ticks.length >= maxLabels) ticks.pop()
		ticks.push(count)
	}
	return ticks
}

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

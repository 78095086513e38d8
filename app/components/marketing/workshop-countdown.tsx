import { useEffect, useState } from 'react'
import { countdownTo, nextWorkshop, type Countdown } from './countdown.ts'

const units: Array<{ key: keyof Countdown; label: string }> = [
	{ key: 'days', label: 'Days' },
	{ key: 'hours', label: 'Hours' },
	{ key: 'minutes', label: 'Minutes' },
	{ key: 'seconds', label: 'Seconds' },
]

/** Ticks every second toward the next Saturday 19:00 India time; says so while the workshop is on. */
export function WorkshopCountdown({ label, liveLabel }: { label: string; liveLabel: string }) {
	// The page cache serves the same HTML for minutes, so the numbers appear once the page runs.
	const [remaining, setRemaining] = useState<Countdown | null>(null)
	const [live, setLive] = useState(false)
	useEffect(() => {
		const tick = () => {
			const now = new Date()
			const workshop = nextWorkshop(now)
			setRemaining(countdownTo(workshop.start, now))
			setLive(workshop.live)
		}
		tick()
		const timer = window.setInterval(tick, 1000)
		return () => window.clearInterval(timer)
	}, [])

	return (
		<div role="timer" aria-label={label} aria-live="off">
			{live ? (
				<p className="flex items-center gap-2 text-sm font-semibold text-white" data-testid="workshop-live">
					<span aria-hidden className="relative flex size-2.5">
						<span className="absolute inline-flex size-full rounded-full bg-emerald-300 opacity-75 motion-safe:animate-ping" />
						<span className="relative inline-flex size-2.5 rounded-full bg-emerald-400" />
					</span>
					{liveLabel}
				</p>
			) : (
				<p className="text-brand-100 text-sm font-medium">{label}</p>
			)}
			<dl className="mt-3 grid grid-cols-4 gap-2 sm:gap-3">
				{units.map(({ key, label: unitLabel }) => (
					<div
						key={key}
						className="flex flex-col-reverse rounded-xl bg-white/10 px-2 py-3 text-center ring-1 ring-white/15"
					>
						<dt className="text-brand-100 mt-1 text-[0.6875rem] font-medium tracking-wide uppercase">{unitLabel}</dt>
						<dd
							className="font-display text-2xl font-bold text-white tabular-nums sm:text-3xl"
							data-testid={`countdown-${key}`}
						>
							{remaining ? String(remaining[key]).padStart(2, '0') : '--'}
						</dd>
					</div>
				))}
			</dl>
		</div>
	)
}

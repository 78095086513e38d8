/** Call durations as the spec shows them: "45s", "2m 5s", "1h 2m 3s". */
export function formatDuration(totalSeconds: number) {
	const seconds = Math.max(0, Math.round(totalSeconds))
	const h = Math.floor(seconds / 3600)
	const m = Math.floor((seconds % 3600) / 60)
	const s = seconds % 60
	if (h > 0) return `${h}h ${m}m ${s}s`
	if (m > 0) return `${m}m ${s}s`
	return `${s}s`
}

/** How long ago (or from now) a moment is, in words: "5 minutes ago", "yesterday", "just now". */
export function formatTimeAgo(moment: Date, now = new Date()) {
	const seconds = Math.round((moment.getTime() - now.getTime()) / 1000)
	const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
	const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
		['day', 86_400],
		['hour', 3_600],
		['minute', 60],
	]
	for (const [unit, size] of steps)
		if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
	return 'just now'
}

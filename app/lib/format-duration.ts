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

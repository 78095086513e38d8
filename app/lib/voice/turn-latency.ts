// A call's turns with their latency (issue 32) and the call's median for each step, for the
// administrator's dashboard and the owner's Calls section alike. The figures are stored per turn in
// voice_messages.timings (the shape is app/features/voice/turn-timings.ts; it is parsed here rather
// than imported, since app/lib does not import features).
import { z } from 'zod'
import { heardByOf, type HeardBy } from './heard-by.ts'

const figure = z.number().finite().nonnegative().nullable().catch(null)

/** Stored timings, read leniently: a missing or malformed figure is a step that did not happen. */
const StoredTimingsSchema = z
	.object({ transcriptMs: figure, firstTokenMs: figure, firstAudioMs: figure, serverMs: figure })
	.partial()

export const LATENCY_STEPS = [
	{ key: 'transcriptMs', label: 'Transcript' },
	{ key: 'firstTokenMs', label: 'First word' },
	{ key: 'firstAudioMs', label: 'First audio' },
	{ key: 'serverMs', label: 'Server' },
] as const

type LatencyStep = (typeof LATENCY_STEPS)[number]['key']
export type LatencyFigures = Record<LatencyStep, number | null>
/**
 * Where a turn's figures count from: the end of the caller's speech for a turn heard by the server's
 * speech-to-text or the browser's recognizer, the moment it was sent for one that was typed.
 */
type LatencyFrom = 'speech' | 'sent'
type LatencyTurn = { heard: string; reply: string; timings: LatencyFigures; from: LatencyFrom; heardBy: HeardBy }
type StoredTurn = { heard: string; reply: string; timings: unknown; heardBy?: string }

/** The median of the figures, nulls skipped; the mean of the middle two for an even count; null for none. */
export function median(values: ReadonlyArray<number | null | undefined>): number | null {
	const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b)
	if (sorted.length === 0) return null
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2)
}

/** One stored timings value as figures; null when the turn was never measured. */
export function parseTimings(stored: unknown): LatencyFigures | null {
	if (stored === null || typeof stored !== 'object') return null
	const parsed = StoredTimingsSchema.safeParse(stored)
	if (!parsed.success) return null
	return {
		transcriptMs: parsed.data.transcriptMs ?? null,
		firstTokenMs: parsed.data.firstTokenMs ?? null,
		firstAudioMs: parsed.data.firstAudioMs ?? null,
		serverMs: parsed.data.serverMs ?? null,
	}
}

/**
 * A call's measured turns and its median per step (over the turns that have that step); null when
 * no turn was measured, so nothing is shown. `headline` is the median first audio, or first word
 * for a call with no audio: what the caller waited for.
 */
export function summarizeLatency(rows: ReadonlyArray<StoredTurn>) {
	const turns: LatencyTurn[] = rows.flatMap((row) => {
		const timings = parseTimings(row.timings)
		const heardBy = heardByOf(row.heardBy)
		const from: LatencyFrom = heardBy === 'typed' ? 'sent' : 'speech'
		return timings ? [{ heard: row.heard, reply: row.reply, timings, from, heardBy }] : []
	})
	if (turns.length === 0) return null
	const medians = Object.fromEntries(
		LATENCY_STEPS.map(({ key }) => [key, median(turns.map((turn) => turn.timings[key]))]),
	) as LatencyFigures
	const headline =
		medians.firstAudioMs !== null
			? { label: 'First audio', ms: medians.firstAudioMs }
			: medians.firstTokenMs !== null
				? { label: 'First word', ms: medians.firstTokenMs }
				: null
	return { turns, medians, headline }
}

export type CallLatency = NonNullable<ReturnType<typeof summarizeLatency>>

/** A figure for people: "840 ms", "1.2 s"; an em dash for a step that did not happen. */
export function formatMs(ms: number | null) {
	if (ms === null) return '—'
	return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

// When the caller's turn is over, and when they are talking over the assistant (ADR 0052).
// The pause after speech that ends a turn is the voice activity detector's "redemption" time: a
// pause shorter than it is part of the sentence, a longer one hands the turn to the assistant.

/** The default pause that ends a turn: long enough for a breath between clauses, short enough to feel quick. */
export const END_OF_TURN_DEFAULT_MS = 700
export const END_OF_TURN_MIN_MS = 300
export const END_OF_TURN_MAX_MS = 2000
/** Speech shorter than this is a cough or a click, not a turn (and not a barge-in either). */
const MIN_SPEECH_MS = 250

/** A pause setting from a slider, a stored preference or a query string: a whole number of ms within the bounds. */
export function endOfTurnPause(value: unknown): number {
	const ms = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN
	if (!Number.isFinite(ms)) return END_OF_TURN_DEFAULT_MS
	return Math.round(Math.min(END_OF_TURN_MAX_MS, Math.max(END_OF_TURN_MIN_MS, ms)) / 50) * 50
}

/** The voice activity detector's frame settings for a pause (Silero v5 frames are 32 ms). */
export function vadFrameOptions(pauseMs: number) {
	return {
		positiveSpeechThreshold: 0.5,
		negativeSpeechThreshold: 0.35,
		redemptionMs: endOfTurnPause(pauseMs),
		preSpeechPadMs: 300,
		minSpeechMs: MIN_SPEECH_MS,
	}
}

export type TurnPhase = 'idle' | 'listening' | 'hearing' | 'thinking' | 'speaking'

/** What the engine does when the detector hears speech begin, by what it was doing. */
export function onSpeechStart(phase: TurnPhase): { next: TurnPhase; bargeIn: boolean } {
	// The caller talks over the assistant, or over a reply still being written: stop it and listen.
	if (phase === 'speaking' || phase === 'thinking') return { next: 'hearing', bargeIn: true }
	if (phase === 'listening') return { next: 'hearing', bargeIn: false }
	return { next: phase, bargeIn: false }
}

/** Whether an utterance that ended is sent as the caller's turn. */
export function isTurn(samples: number, sampleRate = 16_000) {
	return (samples / sampleRate) * 1000 >= MIN_SPEECH_MS
}

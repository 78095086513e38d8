// One voice turn's latency (issue 32), stored in voice_messages.timings and shown live in the test
// dialog and on the dashboard. Every figure counts milliseconds from the end of the caller's speech
// (the moment end-of-turn was detected, or the typed message was sent), so the steps add up the way
// a caller hears them; a step that did not happen (a typed turn has no transcript step, a turn with
// no speech endpoint has no audio from the server) is null.
export type TurnTimings = {
	/** End of speech → the transcript is known (the provider's Whisper or the browser's recognizer). */
	transcriptMs: number | null
	/** End of speech → the first token of the reply reached the caller. */
	firstTokenMs: number | null
	/** End of speech → the first audio of the reply started playing. */
	firstAudioMs: number | null
	/** The server's own share of the turn: its time minus the time spent waiting on providers. */
	serverMs: number | null
}

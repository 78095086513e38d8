// How a voice turn's words arrived (issue 32), stored per turn in voice_messages.heard_by: the
// provider's speech-to-text heard audio, the browser's own recognizer heard the caller and sent its
// words, or the caller typed. The Calls view and the test dialog label each turn by it; only a typed
// turn is "sent as text" (its figures count from its sending, not from the end of speech).

const HEARD_BY = ['speech-to-text', 'browser', 'typed'] as const
export type HeardBy = (typeof HEARD_BY)[number]

/** A stored or sent value as one of the three; anything else (an old row, a bad field) is typed. */
export const heardByOf = (value: unknown): HeardBy =>
	HEARD_BY.includes(value as HeardBy) ? (value as HeardBy) : 'typed'

/** The label a turn carries in the Calls view and the test dialog. */
export const HEARD_BY_LABEL: Record<HeardBy, string> = {
	'speech-to-text': 'speech-to-text',
	browser: "browser's recognizer",
	typed: 'sent as text',
}

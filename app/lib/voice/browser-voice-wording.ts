// Words shared by the voice feature and the Models page (issue 32's trial, ADR 0074).

/**
 * How the voice test, the builder's Voice field and the Models page describe what speaks and hears
 * without a speech server: one source, so no two places say different things (a trial read "This
 * browser has no English voice" on one tab and "Your browser's voice, where it has one" on another).
 * The browser speaks only in the assistant's language; where it has no voice for it, replies are
 * shown as text (never read by a voice of another language).
 */
export const browserVoiceWording = {
	/** This browser has a voice for the language. */
	has: (language: string) => `Your browser’s ${language} voice`,
	/** It has none: the replies are text. */
	none: (language: string) => `This browser has no ${language} voice: replies are shown as text`,
	/** Not known yet (before the browser lists its voices, or on the server). */
	unknown: (language: string) => `Your browser’s ${language} voice (where it has none, replies are shown as text)`,
	/** The same rule where no language is at hand (the Voice field, the Models page). */
	fallback: 'the browser’s voice for the assistant’s language speaks (where it has none, replies are shown as text)',
	/** The browser's recognizer, in the same words. */
	recognition: 'Your browser’s speech recognition (hold the mic button)',
	recognitionUnknown: 'Your browser’s speech recognition (where it has none, you type)',
	noRecognition:
		'None here: type your messages (this server has no speech-to-text and this browser has no speech recognition)',
}

// What POST /api/voice-chat/speech may say in a conversation (ADR 0060): only what its assistant said
// there — the greeting, a stored reply, or the reply being streamed — as written or as the voice
// says it (ai/spoken-text.ts), a whole line or any piece of one (a client speaks a reply sentence by
// sentence). And only so much of it: each reply about twice over (a sentence said again after an
// interruption), so the server's speech provider is no text-to-speech service for anyone's text.

import { spokenText } from '~/ai/spoken-text.ts'

/** Runs of white space as one space: the transcript keeps replies on one line, a stream does not. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Each line as written and as spoken, white space squeezed. */
const forms = (lines: string[], language: string) =>
	lines.flatMap((line) => [squeezed(line), squeezed(spokenText(line, language))])

/** Whether `text` is something the assistant said in `lines` (its replies), as written or spoken. */
export function saidByAssistant(text: string, lines: string[], language: string) {
	const wanted = squeezed(text)
	return wanted.length > 0 && forms(lines, language).some((line) => line.includes(wanted))
}

/** How many characters /speech may speak in all for a conversation whose assistant said `lines`. */
export function speechAllowance(lines: string[], language: string) {
	return 2 * lines.reduce((sum, line) => sum + Math.max(line.length, spokenText(line, language).length), 0)
}

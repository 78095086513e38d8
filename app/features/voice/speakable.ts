// What POST /api/voice-chat/speech may say in a conversation (ADR 0060): only what its assistant said
// there — the greeting, a stored reply, or the reply being streamed — as written or as the voice
// says it (ai/spoken-text.ts), a whole line or any piece of one (a client speaks a reply sentence by
// sentence). And only so much of it: each reply about twice over (a sentence said again after an
// interruption), so the server's speech provider is no text-to-speech service for anyone's text.

import { spokenText } from '~/ai/spoken-text.ts'

/**
 * The words of a text, in lower case, one space apart: what is compared. The transcript keeps replies
 * on one line, a stream does not; and a client says a heading over a quote as a sentence of its own
 * without its section number (spoken-text.ts), which a line of the transcript cannot show: "The
 * Closure API. Because closures…" is said, "2.5 The Closure API Because closures…" is kept. Words
 * alone are the same in both; punctuation is nothing a speech provider could be misused with.
 */
export const sentenceWords = (text: string) => (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).join(' ')

/** Each line as written and as spoken, as words. */
const forms = (lines: string[], language: string) =>
	lines.flatMap((line) => [sentenceWords(line), sentenceWords(spokenText(line, language))])

/** Whether `text` is something the assistant said in `lines` (its replies), as written or spoken. */
export function saidByAssistant(text: string, lines: string[], language: string) {
	const wanted = sentenceWords(text)
	// Whole words: " he " is not in " the ".
	return wanted.length > 0 && forms(lines, language).some((line) => ` ${line} `.includes(` ${wanted} `))
}

/** How many characters /speech may speak in all for a conversation whose assistant said `lines`. */
export function speechAllowance(lines: string[], language: string) {
	return 2 * lines.reduce((sum, line) => sum + Math.max(line.length, spokenText(line, language).length), 0)
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu
/** Sentence punctuation kept after a span's last word, for the voice's intonation. */
const CLOSING = /^[.!?…]+/u

/**
 * The span of `lines` (as spoken first: no markdown read out; else as written) whose words are those
 * of `text`, taken from the line itself: what the provider is asked to say. The client's `text` is
 * compared by its words only, so whatever it has between them (symbols, emoji, "+ = $") is never
 * synthesized. Null when no line holds it.
 */
export function saidSpan(text: string, lines: string[], language: string) {
	const wanted = sentenceWords(text).split(' ').filter(Boolean)
	if (wanted.length === 0) return null
	for (const form of lines.flatMap((line) => [spokenText(line, language), line])) {
		const found = [...form.matchAll(WORD)]
		for (let start = 0; start + wanted.length <= found.length; start++) {
			if (!wanted.every((word, i) => found[start + i][0].toLowerCase() === word)) continue
			const last = found[start + wanted.length - 1]
			const end = last.index + last[0].length
			return form.slice(found[start].index, end) + (CLOSING.exec(form.slice(end))?.[0] ?? '')
		}
	}
	return null
}

// A source's excerpt with the sentences the answer quotes marked, so the owner sees at a glance
// which lines an answer came from (the offline model quotes; a connected model that paraphrases
// marks nothing). Compared without case, spacing, citation marks or Markdown emphasis.

export type ExcerptSpan = { text: string; quoted: boolean }

/** Sentences shorter than this are not marked: "Yes." is in many answers without being quoted. */
const MIN_QUOTED_CHARS = 20

const normalized = (text: string) =>
	text
		.replace(/\[\d{1,2}\]/g, ' ')
		.replace(/[*_`]+/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.toLowerCase()

/** The excerpt cut at its sentences' ends and line breaks, each piece marked when the answer holds it. */
export function quotedSpans(excerpt: string, answer: string): ExcerptSpan[] {
	const said = normalized(answer)
	if (!said) return [{ text: excerpt, quoted: false }]
	// Each piece keeps its trailing space or line break, so the pieces put together are the excerpt.
	const pieces = excerpt.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [excerpt]
	const spans: ExcerptSpan[] = []
	for (const piece of pieces) {
		const sentence = normalized(piece).replace(/^[-•*]\s*|^\d+\.\s*/, '')
		const quoted = sentence.length >= MIN_QUOTED_CHARS && said.includes(sentence.replace(/[.!?]+$/, ''))
		const last = spans.at(-1)
		if (last && last.quoted === quoted) last.text += piece
		else spans.push({ text: piece, quoted })
	}
	return spans
}

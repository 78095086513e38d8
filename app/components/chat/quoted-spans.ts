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
	const spans: ExcerptSpan[] = []
	for (const piece of sentencePieces(excerpt)) {
		const sentence = withoutEndMarks(normalized(piece).replace(/^[-•*]\s*|^\d+\.\s*/, ''))
		const quoted = sentence.length >= MIN_QUOTED_CHARS && said.includes(sentence)
		const last = spans.at(-1)
		if (last && last.quoted === quoted) last.text += piece
		else spans.push({ text: piece, quoted })
	}
	return spans
}

const isEndMark = (char: string) => char === '.' || char === '!' || char === '?'

/**
 * The excerpt cut after each sentence's end marks and each line break, every piece keeping the
 * spaces after it, so the pieces put together are the excerpt. One scan (no backtracking: ADR 0024).
 */
function sentencePieces(text: string) {
	const pieces: string[] = []
	let start = 0
	let i = 0
	while (i < text.length) {
		const char = text[i]
		const ends = char === '\n' || (isEndMark(char) && (i + 1 === text.length || /\s/.test(text[i + 1])))
		i++
		if (!ends) continue
		while (i < text.length && /\s/.test(text[i])) i++
		pieces.push(text.slice(start, i))
		start = i
	}
	if (start < text.length) pieces.push(text.slice(start))
	return pieces
}

function withoutEndMarks(sentence: string) {
	let end = sentence.length
	while (end > 0 && isEndMark(sentence[end - 1])) end--
	return sentence.slice(0, end)
}

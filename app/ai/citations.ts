// Citations in a chatbot's answer: the passages it is given are numbered ("[1] Source: Pricing"),
// and "[2]" after a sentence points at the second of the sources listed with the answer. Shared by
// the server (the prompt, the offline model) and the thread that renders answers.

/** Told to the model with numbered passages; the offline model cites when it reads it. */
export const CITATION_INSTRUCTION =
	'Each passage of the knowledge base opens with its number and source, as in "[1] Source: Pricing". After a sentence that uses a passage, cite it by its number in square brackets, like [1]. Cite only passages you used.'

/** The line that opens a numbered passage. */
export const passageHeader = (number: number, sourceName: string) =>
	`[${number}] Source: ${sourceName.replace(/\s+/g, ' ').trim()}`

/** The passage headers in a knowledge block: number and source name. */
export const PASSAGE_HEADER = /^\[(\d{1,2})\] Source: (.*)$/gm

/** A citation in an answer ("[2]", with the space before it). */
const CITATION = /\s?\[(\d{1,2})\]/g

export type AnswerPiece = { text: string } | { cite: number }

/**
 * An answer as text and citations of the `sourceCount` sources listed with it (numbered from 1). A
 * number with no source (a model that invented one) is left out rather than shown dangling.
 */
export function answerPieces(text: string, sourceCount: number): AnswerPiece[] {
	const pieces: AnswerPiece[] = []
	let last = 0
	for (const match of text.matchAll(CITATION)) {
		const number = Number(match[1])
		if (match.index > last) pieces.push({ text: text.slice(last, match.index) })
		if (number >= 1 && number <= sourceCount) pieces.push({ cite: number })
		last = match.index + match[0].length
	}
	if (last < text.length) pieces.push({ text: text.slice(last) })
	return pieces
}

/** The numbers of the listed sources an answer cites, in order, each once. */
export function citedNumbers(text: string, sourceCount: number) {
	const numbers = answerPieces(text, sourceCount).flatMap((piece) => ('cite' in piece ? [piece.cite] : []))
	return [...new Set(numbers)].sort((a, b) => a - b)
}

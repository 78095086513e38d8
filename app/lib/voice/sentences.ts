// A streamed reply cut into sentences as it arrives, so each can be spoken while the model is still
// writing the next (issue 32: the first audio starts before the reply is complete).

/** Sentence ends: . ! ? … and the Devanagari danda (।). */
const ENDS = new Set(['.', '!', '?', '…', '।'])
/** What may close a sentence after its end mark: quotes and brackets. */
const CLOSERS = new Set(['"', "'", ')', ']', '”', '’'])
/** A "sentence" shorter than this waits for the next one ("Dr. ", "e.g. ", "1. "). */
const MIN_SENTENCE_CHARS = 12

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char)

export class SentenceSplitter {
	private buffer = ''

	/** Adds a piece of the reply; returns the sentences it completed, in order. */
	push(delta: string): string[] {
		this.buffer += delta
		const sentences: string[] = []
		let start = 0
		let i = 0
		// One pass: an end mark, then any closers, then white space ends a sentence.
		while (i < this.buffer.length) {
			if (!ENDS.has(this.buffer[i])) {
				i++
				continue
			}
			let j = i + 1
			while (j < this.buffer.length && (ENDS.has(this.buffer[j]) || CLOSERS.has(this.buffer[j]))) j++
			if (!isSpace(this.buffer[j])) {
				i = j
				continue
			}
			const sentence = this.buffer.slice(start, j).trim()
			if (sentence.length >= MIN_SENTENCE_CHARS) {
				sentences.push(sentence)
				start = j
			}
			i = j
		}
		this.buffer = this.buffer.slice(start)
		return sentences
	}

	/** The rest once the reply is complete (a last sentence without its full stop), or nothing. */
	flush(): string[] {
		const rest = this.buffer.trim()
		this.buffer = ''
		return rest ? [rest] : []
	}
}

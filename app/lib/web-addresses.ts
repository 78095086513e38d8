// Web addresses in free text (a chatbot's answer), for showing them as links.

/** A candidate: the scheme, then everything up to a space, a quote or a bracket. */
const CANDIDATE = /https?:\/\/[^\s<>"'()[\]]+/g
/** What ends a sentence rather than an address: "See https://acme.in." links `https://acme.in`. */
const TRAILING_PUNCTUATION = '.,;:!?'

/**
 * The web addresses in a text, in order, without the sentence's punctuation after them. A candidate
 * runs to its end and never fails once begun, and the punctuation is dropped by a scan: linear in
 * the text. (One regular expression that also refused the punctuation went back over the rest of
 * the text from every "http://" it found: quadratic on "http://." repeated, ADR 0024.)
 */
export function webAddresses(text: string) {
	const found: Array<{ index: number; url: string }> = []
	for (const match of text.matchAll(CANDIDATE)) {
		let end = match[0].length
		while (end > 0 && TRAILING_PUNCTUATION.includes(match[0][end - 1])) end--
		const url = match[0].slice(0, end)
		// At least two characters after the scheme, as before: "http://a" is not an address.
		if (url.length - url.indexOf('//') - 2 >= 2) found.push({ index: match.index, url })
	}
	return found
}

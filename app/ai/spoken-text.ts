// A reply as a voice says it (issue 32, ADR 0054): the stored transcript keeps the reply as written,
// with its "[n]" citations and addresses; the speech leaves out what only a reader can use and says
// numbers, symbols and units the way a person would. Language-neutral where it can be: symbols
// become words only for English, since their words differ by language.

const CITATION = /\s?\[\d{1,2}\]/g
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()]*[^\s<>().,!?;:'"]/gi
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g
const MARKDOWN_HEADING = /#{1,6} /g
const MARKDOWN_EMPHASIS = /[*_`~]/g
const LIST_BULLET = /^[-•] /gm
const MARKDOWN_LINK = /\[([^\]]{1,200})\]\([^)\s]{1,2000}\)/g

/** Units said in full after a number ("5 km" → "5 kilometres"), English only. */
const UNITS: Record<string, [string, string]> = {
	km: ['kilometre', 'kilometres'],
	m: ['metre', 'metres'],
	cm: ['centimetre', 'centimetres'],
	mm: ['millimetre', 'millimetres'],
	kg: ['kilogram', 'kilograms'],
	g: ['gram', 'grams'],
	mg: ['milligram', 'milligrams'],
	l: ['litre', 'litres'],
	ml: ['millilitre', 'millilitres'],
	h: ['hour', 'hours'],
	hr: ['hour', 'hours'],
	hrs: ['hours', 'hours'],
	min: ['minute', 'minutes'],
	mins: ['minutes', 'minutes'],
	s: ['second', 'seconds'],
	sec: ['second', 'seconds'],
	gb: ['gigabyte', 'gigabytes'],
	mb: ['megabyte', 'megabytes'],
	kb: ['kilobyte', 'kilobytes'],
	kmh: ['kilometre per hour', 'kilometres per hour'],
	mph: ['mile per hour', 'miles per hour'],
}

/** Currency symbols before an amount ("$1,200" → "1,200 dollars"), English only. */
const CURRENCIES: Record<string, [string, string]> = {
	$: ['dollar', 'dollars'],
	'€': ['euro', 'euros'],
	'£': ['pound', 'pounds'],
	'₹': ['rupee', 'rupees'],
	'¥': ['yen', 'yen'],
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`

const plural = (amount: string, [one, many]: [string, string]) => (amount === '1' ? one : many)

/** English words for symbols and units after (or, for money, before) a number. */
function englishNumbers(text: string) {
	return (
		text
			.replace(
				new RegExp(String.raw`([$€£₹¥])\s?(${NUMBER})(?:\s?(k|m|bn)\b)?`, 'gi'),
				(_, symbol: string, amount: string, scale?: string) => {
					const scaled = scale ? ` ${{ k: 'thousand', m: 'million', bn: 'billion' }[scale.toLowerCase()]}` : ''
					return `${amount}${scaled} ${plural(scale ? '2' : amount, CURRENCIES[symbol])}`
				},
			)
			.replace(/(\d) ?%/g, '$1 percent')
			.replace(
				new RegExp(String.raw`\b(${NUMBER})\s?(km\/h|[a-z]{1,4})\b(?!\.\w)`, 'gi'),
				(whole, amount: string, unit: string) => {
					const words = UNITS[unit.toLowerCase().replace('/', '')]
					return words ? `${amount} ${plural(amount, words)}` : whole
				},
			)
			// 24/7 and 9-5 read as a listener expects.
			.replace(/\b24\/7\b/g, 'twenty-four seven')
			.replace(/(\d)\s?[–-]\s?(\d)/g, '$1 to $2')
			.replace(/\s&\s/g, ' and ')
	)
}

/** A blank line: what sets a heading apart from the text under it. */
const BLANK_LINE = /\n[ \t]*\n/
/** A heading's section number ("2.5 ", "3.1.4. "): a reader's way to find it, not something said. */
const SECTION_NUMBER = /^\d+(?:\.\d+)+\.?\s+|^\d+\.?\s+(?=\p{Lu})/u
const ENDS_SENTENCE = /[.!?:;]$/
const MARKDOWN_HEADING_MARK = /^#{1,6} /

/**
 * A heading the written reply puts over its quote (the offline model quotes an API's section under
 * its name), a line alone over a blank line, is said as a sentence of its own, without its section
 * number: collapsed into one line with the text after it, "2.5 The Closure API\n\nBecause closures
 * work…" was read as one sentence starting with "two point five". A line that already ends a
 * sentence, a list item, a table row or code is left as it is.
 */
function headingsAsSentences(reply: string) {
	const paragraphs = reply.split(BLANK_LINE)
	return paragraphs
		.map((paragraph, i) => {
			const line = paragraph.trim()
			if (i === paragraphs.length - 1 || line.includes('\n') || ENDS_SENTENCE.test(line)) return paragraph
			const marked = MARKDOWN_HEADING_MARK.test(line)
			const title = line.replace(MARKDOWN_HEADING_MARK, '').trim()
			if (/^(?:[-•*|]|```)/.test(title) || (!marked && /^\d+[.)]\s/.test(title))) return paragraph
			const spoken = title.replace(SECTION_NUMBER, '')
			return /[\p{L}\p{N})]$/u.test(spoken) ? `${spoken}.` : spoken
		})
		.join('\n\n')
}

/** Replies longer than this many sentences are cut for speech; the transcript keeps them whole. */
const SPOKEN_SENTENCES = 3

/**
 * What the voice says for a written reply: no citations, no addresses or e-mail addresses read out
 * character by character (they stay in the transcript), no markdown, numbers and units in words
 * (English), at most three sentences.
 */
export function spokenText(reply: string, language = 'en') {
	let text = headingsAsSentences(reply)
		.replace(MARKDOWN_LINK, '$1')
		.replace(CITATION, '')
		.replace(URL_PATTERN, 'the link in the transcript')
		.replace(EMAIL, 'the e-mail address in the transcript')
		.replace(MARKDOWN_HEADING, ' ')
		.replace(MARKDOWN_EMPHASIS, '')
		.replace(LIST_BULLET, ' ')
	if (language === 'en') text = englishNumbers(text)
	text = text
		.replace(/\s+/g, ' ')
		.replace(/ ([.,!?;:])/g, '$1')
		.trim()
	return text
		.split(/(?<=[.!?]) /)
		.slice(0, SPOKEN_SENTENCES)
		.join(' ')
}

const CITATION_WORD = /^\[\d{1,2}\]$/

/** The text's sentences, as spokenText counts them; a citation after a sentence's end stays with it ("open. [1] Next"). */
function sentencesOf(text: string) {
	const sentences: string[] = []
	let current: string[] = []
	const words = text.split(' ')
	words.forEach((word, i) => {
		current.push(word)
		const ends = /[.!?]$/.test(word) || (CITATION_WORD.test(word) && /[.!?]$/.test(current.at(-2) ?? ''))
		if (ends && !CITATION_WORD.test(words[i + 1] ?? '')) {
			sentences.push(current.join(' '))
			current = []
		}
	})
	if (current.length > 0) sentences.push(current.join(' '))
	return sentences
}
/** A list item's bullet within a reply kept on one line ("Options: - Cash - Card"). */
const INLINE_BULLET = /(?:^|\s)[-*•] (?=\S)/g

/**
 * A stored reply as a transcript shows it (test dialog, Calls, dashboard; ADR 0074): what the voice
 * said first, in the words as written (citations and addresses kept, markdown's marks gone), then
 * `more`: the sentences the voice left out (it says at most three), which the transcript shows marked
 * as not spoken. A trial read raw backticks and "- " bullets, and a whole list under a reply whose
 * voice had stopped after two sentences.
 */
export function transcriptReply(reply: string) {
	const text = reply
		.replace(MARKDOWN_LINK, '$1')
		.replace(MARKDOWN_HEADING, ' ')
		.replace(/`+|\*\*|__|~~/g, '')
		.replace(/\s+/g, ' ')
		.trim()
	// Bullets read as bullets only where there is a list (two or more); a lone " - " is a dash.
	const bullets = text.match(INLINE_BULLET)?.length ?? 0
	const listed = (part: string) =>
		bullets >= 2 ? part.replace(INLINE_BULLET, (bullet) => `${bullet.startsWith(' ') ? '\n' : ''}• `) : part
	// Cut where spokenText cuts: at its third sentence's end, a list item ending a sentence counting as one.
	const sentences = sentencesOf(text)
	return {
		spoken: listed(sentences.slice(0, SPOKEN_SENTENCES).join(' ')),
		more: listed(sentences.slice(SPOKEN_SENTENCES).join(' ')),
	}
}

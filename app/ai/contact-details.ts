// A person's contact details in what they said or typed: their name as they introduce themselves,
// a phone number, an e-mail address. Read by plain patterns (linear: each word or clause on its
// own). The voice assistants' after-call notes keep them as fields (features/voice/inquiry.ts); the
// offline model and retrieval look past them to the question ("My name is Asha, 98111 22334, what
// are your opening hours?" asks about opening hours, not about Asha).

/** One word that is an e-mail address (anchored: each word is tried on its own). */
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u
/** Digits with spaces, dots, dashes or brackets between them, an optional leading +. */
const PHONE = /\+?\(?\d[\d\s().-]{6,22}\d/g
/** 12.05.2026, 2026-05-12: a date, not a number to call. */
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/
/** 1914-1918, 1990 - 2000: years, not a number to call. */
const YEARS = /^[12]\d{3}\s?[-–]\s?[12]\d{3}$/
/** "My name is Asha Rao", "this is Asha", "I'm Asha": a capitalised word or two after an introduction. */
const NAME_INTRO =
	/(?:^|[\s,.!?])(?:[Mm]y name(?: is|['’]s)|[Nn]ame is|[Tt]his is|I am|I['’]m|[Cc]all me)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u
/** Capitalised words that follow "I'm"/"this is" without being a name. */
const NOT_NAMES = new Set(
	'just calling looking interested here sorry not fine good okay ok the a an your from with in at on about also still trying wondering hoping asking new back sure glad happy very really so'.split(
		' ',
	),
)
/** Words a detail-giving clause has besides the details: "my number is", "it's", "thanks", "hi". */
const FILLER = new Set(
	"my name is number phone mobile e-mail email address it its it’s it's this i i'm i’m am and or at on me you can reach call yes no ok okay thanks thank please sure hi hello hey namaste here".split(
		' ',
	),
)

/** A word without the punctuation a sentence puts around it. */
function bare(word: string) {
	let start = 0
	let end = word.length
	while (start < end && '<([“"\''.includes(word[start])) start++
	while (end > start && '.,;:!?)]>”"\''.includes(word[end - 1])) end--
	return word.slice(start, end)
}

export const emailIn = (text: string) =>
	text
		.split(/\s+/)
		.map(bare)
		.find((word) => EMAIL.test(word)) ?? null

export const withoutEmails = (text: string) =>
	text
		.split(/\s+/)
		.filter((word) => !EMAIL.test(bare(word)))
		.join(' ')

/** The phone numbers as said that hold a believable count of digits (8 to 15), dates left out. */
function phonesIn(text: string) {
	return (text.match(PHONE) ?? []).filter((match) => {
		const digits = match.replace(/\D/g, '').length
		return !DATE.test(match.trim()) && !YEARS.test(match.trim()) && digits >= 8 && digits <= 15
	})
}

/** The first phone number in the text, as said, or null. */
export function phoneIn(text: string) {
	const [first] = phonesIn(text)
	return first ? first.trim().replace(/\s+/g, ' ') : null
}

/** The name a person introduces themselves with, and where that introduction stands in the text. */
function introduction(text: string) {
	const match = NAME_INTRO.exec(text)
	if (!match) return null
	// "I'm Asha from Pune": the name stops at the first word that is not one.
	const name: string[] = []
	for (const word of match[1].split(/\s+/)) {
		if (NOT_NAMES.has(word.toLowerCase())) break
		name.push(word)
	}
	if (name.length === 0) return null
	const start = match.index + match[0].search(/\p{L}/u)
	const nameAt = match.index + match[0].length - match[1].length
	const end = nameAt + match[1].indexOf(name.at(-1)!) + name.at(-1)!.length
	return { name: name.join(' '), start, end }
}

export const nameIn = (text: string) => introduction(text)?.name ?? null

/** The words of a text that are not filler: what it says beyond "my number is", "thanks". */
const saying = (text: string) => text.split(/[\s,.!?;:]+/).filter((word) => word && !FILLER.has(word.toLowerCase()))

/** Where a detail was cut out, until the words that led up to it go too. */
const CUT = '\u2063'
/** Words that lead up to a number or an address: "call me on", "my e-mail is", "or". */
const LEAD_IN = new Set(
	'call reach contact text whatsapp me on at my phone mobile number e-mail email address is and or'.split(' '),
)

/** The text without the introduced name, phone numbers and e-mail addresses (and "call me on" before them). */
function stripped(text: string) {
	let rest = text
		.split(/(\s+)/)
		.map((word) => (EMAIL.test(bare(word)) ? word.replace(bare(word), CUT) : word))
		.join('')
	for (const phone of phonesIn(rest)) rest = rest.replace(phone, ` ${CUT} `)
	const intro = introduction(rest)
	if (intro) rest = `${rest.slice(0, intro.start)} ${rest.slice(intro.end)}`
	const kept: string[] = []
	for (const word of rest.split(/\s+/)) {
		if (!word.includes(CUT)) {
			kept.push(word)
			continue
		}
		while (kept.length > 0 && LEAD_IN.has(kept.at(-1)!.toLowerCase())) kept.pop()
		const left = word.replaceAll(CUT, '')
		if (left) kept.push(left)
	}
	return kept.join(' ')
}

/** Whether a line asks or tells something beyond the person's name, number and address. */
export const saysMoreThanDetails = (text: string) => saying(stripped(text)).length >= 2

/**
 * What the text says besides the person's contact details: each clause that only gives a name, a
 * number or an address (with its "my number is") left out, the details cut from the others.
 * "Hi, my name is Asha, 98111 22334, what are your opening hours?" → "what are your opening hours?".
 * Empty when the text is nothing but details.
 */
export function withoutContactDetails(text: string) {
	const kept: string[] = []
	for (const clause of text.split(/(?<=[,;.!?])\s+/)) {
		const rest = stripped(clause)
		if (saying(rest).length === 0) continue
		kept.push(rest)
	}
	return kept
		.join(' ')
		.replace(/\s+/g, ' ')
		.replace(/\s([,;.!?])/g, '$1')
		.replace(/^[\s,;.]+/, '')
		.trim()
}

// After the call (issue 32): what the caller asked and the details they gave (name, phone, e-mail),
// read from their own lines of the transcript with plain patterns, no model needed. The model's
// version (inquiry.server.ts) replaces it when one is connected; this one is what stays when it fails.
import { CALLER } from '~/ai/transcript-lines.ts'

export type Inquiry = {
	summary: string
	name: string | null
	phone: string | null
	email: string | null
	/** What the caller asked, in their words. */
	asked: string[]
}

/** One word that is an e-mail address (anchored: each word is tried on its own). */
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u
/** Digits with spaces, dots, dashes or brackets between them, an optional leading +. */
const PHONE = /\+?\(?\d[\d\s().-]{6,22}\d/g
/** 12.05.2026, 2026-05-12: a date, not a number to call. */
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/
/** "My name is Asha Rao", "this is Asha", "I'm Asha": a capitalised word or two after an introduction. */
const NAME_INTRO =
	/(?:^|[\s,.!?])(?:[Mm]y name(?: is|['’]s)|[Nn]ame is|[Tt]his is|I am|I['’]m|[Cc]all me)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u
/** Capitalised words that follow "I'm"/"this is" without being a name. */
const NOT_NAMES = new Set(
	'just calling looking interested here sorry not fine good okay ok the a an your from with in at on about also still trying wondering hoping asking new back sure glad happy very really so'.split(
		' ',
	),
)
const QUESTION = /\?|^(?:what|when|where|which|who|why|how|is|are|do|does|can|could|would|will|should|may)\b/i

const MAX_ASKED = 5
const MAX_LINE = 160
const INQUIRY_MAX_CHARS = 1500

/** A word without the punctuation a sentence puts around it. */
function bare(word: string) {
	let start = 0
	let end = word.length
	while (start < end && '<([“"\''.includes(word[start])) start++
	while (end > start && '.,;:!?)]>”"\''.includes(word[end - 1])) end--
	return word.slice(start, end)
}

const emailIn = (line: string) =>
	line
		.split(/\s+/)
		.map(bare)
		.find((word) => EMAIL.test(word)) ?? null

const withoutEmails = (line: string) =>
	line
		.split(/\s+/)
		.filter((word) => !EMAIL.test(bare(word)))
		.join(' ')

/** A sentence without its closing marks. */
function withoutFinalMarks(text: string) {
	let end = text.length
	while (end > 0 && '.?!'.includes(text[end - 1])) end--
	return text.slice(0, end)
}

/** The caller's lines of a transcript ("Caller: …"), in order. */
export const callerLines = (transcript: string) =>
	transcript
		.split('\n')
		.filter((line) => line.startsWith(CALLER))
		.map((line) => line.slice(CALLER.length).trim())
		.filter(Boolean)

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

/** A phone number as said, when it holds a believable count of digits (8 to 15). */
function phoneIn(line: string) {
	for (const match of line.match(PHONE) ?? []) {
		const digits = match.replace(/\D/g, '').length
		if (DATE.test(match.trim())) continue
		if (digits >= 8 && digits <= 15) return match.trim().replace(/\s+/g, ' ')
	}
	return null
}

function nameIn(line: string) {
	const match = NAME_INTRO.exec(line)
	if (!match) return null
	// "I'm Asha from Pune": the name stops at the first word that is not one.
	const name: string[] = []
	for (const word of match[1].split(/\s+/)) {
		if (NOT_NAMES.has(word.toLowerCase())) break
		name.push(word)
	}
	return name.length > 0 ? name.join(' ') : null
}

/** Words a detail-giving line has besides the details: "my number is", "it's", "thanks". */
const FILLER = new Set(
	"my name is number phone e-mail email address it its it’s it's this i i'm i’m am and or at on me you can reach call yes no ok okay thanks thank please sure".split(
		' ',
	),
)

/** Whether a line asks or tells something beyond the caller's name, number and address. */
function saysMoreThanDetails(line: string) {
	const rest = withoutEmails(line)
		.replace(NAME_INTRO, ' ')
		.replace(PHONE, ' ')
		.split(/[\s,.!?;:]+/)
		.filter((word) => word && !FILLER.has(word.toLowerCase()))
	return rest.length >= 2
}

/** The details and questions in the caller's lines; the summary in a sentence. */
export function extractInquiry(transcript: string): Inquiry {
	const lines = callerLines(transcript)
	let name: string | null = null
	let phone: string | null = null
	let email: string | null = null
	for (const line of lines) {
		name ??= nameIn(line)
		email ??= emailIn(line)
		phone ??= phoneIn(withoutEmails(line))
	}
	const questions = lines.filter((line) => QUESTION.test(line))
	// Without a question anywhere, what they said (other than giving their details) is what they asked.
	const asked = (questions.length > 0 ? questions : lines.filter(saysMoreThanDetails))
		.slice(0, MAX_ASKED)
		.map((line) => cut(line, MAX_LINE))
	return { summary: summaryOf({ name, asked }), name, phone, email, asked }
}

function summaryOf({ name, asked }: { name: string | null; asked: string[] }) {
	const who = name ?? 'The caller'
	if (asked.length === 0) return `${who} asked nothing the transcript shows.`
	const first = withoutFinalMarks(asked[0])
	const more = asked.length > 1 ? ` and ${asked.length - 1} more question${asked.length > 2 ? 's' : ''}` : ''
	return `${who} asked: “${first}”${more}.`
}

/** The text stored in call_logs.inquiry_details: the summary, then each detail on its own line. */
export function inquiryText(inquiry: Inquiry) {
	const lines = [`Summary: ${inquiry.summary}`]
	if (inquiry.name) lines.push(`Name: ${inquiry.name}`)
	if (inquiry.phone) lines.push(`Phone: ${inquiry.phone}`)
	if (inquiry.email) lines.push(`E-mail: ${inquiry.email}`)
	if (inquiry.asked.length > 0) lines.push(`Asked: ${inquiry.asked.join(' · ')}`)
	return cut(lines.join('\n'), INQUIRY_MAX_CHARS)
}

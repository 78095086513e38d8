// After the call (issue 32): what the caller asked and the details they gave (name, phone, e-mail),
// read from their own lines of the transcript with plain patterns (~/ai/contact-details.ts), no
// model needed; what they asked is quoted without those details. The model's
// version (inquiry.server.ts) replaces it when one is connected; this one is what stays when it fails.
import {
	emailIn,
	nameIn,
	phoneIn,
	saysMoreThanDetails,
	withoutContactDetails,
	withoutEmails,
} from '~/ai/contact-details.ts'
import { CALLER } from '~/ai/transcript-lines.ts'

export type Inquiry = {
	summary: string
	name: string | null
	phone: string | null
	email: string | null
	/** What the caller asked, in their words. */
	asked: string[]
}

const QUESTION = /\?|^(?:what|when|where|which|who|why|how|is|are|do|does|can|could|would|will|should|may)\b/i

const MAX_ASKED = 5
const MAX_LINE = 160
const INQUIRY_MAX_CHARS = 1500

/** A sentence without its closing full stops and exclamation marks: a question keeps its "?" when quoted. */
function withoutFinalStops(text: string) {
	let end = text.length
	while (end > 0 && '.!'.includes(text[end - 1])) end--
	return text.slice(0, end)
}

/**
 * What is left of a caller's line once their details are taken out, ending as the line did: in
 * "What are your hours, my name is Asha?" the question mark belonged to the question, not to the
 * name, so "What are your hours?" keeps it instead of ending on the comma before the name.
 */
function askedPart(line: string) {
	let rest = withoutContactDetails(line)
	while (rest && ' ,;:'.includes(rest.at(-1)!)) rest = rest.slice(0, -1)
	if (!rest) return ''
	return line.trimEnd().endsWith('?') && !/[.?!…]$/.test(rest) ? `${rest}?` : rest
}

/** The same question asked again, differently cased, punctuated or spaced, is the same question. */
const questionKey = (text: string) =>
	text
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s]/gu, '')
		.split(/\s/)
		.filter(Boolean)
		.join(' ')

/** Each question once, in the order first asked. */
function once(lines: string[]) {
	const seen = new Set<string>()
	return lines.filter((line) => {
		const key = questionKey(line)
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

/** "what are your hours?" (what was left of "My name is Asha, what are your hours?") → "What are your hours?". */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The caller's lines of a transcript ("Caller: …"), in order. */
export const callerLines = (transcript: string) =>
	transcript
		.split('\n')
		.filter((line) => line.startsWith(CALLER))
		.map((line) => line.slice(CALLER.length).trim())
		.filter(Boolean)

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

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
	// What they asked, without their name, number and address: those are fields of their own, and
	// the summary of what they wanted need not repeat them.
	const said = lines.map((line) => sentenceCase(askedPart(line))).filter(Boolean)
	const questions = said.filter((line) => QUESTION.test(line))
	// Without a question anywhere, what they said (other than giving their details) is what they asked.
	// A caller who asks again (unheard, or unhappy with the answer) asked one thing, not two.
	const asked = once(questions.length > 0 ? questions : said.filter(saysMoreThanDetails))
		.slice(0, MAX_ASKED)
		.map((line) => cut(line, MAX_LINE))
	return { summary: summaryOf({ name, asked }), name, phone, email, asked }
}

function summaryOf({ name, asked }: { name: string | null; asked: string[] }) {
	const who = name ?? 'The caller'
	if (asked.length === 0) return `${who} asked nothing the transcript shows.`
	const first = withoutFinalStops(asked[0])
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

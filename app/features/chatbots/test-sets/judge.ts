// Whether a reply passes its test, and why, in words; and which failures are regressions. Pure: the
// run (runs.server.ts) gives it the reply as the visitor's answer path made it.
// docs/decisions/0057-chatbot-test-sets.md
import { testSetCopy } from './test-set-copy.ts'

const { reasons } = testSetCopy

export type JudgedTest = { expected: string[]; cite: string | null; mustDecline: boolean }

/** A source the reply cites: a page's address and title, or a file's name as its title. */
export type CitedSource = { url: string | null; title: string | null }

export type JudgedReply = {
	text: string
	/** Not an "I don't know" (the answer path's own judgement, as in the conversation log). */
	answered: boolean
	/** The sources the reply cites (or, when it cites none by number, those it was given). */
	cited: CitedSource[]
	/** The model failed: the reply is the apology. */
	failure?: string | null
}

export type Verdict = { passed: boolean; reason: string }

/** Text as compared: lower case, letters and digits only, one space between words ("Seven-year" is "seven year"). */
export function comparable(text: string) {
	return ` ${text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()} `
}

/** The first alternative the reply holds as whole words, or null. */
function foundAlternative(reply: string, expected: string[]) {
	const haystack = comparable(reply)
	return expected.find((alternative) => {
		const needle = comparable(alternative)
		return needle.trim() !== '' && haystack.includes(needle)
	})
}

/** Whether a cited source is the page or file the test names (part of its address or its name). */
function citesSource(cited: CitedSource[], cite: string) {
	const wanted = cite.trim().toLowerCase()
	return cited.some(
		(source) => source.url?.toLowerCase().includes(wanted) || source.title?.toLowerCase().includes(wanted),
	)
}

export function judge(test: JudgedTest, reply: JudgedReply): Verdict {
	if (reply.failure) return { passed: false, reason: reasons.modelFailed(reply.failure) }
	if (test.mustDecline)
		return reply.answered
			? { passed: false, reason: reasons.answeredInstead }
			: { passed: true, reason: reasons.declined }
	if (!reply.answered) return { passed: false, reason: reasons.didNotKnow }
	const said: string[] = []
	if (test.expected.length > 0) {
		const found = foundAlternative(reply.text, test.expected)
		if (found === undefined) return { passed: false, reason: reasons.missing(test.expected) }
		said.push(reasons.contains(found))
	} else said.push(reasons.answered)
	if (test.cite) {
		if (!citesSource(reply.cited, test.cite))
			return { passed: false, reason: [...said, reasons.notCited(test.cite)].join(' ') }
		said.push(reasons.cited(test.cite))
	}
	return { passed: true, reason: said.join(' ') }
}

/**
 * The tests that fail now and passed in the previous run: regressions. A test new since then, or one
 * that failed then too, is no regression.
 */
export function regressionsOf(
	now: ReadonlyArray<{ testId: string; passed: boolean }>,
	before: ReadonlyMap<string, boolean>,
) {
	return new Set(now.filter((result) => !result.passed && before.get(result.testId) === true).map((r) => r.testId))
}

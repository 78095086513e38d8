// A chatbot test's form, shared by the browser and the server, and the test set's limits.
// docs/decisions/0057-chatbot-test-sets.md
import { z } from 'zod'
import type { BodyLimit } from '~/lib/body-limit.ts'

export const TEST_LIMITS = {
	testsPerChatbot: 200,
	questionChars: 500,
	expectedChars: 500,
	citeChars: 500,
	/** A CSV import: 200 tests of long cells fit well within it. */
	csvBytes: 256 * 1024,
	/** The owner's "Run tests": once per chatbot in this many seconds. */
	manualRunSeconds: 30,
	/** Every run (asked for or started by a change) of one account's chatbots in a day. */
	runsPerAccountPerDay: 100,
	/** Runs kept per chatbot (the trend reads the latest 20). */
	runsKept: 30,
	/** Suggestion lists the connected model writes for one account in an hour (then they are made offline). */
	modelSuggestionsPerHour: 20,
} as const

/**
 * What the Tests section takes in one post (its route's `handle`, app/lib/body-limit.ts): a CSV file
 * past TEST_LIMITS.csvBytes is still read whole, to be refused with its message.
 */
export const TESTS_BODY_LIMIT: BodyLimit = { maxBytes: 1024 * 1024, label: '1 MB' }

/**
 * A line of a test as kept: white space and control characters (an ESC sequence would reach the
 * regression e-mail and the server log; attacker trial) made single spaces.
 */
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim()

/** What a right answer contains: alternatives separated by "|", each trimmed, empty ones dropped. */
function expectedAlternatives(text: string) {
	return text.split('|').map(oneLine).filter(Boolean)
}

const messages = {
	questionRequired: 'Enter the question.',
	questionTooLong: `Keep the question under ${TEST_LIMITS.questionChars} characters.`,
	expectedTooLong: `Keep what the answer contains under ${TEST_LIMITS.expectedChars} characters.`,
	citeTooLong: `Keep the page or file under ${TEST_LIMITS.citeChars} characters.`,
	declineAndExpected: 'A test that must decline cannot also expect words or a citation.',
	noneSelected: 'Select at least one suggestion.',
	repeatedQuestion: 'Another selected suggestion has the same question.',
}

/** A test as its form posts it: the question, the alternatives, the page or file to cite, must decline. */
export const TestFormSchema = z
	.object({
		question: z
			.string()
			.transform(oneLine)
			.pipe(z.string().min(1, messages.questionRequired).max(TEST_LIMITS.questionChars, messages.questionTooLong)),
		expected: z
			.string()
			.trim()
			.max(TEST_LIMITS.expectedChars, messages.expectedTooLong)
			.transform(expectedAlternatives),
		cite: z
			.string()
			.trim()
			.max(TEST_LIMITS.citeChars, messages.citeTooLong)
			.transform((text) => oneLine(text) || null),
		mustDecline: z.boolean(),
	})
	.refine((test) => !test.mustDecline || (test.expected.length === 0 && !test.cite), {
		message: messages.declineAndExpected,
		path: ['expected'],
	})

export type TestForm = z.output<typeof TestFormSchema>

/** The form's fields as posted (a checkbox is there when ticked). */
export const testFormValues = (form: FormData) => ({
	question: String(form.get('question') ?? ''),
	expected: String(form.get('expected') ?? ''),
	cite: String(form.get('cite') ?? ''),
	mustDecline: form.get('mustDecline') === 'on',
})

/** The suggestions' form: a row per suggestion, under its number, its tick box `pick` valued with it. */
export type SuggestionRow = { picked: boolean; question: string; expected: string; cite: string }

/** The suggestions' form as posted (the browser reads its own form the same way before sending it). */
export function suggestionsFormValues(form: FormData): { rows: SuggestionRow[] } {
	const picked = new Set(form.getAll('pick').map(String))
	const rows: SuggestionRow[] = []
	for (let i = 0; i < TEST_LIMITS.testsPerChatbot && form.has(`question-${i}`); i++)
		rows.push({
			picked: picked.has(String(i)),
			question: String(form.get(`question-${i}`) ?? ''),
			expected: String(form.get(`expected-${i}`) ?? ''),
			cite: String(form.get(`cite-${i}`) ?? ''),
		})
	return { rows }
}

/** The field of row `i` a problem goes next to (the form's own names). */
export const suggestionField = (field: 'question' | 'expected' | 'cite', i: number) => `${field}-${i}`

/**
 * "Add selected tests": the ticked rows, each as edited, a test by TestFormSchema's rules (its
 * problems named after the row's fields); at least one ticked, and no question twice. Its output is
 * the tests to add.
 */
export const SuggestionsFormSchema = z
	.object({
		rows: z
			.array(z.object({ picked: z.boolean(), question: z.string(), expected: z.string(), cite: z.string() }))
			.max(TEST_LIMITS.testsPerChatbot),
	})
	.transform(({ rows }, ctx) => {
		const tests: TestForm[] = []
		const seen = new Set<string>()
		rows.forEach((row, i) => {
			if (!row.picked) return
			const parsed = TestFormSchema.safeParse({ ...row, mustDecline: false })
			if (!parsed.success) {
				for (const issue of parsed.error.issues)
					ctx.addIssue({
						code: 'custom',
						message: issue.message,
						path: [suggestionField(issue.path[0] as 'question' | 'expected' | 'cite', i)],
					})
				return
			}
			const key = parsed.data.question
			if (seen.has(key))
				ctx.addIssue({ code: 'custom', message: messages.repeatedQuestion, path: [suggestionField('question', i)] })
			seen.add(key)
			tests.push(parsed.data)
		})
		if (rows.every((row) => !row.picked))
			ctx.addIssue({ code: 'custom', message: messages.noneSelected, path: ['pick'] })
		return tests
	})

import { expect, test } from 'vitest'
import { runsAsFormula } from '~/lib/spreadsheet-cell.ts'
import { csvRecords, parseTestsCsv, testsCsv } from './test-csv.ts'
import { TEST_LIMITS } from './test-schema.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const HEADER = 'question,expected,cite,must_decline\n'

test('a good file round-trips: export, import, the same tests (alternatives, quotes, commas, line breaks, formula-like text)', () => {
	const tests = [
		{
			question: 'How long is the warranty?',
			expected: ['seven year', '7 years'],
			cite: '/warranty',
			mustDecline: false,
		},
		{ question: 'Who is "the boss", really?', expected: [], cite: null, mustDecline: true },
		{
			question: 'Do you ship to Pune,\nDelhi and Mumbai?',
			expected: ['three to five'],
			cite: null,
			mustDecline: false,
		},
		// Our own export makes this cell safe with an apostrophe; the import reads it back as written.
		{ question: '=SUM is what a spreadsheet would run', expected: ['-40 degrees'], cite: null, mustDecline: false },
	]
	const csv = testsCsv(tests)
	expect(csv.split('\n')[0]).toBe('question,expected,cite,must_decline')
	expect(csv).toContain(`"'=SUM is what a spreadsheet would run"`.slice(1, -1))
	expect(parseTestsCsv(bytes(csv))).toEqual({
		tests: tests.map((test) => ({ ...test, question: test.question.replace(/\s+/g, ' ') })),
	})
})

test('a set whose questions differ only in case, or start with an apostrophe, round-trips letter for letter', () => {
	const test = (question: string, expected: string[] = []) => ({ question, expected, cite: null, mustDecline: false })
	// The set tells these apart (its unique key is the question as typed): its export holds them all.
	const tests = [
		test('Hi?'),
		test('hi?'),
		test('HI?'),
		test("'Tis the season for returns?", ["'tis"]),
		test("'=1 is how a spreadsheet shows text?", ["'+1"]),
		test("''@home is a handle?"),
		test('=SUM is a formula?', ['=SUM', '-cmd']),
		test('-5 degrees is cold?', ['-5']),
		test("' spaced apostrophe?"),
	]
	const csv = testsCsv(tests)
	// Each cell the export wrote is safe in a spreadsheet, and the import reads back exactly the set.
	for (const line of csv.split('\n').slice(1))
		for (const cell of line.split(',')) expect(runsAsFormula(cell), cell).toBe(false)
	expect(csv).toContain("'''@home is a handle?")
	expect(parseTestsCsv(bytes(csv))).toEqual({ tests })
})

test('hostile and malformed files are refused whole with a message that says where', () => {
	const refuse = (text: string | Uint8Array) =>
		'error' in (parsed = parseTestsCsv(typeof text === 'string' ? bytes(text) : text)) ? parsed.error : 'accepted'
	let parsed: ReturnType<typeof parseTestsCsv>
	expect(refuse(`${HEADER}=HYPERLINK("http://evil.test"),,,no\n`)).toBe(
		'Line 2: the question cell starts like a spreadsheet formula (=, +, -, @). Remove that character.',
	)
	expect(refuse(`${HEADER}What is it?,@cmd,,no\n`)).toMatch(
		/^Line 2: the expected cell starts like a spreadsheet formula/,
	)
	expect(refuse(`${HEADER}Fine?,yes,,no\n+1+cmd|' /C calc'!A0,x,,no\n`)).toMatch(/^Line 3: the question cell/)
	expect(refuse(`${HEADER}What?,"\t=1",,no\n`)).toMatch(/^Line 2: the expected cell starts like a spreadsheet formula/)
	expect(refuse('q,a\nWhat?,yes\n')).toBe('The first line must be the columns: question, expected, cite, must_decline.')
	expect(refuse('')).toBe('The first line must be the columns: question, expected, cite, must_decline.')
	expect(refuse(`${HEADER}What?,yes,no\n`)).toBe('Line 2: 3 cells; each line has 4.')
	expect(refuse(`${HEADER}"What?,yes,,no\n`)).toBe('Line 2: a quoted cell is not closed.')
	expect(refuse(`${HEADER},yes,,no\n`)).toBe('Line 2: the question is empty.')
	expect(refuse(`${HEADER}What?,yes,,maybe\n`)).toBe('Line 2: must_decline is yes or no.')
	expect(refuse(`${HEADER}What?,yes,,yes\n`)).toBe(
		'Line 2: a test that must decline cannot also expect words or a citation.',
	)
	expect(refuse(`${HEADER}${'x'.repeat(501)},,,no\n`)).toBe('Line 2: the question cell is too long.')
	expect(refuse(`${HEADER}What?,,,no\nWhat?,,,no\n`)).toBe('Line 3: the same question is on an earlier line.')
	expect(refuse(HEADER)).toBe('The file has no tests.')
	expect(refuse(HEADER + 'Q?,,,no\n'.repeat(0) + Array.from({ length: 201 }, (_, i) => `Q${i}?,,,no`).join('\n'))).toBe(
		'A test set can have 200 tests; the file would make more.',
	)
	expect(refuse(new Uint8Array(TEST_LIMITS.csvBytes + 1).fill(65))).toBe('The file is larger than 256 KB.')
	expect(refuse(new Uint8Array([0x71, 0xff, 0xfe, 0x00]))).toBe('The file is not a text CSV file.')
	expect(refuse(`${HEADER}What?\u0000,,,no\n`)).toBe('The file is not a text CSV file.')
})

test('a header in any case with a byte-order mark, CRLF lines and blank lines is read; phone-like cells are no formulas', () => {
	expect(
		parseTestsCsv(bytes('\uFEFFQuestion,Expected,Cite,Must Decline\r\nCall us?,+91 98450 12345,,\r\n\r\n')),
	).toEqual({
		tests: [{ question: 'Call us?', expected: ['+91 98450 12345'], cite: null, mustDecline: false }],
	})
})

test('the parser is one pass: a quote-heavy line of 200,000 characters is read at once', () => {
	const started = performance.now()
	const records = csvRecords(`"${'""'.repeat(100_000)}",b\n`)
	expect(Array.isArray(records) && records[0].cells[0].length).toBe(100_000)
	expect(performance.now() - started).toBeLessThan(1000)
})

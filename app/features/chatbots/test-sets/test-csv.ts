// A test set as a CSV file: exported with every cell spreadsheet-safe, imported with a check of every
// line first, so a file is taken whole or refused with the first problem, by line (a hostile file:
// too large, not text, formula cells, wrong columns, unclosed quotes). The parser is a single pass
// over the characters: linear whatever the file holds. docs/decisions/0057-chatbot-test-sets.md,
// docs/decisions/0071-test-questions-are-distinct-letter-for-letter.md
import { stringify } from 'csv-stringify/sync'
import { runsAsFormula } from '~/lib/spreadsheet-cell.ts'
import { TEST_LIMITS, TestFormSchema, type TestForm } from './test-schema.ts'
import { testSetCopy } from './test-set-copy.ts'

const { csv: copy } = testSetCopy

const CSV_COLUMNS = ['question', 'expected', 'cite', 'must_decline'] as const

type CsvTest = Pick<TestForm, 'question' | 'expected' | 'cite' | 'mustDecline'>

/**
 * Whether the export writes a cell with a leading apostrophe: it would run as a formula (ADR 0049), or
 * it is apostrophes before such a cell ("'=1" as typed). The import takes one apostrophe off exactly
 * these, so every cell comes back as it was (first-time user's trial: a question typed with a leading
 * apostrophe lost it on the way back).
 */
function escapedOnExport(value: string) {
	let rest = value
	while (rest.startsWith("'")) rest = rest.slice(1)
	return runsAsFormula(rest)
}

/** A cell as the export writes it: spreadsheet-safe, and read back by the import as it was. */
const exportedCell = (value: string) => (escapedOnExport(value) ? `'${value}` : value)

/** The test set as a CSV file, a header line and a line per test. */
export function testsCsv(tests: CsvTest[]) {
	return stringify(
		tests.map((test) =>
			[test.question, test.expected.join(' | '), test.cite ?? '', test.mustDecline ? 'yes' : 'no'].map(exportedCell),
		),
		{ header: true, columns: [...CSV_COLUMNS] },
	)
}

type Record = { line: number; cells: string[] }

/** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
export function csvRecords(text: string): Record[] | { unclosedAt: number } {
	const records: Record[] = []
	let cells: string[] = []
	let cell = ''
	let quoted = false
	let line = 1
	let recordLine = 1
	let quoteLine = 1
	for (let i = 0; i < text.length; i++) {
		const char = text[i]
		if (quoted) {
			if (char === '"') {
				if (text[i + 1] === '"') {
					cell += '"'
					i++
				} else quoted = false
			} else {
				if (char === '\n') line++
				cell += char
			}
			continue
		}
		if (char === '"' && cell === '') {
			quoted = true
			quoteLine = line
		} else if (char === ',') {
			cells.push(cell)
			cell = ''
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++
			cells.push(cell)
			records.push({ line: recordLine, cells })
			cells = []
			cell = ''
			line++
			recordLine = line
		} else cell += char
	}
	if (quoted) return { unclosedAt: quoteLine }
	if (cell !== '' || cells.length > 0) {
		cells.push(cell)
		records.push({ line: recordLine, cells })
	}
	// Blank lines say nothing.
	return records.filter((record) => record.cells.length > 1 || record.cells[0].trim() !== '')
}

/**
 * A cell our own export made safe ("'=…", text to a spreadsheet, ADR 0049) back as it was typed: the
 * export's one apostrophe off, as `exportedCell` added it; any other cell as it is. Only a cell that
 * would run as a formula as it stands in the file is refused.
 */
const unescaped = (cell: string) => (cell.startsWith("'") && escapedOnExport(cell.slice(1)) ? cell.slice(1) : cell)

const DECLINE: { [answer: string]: boolean } = {
	yes: true,
	no: false,
	true: true,
	false: false,
	'1': true,
	'0': false,
	'': false,
}

/** The tests of a CSV file's bytes, or the first problem with it. */
export function parseTestsCsv(bytes: Uint8Array): { tests: CsvTest[] } | { error: string } {
	if (bytes.byteLength > TEST_LIMITS.csvBytes) return { error: copy.tooLarge }
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		return { error: copy.notText }
	}
	if (text.includes('\u0000')) return { error: copy.notText }
	const records = csvRecords(text.replace(/^\uFEFF/, ''))
	if (!Array.isArray(records)) return { error: copy.unclosedQuote(records.unclosedAt) }
	const [header, ...rows] = records
	const names = header?.cells.map((cell) => cell.trim().toLowerCase().replace(/\s+/g, '_'))
	if (!names || names.join(',') !== CSV_COLUMNS.join(',')) return { error: copy.header }
	if (rows.length === 0) return { error: copy.none }
	if (rows.length > TEST_LIMITS.testsPerChatbot) return { error: copy.tooMany }
	const tests: CsvTest[] = []
	const seen = new Set<string>()
	for (const { line, cells } of rows) {
		if (cells.length !== CSV_COLUMNS.length) return { error: copy.columns(line, cells.length) }
		const formula = cells.findIndex((cell) => runsAsFormula(cell))
		if (formula >= 0) return { error: copy.formula(line, CSV_COLUMNS[formula]) }
		const [question, expected, cite, decline] = cells.map(unescaped)
		const mustDecline = DECLINE[decline.trim().toLowerCase()]
		if (mustDecline === undefined) return { error: copy.badDecline(line) }
		const parsed = TestFormSchema.safeParse({ question, expected, cite, mustDecline })
		if (!parsed.success) {
			const issue = parsed.error.issues[0]
			const column = String(issue.path[0] ?? 'question')
			if (column === 'question' && !question.trim()) return { error: copy.emptyQuestion(line) }
			if (column === 'expected' && mustDecline && issue.code === 'custom')
				return { error: copy.declineAndExpected(line) }
			return { error: copy.tooLong(line, column === 'mustDecline' ? 'must_decline' : column) }
		}
		// The same question as the set tells them apart (its unique key, the add form's refusal): letter
		// for letter, so "Hi?" and "hi?" exported from one set import back (first-time user's trial).
		const key = parsed.data.question
		if (seen.has(key)) return { error: copy.repeated(line) }
		seen.add(key)
		tests.push(parsed.data)
	}
	return { tests }
}

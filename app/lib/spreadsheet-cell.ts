// A CSV cell that a spreadsheet will not run, written as the person typed it whenever it cannot run.
// Excel, LibreOffice and Google Sheets read a cell that starts with =, +, -, @, a tab or a carriage
// return as a formula, and a formula can fetch a URL, run a command (DDE) or hide what a cell says.
// Only such cells get a leading apostrophe, which makes them text. A phone number (+91 98450 12345)
// or a signed number (-40) starts with + or -, but is digits, spaces, dots, dashes and brackets: no
// function name, no cell reference, no "|", nothing that can call anything. It is left as it is, so
// the owner's CSV shows the number the visitor typed. docs/decisions/0049-spreadsheet-safe-csv.md

/** A sign, then only what a phone number or a plain number is written with. */
const NUMBER_LIKE = /^[+-][\d ().-]+$/
const HAS_DIGIT = /\d/

/** Whether a spreadsheet would read the cell as a formula. */
export function runsAsFormula(value: string) {
	const first = value[0]
	if (first === '\t' || first === '\r' || first === '\n') return true
	// White space before the sign (spaces, tabs, line breaks): spreadsheets and importers that trim a
	// cell would read what follows; full-width signs are folded to ASCII by some (attacker trial).
	const text = value
		.replace(/^\s+/, '')
		.replace(/^[\uFF1D\uFF0B\uFF0D\uFF20]/, (sign) => String.fromCharCode(sign.charCodeAt(0) - 0xfee0))
	const start = text[0]
	if (start === '=' || start === '@') return true
	if (start === '+' || start === '-') return !(NUMBER_LIKE.test(text) && HAS_DIGIT.test(text))
	return false
}

/** The cell as written to a CSV: unchanged, or with a leading apostrophe when it would run as a formula. */
export const spreadsheetCell = (value: string) => (runsAsFormula(value) ? `'${value}` : value)

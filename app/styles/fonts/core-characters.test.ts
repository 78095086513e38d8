import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	CORE_FONT_CHARACTERS,
	CORE_FONT_UNICODE_RANGE,
	DEVANAGARI_FONT_CHARACTERS,
	DEVANAGARI_FONT_UNICODE_RANGE,
} from './core-characters.ts'

function inRange(codePoint: number, range: string) {
	return range.split(',').some((part) => {
		const [from, to = from] = part.trim().replace('U+', '').split('-')
		return codePoint >= parseInt(from, 16) && codePoint <= parseInt(to, 16)
	})
}

describe('the cut-down faces', () => {
	test('app.css declares exactly the characters the fonts were cut to', () => {
		const css = readFileSync(path.join(import.meta.dirname, '../app.css'), 'utf8')
		// The formatter may wrap the range over lines.
		const declared = [...css.matchAll(/url\('\.\/fonts\/[^']+'\)[^}]*unicode-range:\s*([^;\s][^;]*);/g)].map((m) =>
			m[1].replace(/\s+/g, ' ').trim(),
		)
		expect(declared).toEqual([CORE_FONT_UNICODE_RANGE, CORE_FONT_UNICODE_RANGE, DEVANAGARI_FONT_UNICODE_RANGE])
		// The Devanagari face: every character it keeps is in its range, and nothing Latin is.
		for (const c of DEVANAGARI_FONT_CHARACTERS)
			expect(inRange(c.codePointAt(0)!, DEVANAGARI_FONT_UNICODE_RANGE), c.codePointAt(0)!.toString(16)).toBe(true)
		for (const c of CORE_FONT_CHARACTERS) expect(inRange(c.codePointAt(0)!, DEVANAGARI_FONT_UNICODE_RANGE)).toBe(false)
		const kept = new Set([...CORE_FONT_CHARACTERS].map((c) => c.codePointAt(0)!))
		for (const codePoint of kept) expect(inRange(codePoint, CORE_FONT_UNICODE_RANGE), codePoint.toString(16)).toBe(true)
		const declaredButNotKept = Array.from({ length: 0x2200 - 0x20 }, (_, i) => 0x20 + i).filter(
			(codePoint) => inRange(codePoint, CORE_FONT_UNICODE_RANGE) && !kept.has(codePoint),
		)
		expect(declaredButNotKept).toEqual([])
	})

	test("the site's own copy needs no other face", () => {
		const contentDir = path.join(import.meta.dirname, '../../content')
		const copy = ['company.ts', 'home.ts', 'services.ts', 'career.ts', 'footer.ts', 'navigation.ts']
			.map((file) => readFileSync(path.join(contentDir, file), 'utf8'))
			.join('')
		// Letters and punctuation of the copy (code points above Basic Latin), not its source code.
		const outside = [...new Set([...copy].filter((c) => c.codePointAt(0)! > 0x7e && !CORE_FONT_CHARACTERS.includes(c)))]
		expect(outside).toEqual([])
	})
})

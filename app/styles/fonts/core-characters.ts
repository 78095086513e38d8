// The characters the cut-down typefaces keep (scripts/fonts/subset-fonts.ts), and the unicode-range
// app/styles/app.css declares for them: a change here needs `npm run fonts` and that range updated
// (a unit test compares them).
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('')

/** Basic Latin, Latin-1, and the punctuation and symbols the site's copy uses. */
export const CORE_FONT_CHARACTERS = range(0x20, 0x7e) + range(0xa0, 0xff) + '‘’“”–—…•₹→←×·€™'

/** The same set as a CSS unicode-range. */
export const CORE_FONT_UNICODE_RANGE =
	'U+0020-007E, U+00A0-00FF, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+20AC, U+20B9, U+2122, U+2190, U+2192'

/**
 * Devanagari (Hindi, issue 32), its Vedic extensions and extended block, the joiners and the dotted
 * circle its shaping uses: the characters of the Devanagari face (scripts/fonts/subset-fonts.ts),
 * which no Latin page downloads.
 */
export const DEVANAGARI_FONT_CHARACTERS =
	range(0x0900, 0x097f) + range(0x1cd0, 0x1cf9) + range(0x200c, 0x200d) + '\u25CC' + range(0xa8e0, 0xa8ff)

/** The same set as a CSS unicode-range. */
export const DEVANAGARI_FONT_UNICODE_RANGE = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A8E0-A8FF'

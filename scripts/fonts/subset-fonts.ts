// `npm run fonts`: the two typefaces cut down to what the site's first paint needs, written to
// app/styles/fonts/ (committed; run again after changing a typeface or the weights in use).
// Fontsource's Latin files carry every weight from 100 to 900 and characters the site never shows;
// these keep Basic Latin, Latin-1 and the punctuation the copy uses, and only the weights in use.
// Any other character still renders in the typeface: Fontsource's full faces stay declared behind
// these (app/styles/app.css), and the browser fetches one only for a page that needs it.
// docs/decisions/0021-islands-on-public-pages.md has the figures.
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import subsetFont from 'subset-font'
import { CORE_FONT_CHARACTERS, DEVANAGARI_FONT_CHARACTERS } from '../../app/styles/fonts/core-characters.ts'

const require = createRequire(import.meta.url)
const outDir = path.resolve(import.meta.dirname, '../../app/styles/fonts')

const fonts = [
	{
		source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
		output: 'inter-core.woff2',
		// Body text: regular to bold, and extrabold where a heading falls back to it.
		weights: { min: 400, max: 800 },
	},
	{
		source: '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
		output: 'plus-jakarta-sans-core.woff2',
		// Headings: medium to extrabold.
		weights: { min: 500, max: 800 },
	},
	{
		// Hindi (issue 32): a machine without a Devanagari font showed none of it. Its own characters
		// only, declared with their unicode-range, so only a page with Hindi on it downloads it.
		source: '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
		output: 'noto-sans-devanagari-core.woff2',
		characters: DEVANAGARI_FONT_CHARACTERS,
		weights: { min: 400, max: 800 },
	},
]

for (const font of fonts) {
	const original = await readFile(require.resolve(font.source))
	const subset = await subsetFont(original, font.characters ?? CORE_FONT_CHARACTERS, {
		targetFormat: 'woff2',
		variationAxes: { wght: font.weights },
	})
	await writeFile(path.join(outDir, font.output), subset)
	console.log(
		`${font.output}: ${(subset.length / 1024).toFixed(1)} KB (from ${(original.length / 1024).toFixed(1)} KB), weights ${font.weights.min}-${font.weights.max}`,
	)
}

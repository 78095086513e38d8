// The formatter decides style: the Epic Stack's preset (tabs, single quotes, no semicolons), with
// lines as long as this code base has always had them.
import epicOxfmt from '@epic-web/config/oxfmt'
import { defineConfig } from 'oxfmt'

export default defineConfig({
	...epicOxfmt,
	printWidth: 120,
	sortImports: { internalPattern: ['~/'], newlinesBetween: false },
	proseWrap: 'preserve',
	ignorePatterns: [
		...epicOxfmt.ignorePatterns,
		'app/generated/**',
		'.react-router/**',
		'.data/**',
		'tests/.output/**',
		// Real pages copied as they are (their README says from where): never reformatted.
		'tests/fixtures/**',
		'docs/**',
		'*.md',
	],
})

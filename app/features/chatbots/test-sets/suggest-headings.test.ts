// Suggestions from a real manual's passages (as a crawl indexes them: each page's title first, then
// its numbered headings): questions without the site's name or section numbers, expected words from
// the text under the heading, and nothing from navigation.
import { expect, test } from 'vitest'
import { suggestTests } from './suggest.ts'

const SITE = ' (libffi: the portable foreign function interface library)'
const page = (slug: string, title: string, heading: string, text: string) => ({
	heading,
	content: `${title}${SITE}\n\n## ${heading}\n\n${text}`,
	url: `http://127.0.0.1:8000/libffi8/html/${slug}.html`,
	title: `${title}${SITE}`,
})

test("a manual's titles lose the site's name, its headings their numbers; expected words come from under the heading", () => {
	const chunks = [
		page(
			'Structures',
			'Structures',
			'2.3.2 Structures',
			'`libffi` is perfectly happy passing structures back and forth.',
		),
		page('Introduction', 'Introduction', '1 What is libffi?', 'Compilers for high level languages generate code.'),
		// A page without a heading of its own: its title, without the site's name.
		{
			heading: null,
			content: `Memory Usage${SITE}\n\nClosures need 4096 bytes.`,
			url: 'http://127.0.0.1:8000/libffi8/html/Memory-Usage.html',
			title: `Memory Usage${SITE}`,
		},
		// A passage indexed before navigation was dropped.
		{
			heading: 'Previous: Missing Features, Up: libffi [Index]',
			content: 'Previous: Missing Features, Up: libffi [Index]\n\nSee the index.',
			url: 'http://127.0.0.1:8000/libffi8/html/Index.html',
			title: `Index${SITE}`,
		},
		page(
			'Simple-Example',
			'Simple Example',
			'A Simple Example',
			'Here is a trivial example that calls puts a few times.',
		),
	]
	expect(suggestTests(chunks, new Set())).toEqual([
		{
			question: 'Tell me about Structures',
			// Not "perfectly": an adverb any reply may hold.
			expected: ['passing'],
			cite: '/libffi8/html/Structures.html',
			mustDecline: false,
		},
		{
			question: 'What is libffi?',
			expected: ['Compilers'],
			cite: '/libffi8/html/Introduction.html',
			mustDecline: false,
		},
		{
			question: 'Tell me about Memory Usage',
			expected: ['4096 bytes'],
			cite: '/libffi8/html/Memory-Usage.html',
			mustDecline: false,
		},
		{
			question: 'Tell me about A Simple Example',
			expected: ['trivial'],
			cite: '/libffi8/html/Simple-Example.html',
			mustDecline: false,
		},
	])
})

test("one page's title keeps what follows its separator: only a name two titles share is the site's", () => {
	const only = [
		{
			heading: null,
			content: 'Repairs (Pune)\n\nWe repair widgets within 48 hours.',
			url: 'http://shop.test/repairs',
			title: 'Repairs (Pune)',
		},
	]
	expect(suggestTests(only, new Set())[0].question).toBe('Tell me about Repairs (Pune)')
})

test("a list's number is not the figure a suggestion expects; marks before a heading's words go", () => {
	const chunks = [page('Windows', 'Windows', '=== Windows', '1. Open the releases page and pick the latest installer.')]
	expect(suggestTests(chunks, new Set())).toEqual([
		{
			question: 'Tell me about Windows',
			expected: ['installer'],
			cite: '/libffi8/html/Windows.html',
			mustDecline: false,
		},
	])
})

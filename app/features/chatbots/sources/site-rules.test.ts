import { expect, test } from 'vitest'
import {
	isOnSite,
	LINK_MAX_CHARS,
	linksToKeep,
	looksLikePage,
	matchesPatterns,
	normalizePageUrl,
	PAGE_LINKS_MAX_BYTES,
	siteHostOf,
} from './site-rules.ts'

test('one spelling per page: no fragment, no tracking parameters, http(s) only', () => {
	/** A link as written, the page's one spelling (null: not a page to visit), and the page it is on. */
	const spellings: Array<[link: string, spelling: string | null, base?: string]> = [
		['HTTPS://Example.COM:443/a?utm_source=x&id=7#top', 'https://example.com/a?id=7'],
		['/b', 'https://example.com/b', 'https://example.com/a/'],
		['mailto:sales@example.com', null],
		['javascript:alert(1)', null],
		['https://user:pass@example.com/', null],
		[`https://example.com/${'a'.repeat(3000)}`, null],
	]
	for (const [link, spelling, base] of spellings) expect(normalizePageUrl(link, base), link).toBe(spelling)
})

test('the site is the start host, with or without www', () => {
	const site = siteHostOf('https://www.example.com/start')
	expect(isOnSite('https://example.com/x', site)).toBe(true)
	expect(isOnSite('https://www.example.com/x', site)).toBe(true)
	expect(isOnSite('https://blog.example.com/x', site)).toBe(false)
	expect(isOnSite('https://example.com.evil.test/x', site)).toBe(false)
})

test('files that are not pages are left out', () => {
	expect(looksLikePage('https://example.com/brochure.PDF')).toBe(false)
	expect(looksLikePage('https://example.com/logo.svg')).toBe(false)
	expect(looksLikePage('https://example.com/docs/setup')).toBe(true)
	expect(looksLikePage('https://example.com/page.html')).toBe(true)
})

test('include and exclude patterns: a prefix, or * for anything', () => {
	const url = (path: string) => `https://example.com${path}`
	expect(matchesPatterns(url('/docs/setup'), ['/docs'], [])).toBe(true)
	expect(matchesPatterns(url('/docs'), ['/docs'], [])).toBe(true)
	expect(matchesPatterns(url('/docsearch'), ['/docs'], [])).toBe(false)
	expect(matchesPatterns(url('/blog/2024/post'), ['/blog/*/post'], [])).toBe(true)
	expect(matchesPatterns(url('/docs/old/a'), ['/docs/*'], ['/docs/old'])).toBe(false)
	expect(matchesPatterns(url('/pricing'), [], ['/blog/*'])).toBe(true)
	expect(matchesPatterns(url('/a.b'), ['/a.b'], [])).toBe(true)
	expect(matchesPatterns(url('/axb'), ['/a.b'], [])).toBe(false)
})

test('a page keeps what a re-sync needs of its links: each once, short enough, no more than the crawl may visit, 16 KB at most', () => {
	const link = (i: number, length = 60) => `https://example.com/${String(i).padStart(6, '0')}/${'p'.repeat(length)}`
	expect(linksToKeep([link(1), link(2), link(1), link(3)], 10)).toEqual([link(1), link(2), link(3)])
	expect(linksToKeep([link(1), link(2), link(3)], 2)).toEqual([link(1), link(2)])
	// Too long to be a page worth following: skipped, and the rest still kept.
	expect(linksToKeep([link(1, LINK_MAX_CHARS), link(2)], 10)).toEqual([link(2)])
	// The page: 1,000 links of 2,048 characters (about 2 MB) under a page cap of 1,000.
	expect(
		linksToKeep(
			Array.from({ length: 1000 }, (_, i) => link(i, 2020)),
			1000,
		),
	).toEqual([])
	const many = linksToKeep(
		Array.from({ length: 1000 }, (_, i) => link(i, 900)),
		1000,
	)
	expect(many.length).toBeGreaterThan(10)
	expect(many.join('').length).toBeLessThanOrEqual(PAGE_LINKS_MAX_BYTES)
	expect(many).toEqual(Array.from({ length: many.length }, (_, i) => link(i, 900)))
})

test('a pattern with many stars means the same and costs no backtracking', () => {
	const url = (path: string) => `https://example.com${path}`
	expect(matchesPatterns(url('/docs/v2/setup/linux'), ['/docs/*/setup/*'], [])).toBe(true)
	expect(matchesPatterns(url('/docs/v2/install'), ['/docs/*/setup/*'], [])).toBe(false)
	expect(matchesPatterns(url('/a/b/a/b/c'), ['/*a*b*c'], [])).toBe(true)
	expect(matchesPatterns(url('/a/b/a/b/'), ['/*a*b*c'], [])).toBe(false)
	expect(matchesPatterns(url('/aba'), ['/*ab*ba'], [])).toBe(false) // the pieces may not overlap
	expect(matchesPatterns(url('/abba'), ['/*ab*ba'], [])).toBe(true)
	expect(matchesPatterns(url('/shop?page=2'), ['/shop?*'], [])).toBe(true)
	expect(matchesPatterns(url('/anything'), ['*'], [])).toBe(true)
	// As a regular expression this one took minutes (ADR 0024).
	const started = performance.now()
	expect(matchesPatterns(url(`/${'a'.repeat(2000)}`), [`/${'*a'.repeat(98)}*b`], [])).toBe(false)
	expect(performance.now() - started).toBeLessThan(1000)
})

// What a crawl reads from a page and a sitemap, and what an uploaded text file gives (these run
// inside the sandbox in the app).
import { expect, test } from 'vitest'
import { documentText, htmlText, normalizeDocumentText, pageContent, sitemapUrls } from './parsers.ts'

test('a page gives its title, main text, absolute links, canonical URL and robots rules', () => {
	const page = pageContent(
		`<html><head><title> Pricing &amp; plans </title><base href="https://example.com/docs/">
		<link rel="canonical" href="/pricing"><meta name="robots" content="noindex, nofollow"></head>
		<body><div id="cookie-notice">We use cookies to improve your experience.</div>
		<p>Plans start at ₹999 a month.</p>
		<a href="setup#step-2">Setup</a> <a href="https://other.example/x">Elsewhere</a>
		<a href="/ads" rel="sponsored nofollow">Ad</a> <a href="javascript:alert(1)">Bad</a></body></html>`,
		'https://example.com/pricing?ref=home',
	)
	expect(page).toEqual({
		title: 'Pricing & plans',
		text: 'Plans start at ₹999 a month.\n\nSetup Elsewhere Ad Bad',
		links: ['https://example.com/docs/setup#step-2', 'https://other.example/x', 'javascript:alert(1)'],
		canonical: 'https://example.com/pricing',
		noindex: true,
		nofollow: true,
	})
})

test('cookie and consent banners are not knowledge, with or without a <main>', () => {
	expect(
		htmlText(
			'<body><div class="CookieConsent">Accept all cookies</div><section aria-label="GDPR consent">Manage</section><p>Opening hours: 9 to 5.</p></body>',
		),
	).toBe('Opening hours: 9 to 5.')
})

test('sitemaps: page URLs of a urlset, further sitemaps of an index, namespaced tags too', () => {
	expect(
		sitemapUrls(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
			<url><loc> https://example.com/a </loc><lastmod>2026-01-01</lastmod></url>
			<url><loc>https://example.com/b?x=1&amp;y=2</loc></url></urlset>`),
	).toEqual({ isIndex: false, urls: ['https://example.com/a', 'https://example.com/b?x=1&y=2'] })
	expect(
		sitemapUrls(`<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
			<sm:sitemap><sm:loc>https://example.com/posts.xml</sm:loc></sm:sitemap></sm:sitemapindex>`),
	).toEqual({ isIndex: true, urls: ['https://example.com/posts.xml'] })
})

test('document text: line ends made \\n, spaces and tabs at line ends dropped, one blank line at most', () => {
	expect(normalizeDocumentText('  Title \t\r\n\r\n\r\n\rIndented\tline  \n \t \n\n\nEnd \u00a0 ')).toBe(
		'Title\n\nIndented\tline\n\nEnd',
	)
	expect(normalizeDocumentText('a \r b\r\n')).toBe('a\n b')
	expect(normalizeDocumentText(' \r\n\t ')).toBe('')
	expect(normalizeDocumentText('Ünïcödé 😀  text')).toBe('Ünïcödé 😀  text')
})

test('a text file is decoded as UTF-8 without its byte-order mark; text over maxChars gives only its length', async () => {
	const bytes = new TextEncoder().encode('\uFEFFCafé\r\nopens at 9.  ')
	expect(await documentText('txt', bytes)).toEqual({ text: 'Café\nopens at 9.', chars: 16 })
	expect(await documentText('txt', bytes, 16)).toEqual({ text: 'Café\nopens at 9.', chars: 16 })
	expect(await documentText('txt', bytes, 15)).toEqual({ text: null, chars: 16 })
	await expect(documentText('txt', new Uint8Array([104, 0, 105]))).rejects.toThrow('This file is not plain text.')
})

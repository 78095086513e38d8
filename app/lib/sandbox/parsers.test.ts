// What a crawl reads from a page and a sitemap, and what an uploaded text file gives (these run
// inside the sandbox in the app).
import {
	AlignmentType,
	Document,
	HeadingLevel,
	LevelFormat,
	Packer,
	Paragraph,
	Table,
	TableCell,
	TableRow,
	TextRun,
} from 'docx'
import { expect, test } from 'vitest'
import { makeLaidOutPdf } from '../../../tests/support/documents.ts'
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

test('a text file saved as UTF-16 (with its mark) or as Latin-1 / Windows-1252 is read too', async () => {
	const text = 'Café opens at 9 – €5 coffee'
	const utf16le = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer)])
	expect((await documentText('txt', utf16le)).text).toBe(text)
	const utf16be = new Uint8Array([
		0xfe,
		0xff,
		...[...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]),
	])
	expect((await documentText('txt', utf16be)).text).toBe(text)
	// Windows-1252: é is 0xE9, – is 0x96, € is 0x80 (not UTF-8).
	const cp1252 = new Uint8Array(
		[...'Caf']
			.map((c) => c.charCodeAt(0))
			.concat(
				[0xe9],
				[...' opens at 9 '].map((c) => c.charCodeAt(0)),
				[0x96, 0x20, 0x80],
				[...'5 coffee'].map((c) => c.charCodeAt(0)),
			),
	)
	expect((await documentText('txt', cp1252)).text).toBe(text)
	// UTF-16 that is binary underneath is still refused.
	await expect(documentText('txt', new Uint8Array([0xff, 0xfe, 0x68, 0, 0, 0, 0x69, 0]))).rejects.toThrow(
		'This file is not plain text.',
	)
})

// The knowledge format (docs/decisions/0030-knowledge-text-format.md): structure survives.

test('a page keeps its headings, lists, tables and code blocks as light Markdown', () => {
	const text = htmlText(`<html><body><main>
		<h1>Streams <a class="mark" href="#streams">#</a></h1>
		<p>A   stream is an <em>abstract</em> interface.
		Use <code>stream.pipeline()</code> to connect them.</p>
		<h2>Readable <code>streams</code></h2>
		<ul><li>Paused mode</li><li><p>Flowing mode</p><ul><li>Started by <code>resume()</code></li></ul></li></ul>
		<ol start="3"><li>Third</li><li>Fourth</li></ol>
		<pre><code class="language-js">const fs = require('node:fs');

async function main() {
  for await (const line of rl) {
    console.log(\`Line: \${line}\`);
  }
}</code></pre>
		<table><thead><tr><th>Option</th><th>Default</th></tr></thead>
		<tbody><tr><td><code>highWaterMark</code></td><td>16 KiB | 16 objects</td></tr></tbody></table>
	</main></body></html>`)
	expect(text).toBe(
		[
			'# Streams',
			'A stream is an abstract interface. Use `stream.pipeline()` to connect them.',
			'## Readable streams',
			'- Paused mode\n- Flowing mode\n  - Started by `resume()`',
			'3. Third\n4. Fourth',
			"```js\nconst fs = require('node:fs');\n\nasync function main() {\n  for await (const line of rl) {\n    console.log(`Line: ${line}`);\n  }\n}\n```",
			'| Option | Default |\n| --- | --- |\n| `highWaterMark` | 16 KiB \\| 16 objects |',
		].join('\n\n'),
	)
})

test('a pre holding two versions of an example (ES module and CommonJS, behind a toggle) gives two code blocks', () => {
	// The Node.js docs' markup: run together, "});" of one ran into "const" of the other.
	const text = htmlText(`<main><pre class="with-42-chars"><input class="js-flavor-toggle" type="checkbox" checked>
		<code class="language-js mjs">import { open } from 'node:fs/promises';
await open('a.txt');</code><code class="language-js cjs">const { open } = require('node:fs/promises');
open('a.txt');</code></pre></main>`)
	expect(text).toBe(
		[
			"```js\nimport { open } from 'node:fs/promises';\nawait open('a.txt');\n```",
			"```js\nconst { open } = require('node:fs/promises');\nopen('a.txt');\n```",
		].join('\n\n'),
	)
})

test('a fence is longer than any run of backticks in its code', () => {
	expect(htmlText('<pre>Markdown:\n```\ncode\n```</pre>')).toBe('````\nMarkdown:\n```\ncode\n```\n````')
})

test('page chrome and docs metadata do not become knowledge', () => {
	const text = htmlText(`<body>
		<a class="skip-link" href="#main">Skip to content</a>
		<div role="navigation"><a href="/a">Guides</a></div>
		<ol class="breadcrumbs"><li><a href="/">Docs</a></li><li><a href="/api">API</a></li></ol>
		<details id="toc" open><summary>Table of contents</summary><ul><li><a href="#fs">File system</a></li></ul></details>
		<div class="sidebar-links"><a href="/x">One</a></div>
		<div><ul><li><a href="/assert">Assertion testing</a></li><li><a href="/buffer">Buffer</a></li><li><a href="/crypto">Crypto</a></li>
		<li><a href="/fs">File system</a></li><li><a href="/http">HTTP</a></li></ul></div>
		<h2>fs.readFile(path)</h2>
		<div class="api_metadata"><span>Added in: v0.1.29</span></div>
		<div class="api_metadata"><details class="changelog"><summary>History</summary>
		<table><tr><th>Version</th><th>Changes</th></tr><tr><td>v10.0.0</td><td>The callback is required.</td></tr></table>
		</details></div>
		<p>Asynchronously reads the entire contents of a file.</p>
		<p>Added in: v16.14.0, v14.18.0</p>
		<table><tr><th>Version</th><th>Changes</th></tr><tr><td>v5.0.0</td><td>The file may be a descriptor.</td></tr></table>
		<p><a href="https://github.com/acme/docs/edit/main/fs.md">Edit this page</a></p>
		<p><a href="https://github.com/acme/docs">Edit on GitHub</a></p>
		<p hidden>Hidden text</p>
	</body>`)
	expect(text).toBe('## fs.readFile(path)\n\nAsynchronously reads the entire contents of a file.')
})

test('a DOCX keeps its title, Heading 1-6 sections, lists, tables and code paragraphs', async () => {
	const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] })
	const doc = new Document({
		styles: { paragraphStyles: [{ id: 'Code', name: 'Code', run: { font: 'Courier New' } }] },
		numbering: {
			config: [
				{
					reference: 'steps',
					levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
				},
			],
		},
		sections: [
			{
				children: [
					new Paragraph({ text: 'Support Handbook', heading: HeadingLevel.TITLE }),
					new Paragraph({ text: 'Refund policy', heading: HeadingLevel.HEADING_1 }),
					new Paragraph('Refunds are paid within 7 days.'),
					new Paragraph({ text: 'Card payments', heading: HeadingLevel.HEADING_2 }),
					new Paragraph({ text: 'Visa', bullet: { level: 0 } }),
					new Paragraph({ text: 'RuPay', bullet: { level: 1 } }),
					new Paragraph({ text: 'Open the billing page', numbering: { reference: 'steps', level: 0 } }),
					new Paragraph({ text: 'Choose Refund', numbering: { reference: 'steps', level: 0 } }),
					new Table({
						rows: [
							new TableRow({ children: [cell('Plan'), cell('Refund window')] }),
							new TableRow({ children: [cell('Starter'), cell('7 days')] }),
						],
					}),
					new Paragraph({ style: 'Code', children: [new TextRun('nimbus refund --order 42')] }),
					new Paragraph({ style: 'Code', children: [new TextRun('  --reason "duplicate"')] }),
				],
			},
		],
	})
	const { text } = await documentText('docx', new Uint8Array(await Packer.toBuffer(doc)))
	expect(text).toBe(
		[
			'# Support Handbook',
			'# Refund policy',
			'Refunds are paid within 7 days.',
			'## Card payments',
			'- Visa\n  - RuPay',
			'1. Open the billing page\n2. Choose Refund',
			'| Plan | Refund window |\n| --- | --- |\n| Starter | 7 days |',
			'```\nnimbus refund --order 42\n  --reason "duplicate"\n```',
		].join('\n\n'),
	)
})

test('a PDF: its title page is a heading of its own, headings by font size, lists, code; running headers and page numbers dropped', async () => {
	const pdf = await makeLaidOutPdf(
		[
			[
				{ text: 'Nimbus Cloud Hosting', size: 28, font: 'bold', space: 200 },
				{ text: 'Support Handbook', size: 16 },
				{ text: 'March 2026', size: 11, space: 20 },
			],
			[
				{ text: 'Refund policy', size: 18, font: 'bold' },
				{ text: 'Refunds are paid to the card you paid with, within seven working', space: 6 },
				{ text: 'days of the request.' },
				{ text: 'Support hours', size: 18, font: 'bold', space: 12 },
				{ text: 'We answer:', space: 6 },
				{ text: '• Monday to Friday, 9 AM to 6 PM IST, by chat and e-mail,', indent: 10 },
				{ text: 'and by phone for urgent issues', indent: 20 },
				{ text: '• Saturday, 10 AM to 2 PM IST', indent: 10 },
				{ text: '1. Open a ticket', indent: 10 },
			],
			[
				{ text: 'Deploying with the CLI', size: 18, font: 'bold' },
				{ text: 'Run this from your project folder:', space: 6 },
				{ text: 'nimbus deploy \\', font: 'mono', size: 10, space: 6 },
				{ text: '--region ap-south-1', font: 'mono', size: 10, indent: 24 },
				{ text: 'nimbus status', font: 'mono', size: 10, space: 14 },
				{ text: 'The first deploy takes about a minute.', space: 6 },
			],
		],
		{ runningHeader: 'Nimbus Cloud Hosting · Support Handbook' },
	)
	const { text } = await documentText('pdf', pdf)
	expect(text).toBe(
		[
			'# Nimbus Cloud Hosting',
			'Support Handbook',
			'March 2026',
			'## Refund policy',
			'Refunds are paid to the card you paid with, within seven working days of the request.',
			'## Support hours',
			'We answer:',
			'- Monday to Friday, 9 AM to 6 PM IST, by chat and e-mail, and by phone for urgent issues\n- Saturday, 10 AM to 2 PM IST\n1. Open a ticket',
			'## Deploying with the CLI',
			'Run this from your project folder:',
			'```\nnimbus deploy \\\n    --region ap-south-1\n\nnimbus status\n```',
			'The first deploy takes about a minute.',
		].join('\n\n'),
	)
})

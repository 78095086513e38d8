// Navigation is not knowledge (docs/decisions/0064-navigation-is-not-knowledge.md): real manuals as
// Debian installs them (tests/fixtures/debian-manuals, each generator's own navigation), then the
// general rules on small pages of our own.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { htmlText } from './parsers.ts'

const MANUALS = path.resolve(import.meta.dirname, '../../../tests/fixtures/debian-manuals')
/** A saved page's text, read as a crawl of a local server would read it. */
const manual = (file: string) =>
	htmlText(readFileSync(path.join(MANUALS, file), 'utf8'), `http://127.0.0.1:8000/${file}`)
const blocks = (text: string) => text.split('\n\n')

test('texinfo: the "Next: … Previous: … Up: … [Index]" line is not knowledge, the chapter is', () => {
	const text = manual('libffi-introduction.html')
	expect(text).not.toMatch(/Next:|Previous:|Up:|\[Index\]/)
	expect(blocks(text)[0]).toBe('## 1 What is libffi?')
	expect(text).toContain('The `libffi` library provides a portable, high level programming interface')
	expect(blocks(text)).toHaveLength(5)
	// A node that is only its title and a menu of its sections gives no text at all.
	expect(manual('libffi-types.html')).toBe('')
})

test('DocBook: the navigation header and footer tables go; headings, code and lists stay', () => {
	const text = manual('valgrind-quick-start.html')
	expect(text).not.toMatch(/<<|>>|\| Up \||\| Home \||Valgrind Documentation/)
	expect(blocks(text).slice(0, 2)).toEqual(['# The Valgrind Quick Start Guide', '## 1. Introduction'])
	expect(text).toContain('```\n  valgrind --leak-check=yes myprog arg1 arg2\n```')
	expect(text).toContain('- "definitely lost": your program is leaking memory -- fix it!')
	expect(blocks(text).at(-2)).toBe('## 6. More information')
	// The older DocBook stylesheets' NAVHEADER and NAVFOOTER ("Prev | Home | Next").
	const contributors = blocks(manual('shared-mime-info-x497.html'))
	expect(contributors.slice(0, 2)).toEqual(['# 3. Contributors', 'Thomas Leonard `<tal197 at users.sf.net>`'])
	expect(contributors.every((block) => /^# 3\. Contributors$|^[\p{L} .-]+ `<[^>]+>`$/u.test(block))).toBe(true)
})

test('gtk-doc: the Prev/Up/Home/Next table goes; the parameter tables and signatures stay', () => {
	const text = manual('libxslt-templates.html')
	expect(text).not.toContain('libxslt Reference Manual')
	expect(blocks(text)[0]).toBe('## templates')
	expect(text).toContain(
		'| ctxt: | the XSLT transformation context |\n| --- | --- |\n| target: | the element where the attributes will be grafted |',
	)
	expect(text).toContain('```\nxmlNodePtr *\txsltTemplateProcess\t(xsltTransformContextPtr ctxt,')
})

test('an old site laid out in tables: its menus go, its content cell reads as blocks with its list', () => {
	expect(manual('libxslt-docs.html')).toBe(
		[
			'# The XSLT C library for GNOME',
			'## Documentation',
			'There are some on-line resources about using libxslt:',
			[
				"1. Check the API documentation automatically extracted from code comments (using the program apibuild.py, developed for libxml, together with the xsl script 'newapi.xsl' and the libxslt xsltproc program).",
				'2. Look at the mailing-list archive.',
				"3. Of course since libxslt is based on libxml, it's a good idea to at least read libxml description",
			].join('\n'),
			'Daniel Veillard',
		].join('\n\n'),
	)
})

test('Markdown turned HTML: the list of in-page links at the top (its table of contents) goes', () => {
	const text = manual('espeak-ng-guide.html')
	expect(blocks(text).slice(0, 3)).toEqual(['# eSpeak NG user guide', '## Installation', '### Linux'])
	expect(text).not.toContain('Full list of documents')
	expect(text).toContain('```\nsudo apt-get install espeak-ng\n```')
	expect(text).toContain('1. Remove pulseaudio package install alsa:')
})

test('navigation that no class names: labelled links, bare menus, link-only footers', () => {
	const page = (body: string) => htmlText(`<body><h1>Widgets</h1><p>We make widgets.</p>${body}</body>`)
	// Links the page marks as its way through (rel or accesskey), with a label word at most.
	expect(page('<p><a rel="prev" href="a.html">Setup</a> · <a rel="next" href="c.html">Usage</a></p>')).toBe(
		'# Widgets\n\nWe make widgets.',
	)
	// Site links with nothing beside them but navigation words.
	expect(page('<div>Back to <a href="/">top</a> | Next: <a href="/b">Billing</a></div>')).toBe(
		'# Widgets\n\nWe make widgets.',
	)
	expect(page('<div><a href="/about">About</a> | <a href="/privacy">Privacy</a></div>')).toBe(
		'# Widgets\n\nWe make widgets.',
	)
	// Its own absolute links are the site's too, when the page's address is known.
	expect(
		htmlText(
			'<p>Prices start at 5 euros.</p><p><a href="https://shop.test/a">A</a> <a href="https://www.shop.test/b">B</a></p>',
			'https://shop.test/prices',
		),
	).toBe('Prices start at 5 euros.')
	// A theme's navbar or header, named so, short and all links.
	expect(page('<div class="site-header"><a href="/">Home</a></div><div id="navbar"><a href="/x">X</a></div>')).toBe(
		'# Widgets\n\nWe make widgets.',
	)
})

test('links that are the content stay: references elsewhere, a list a sentence announces, prose with links', () => {
	const text = htmlText(`<body><main><h1>Widgets</h1>
		<p>See <a href="/install">the install guide</a> and <a href="/faq">the FAQ</a> first.</p>
		<p>Widgets come in five kinds:</p>
		<div class="itemizedlist"><ul>${['Small', 'Medium', 'Large', 'Huge', 'Odd'].map((kind) => `<li><a href="#${kind}">${kind}</a></li>`).join('')}</ul></div>
		<h2>Further reading</h2>
		<ul>${['wikipedia.org', 'example.org', 'example.com', 'example.net', 'w3.org'].map((host) => `<li><a href="https://${host}/widgets">Widgets at ${host}</a></li>`).join('')}</ul>
		<dl><dt><a href="/api#size">size</a></dt><dd>The widget's size in millimetres.</dd></dl>
		<table><tr><th>Kind</th><th>Page</th></tr><tr><td>Small</td><td><a href="/small">Small widgets</a></td></tr></table>
		</main></body>`)
	expect(text).toBe(
		[
			'# Widgets',
			'See the install guide and the FAQ first.',
			'Widgets come in five kinds:',
			'- Small\n- Medium\n- Large\n- Huge\n- Odd',
			'## Further reading',
			'- Widgets at wikipedia.org\n- Widgets at example.org\n- Widgets at example.com\n- Widgets at example.net\n- Widgets at w3.org',
			'size',
			"The widget's size in millimetres.",
			'| Kind | Page |\n| --- | --- |\n| Small | Small widgets |',
		].join('\n\n'),
	)
})

test("an article's <header> is its headline; the page's <header> is its banner", () => {
	expect(
		htmlText(`<body><header><a href="/">Acme blog</a></header>
		<article><header><h1>Widgets are back</h1><p>By Asha</p></header><p>They are.</p></article></body>`),
	).toBe('# Widgets are back\n\nBy Asha\n\nThey are.')
})

test('a heading left heading only dropped navigation goes; one with nothing under it otherwise stays', () => {
	expect(
		htmlText(`<body><h1>Manual</h1><h2>Contents</h2><ul><li><a href="#a">A</a></li><li><a href="#b">B</a></li></ul>
		<h2>Chapter</h2><h3>Index</h3><div><a href="i.html#x">x</a>, <a href="i.html#y">y</a></div>
		<h3 class="author">Asha Rao</h3><h3 class="author">Ravi Rao</h3></body>`),
	).toBe('# Manual\n\n## Chapter\n\n### Asha Rao\n\n### Ravi Rao')
})

// A small documentation site, shaped as real docs are (Node's, Docusaurus'): a sidebar, breadcrumbs,
// a table of contents, "Edit this page", heading anchors, "Added in:" metadata, a History table in a
// <details>, and code blocks. Served under /docs/ by the import test website (website-server.ts).

/** The code block the readline page teaches: its answer to "read a file line by line". */
export const READ_LINES_CODE = `const fs = require('node:fs');
const readline = require('node:readline');

async function printLines(path) {
  const lines = readline.createInterface({
    input: fs.createReadStream(path),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    console.log(line);
  }
}`

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Acme Docs</title></head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header><a href="/docs/">Acme Docs v3.2</a></header>
<div class="sidebar"><ul>
<li><a href="/docs/">Overview</a></li><li><a href="/docs/readline">Readline</a></li>
<li><a href="/docs/streams">Streams</a></li><li><a href="/docs/crypto">Crypto</a></li><li><a href="/docs/fs">File system</a></li>
</ul></div>
<main id="main">
<nav aria-label="Breadcrumbs"><a href="/docs/">Docs</a> › ${title}</nav>
<details id="toc"><summary>Table of contents</summary><ul><li><a href="#top">${title}</a></li></ul></details>
${body}
<p><a href="https://github.com/acme/docs/edit/main/${title.toLowerCase()}.md">Edit this page</a></p>
</main>
<footer>© Acme Docs</footer>
</body></html>`

const heading = (level: number, text: string, id: string) =>
	`<h${level} id="${id}">${text}<a class="anchor" href="#${id}">#</a></h${level}>`

const PAGES: Record<string, string> = {
	'/docs/': layout(
		'Overview',
		`${heading(1, 'Acme runtime documentation', 'top')}
<p>These pages document the Acme runtime's modules for reading files, streams and hashing.</p>`,
	),
	'/docs/readline': layout(
		'Readline',
		`${heading(1, 'Readline', 'top')}
<div class="api_metadata"><span>Added in: v0.1.98</span></div>
<p>The <code>readline</code> module reads data from a stream one line at a time.</p>
${heading(2, 'Example: read a file line by line', 'example')}
<div class="api_metadata"><details class="changelog"><summary>History</summary>
<table><tr><th>Version</th><th>Changes</th></tr><tr><td>v11.14.0</td><td>Async iteration of lines.</td></tr></table>
</details></div>
<p>To read a file line by line, create an interface over a file stream and iterate over its lines:</p>
<pre><code class="language-js">${escape(READ_LINES_CODE)}</code></pre>
<p>Each <code>line</code> comes without its line break.</p>
${heading(2, 'Options', 'options')}
<ul><li><code>input</code>: the readable stream to read lines from.</li><li><code>crlfDelay</code>: how long to wait for a <code>\\n</code> after a <code>\\r</code>.</li></ul>`,
	),
	'/docs/streams': layout(
		'Streams',
		`${heading(1, 'Streams', 'top')}
<div class="api_metadata"><span>Added in: v0.9.4</span></div>
<p>A stream is an abstract interface for working with streaming data.</p>
${heading(2, 'Buffering', 'buffering')}
<table><tr><th>Stream</th><th>Default highWaterMark</th></tr><tr><td>Readable</td><td>16 KiB</td></tr><tr><td>Object mode</td><td>16 objects</td></tr></table>`,
	),
}

/** The docs page at `path`, or null. */
export function docsPage(path: string) {
	return PAGES[path] ?? null
}

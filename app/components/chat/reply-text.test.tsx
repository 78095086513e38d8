// Replies render their code as code and their lists as lists, citations included, and whatever a
// model writes stays text: never HTML, never a link but a web address (docs/decisions/0031).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { MessageBubble } from './chat-thread.tsx'
import { parseReply, replyCitations } from './reply-markdown.ts'
import { ReplyText } from './reply-text.tsx'

const html = (text: string, sources = 0) =>
	renderToStaticMarkup(
		<ReplyText text={text} sources={sources} cite={(number, key) => <sup key={key}>{`cite-${number}`}</sup>} />,
	)

describe('ReplyText', () => {
	test('a fenced code block is <pre><code>, its lines, indentation and blank lines as written', () => {
		const code =
			"const rl = readline.createInterface({\n  input: fs.createReadStream('input.txt'),\n\n\n  crlfDelay: Infinity,\n})"
		const out = html(`Use readline:\n\n\`\`\`js\n${code}\n\`\`\` [1]\n\nThat is all.`, 1)
		expect(out).toContain(`<pre tabindex="0" aria-label="Code (js)"`)
		expect(out).toContain(
			`<code class="font-mono whitespace-pre" data-language="js">const rl = readline.createInterface({\n  input: fs.createReadStream(&#x27;input.txt&#x27;),\n\n\n  crlfDelay: Infinity,\n})</code></pre><sup>cite-1</sup>`,
		)
		expect(out).toMatch(/^<div[^>]*><p class="whitespace-pre-wrap">Use readline:<\/p><div><pre/)
		expect(out).toContain('<p class="whitespace-pre-wrap">That is all.</p>')
	})

	test('lists are <ul> and <ol>, nested, numbered from their start; citations inside them work', () => {
		const out = html(
			'Steps:\n\n3. Open **Billing** [2]\n4. Choose `Refund`\n   - card\n   - UPI [1]\n\n- one\n- two',
			2,
		)
		expect(out).toContain(
			'<ol start="3" class="list-decimal space-y-1 pl-5"><li class="pl-0.5">Open <strong class="font-semibold text-slate-900">Billing</strong><sup>cite-2</sup></li>' +
				'<li class="pl-0.5">Choose <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-900">Refund</code>' +
				'<ul class="list-disc space-y-1 pl-5"><li class="pl-0.5">card</li><li class="pl-0.5">UPI<sup>cite-1</sup></li></ul></li></ol>',
		)
		expect(out).toContain(
			'<ul class="list-disc space-y-1 pl-5"><li class="pl-0.5">one</li><li class="pl-0.5">two</li></ul>',
		)
	})

	test('a deeply nested list is indented four levels deep at most, so it stays inside the bubble', () => {
		const deep = Array.from({ length: 25 }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n')
		const out = html(deep)
		expect(out.match(/<ul class="list-disc space-y-1 pl-5">/g)).toHaveLength(4)
		expect(out.match(/<ul class="list-disc space-y-1 pl-0">/g)).toHaveLength(21)
	})

	test('a table has its header and cells; an escaped pipe stays in its cell', () => {
		const out = html('| Option | Default |\n| --- | --- |\n| `highWaterMark` | 16 KiB \\| 16 objects |')
		expect(out).toContain('<th scope="col"')
		expect(out).toContain('>Option</th>')
		expect(out).toMatch(/<td[^>]*>16 KiB \| 16 objects<\/td>/)
	})

	test('a citation in code is code; the sources cited are counted outside code only', () => {
		const text = 'The first item:\n\n```\nconst first = items[1]\n```\n\nSee `list[2]` and the guide [3].'
		expect(html(text, 3)).toContain('const first = items[1]</code>')
		expect(html(text, 3)).toContain('list[2]</code> and the guide<sup>cite-3</sup>.')
		expect(replyCitations(text, 3)).toEqual([3])
	})

	test('without sources, "[2]" is left as written', () => {
		expect(html('See [2].')).toContain('See [2].')
	})

	test('a hostile reply is shown as text: no element, attribute or link comes from it', () => {
		const hostile = [
			'<img src=x onerror=alert(1)>',
			'<script>alert(document.cookie)</script>',
			'[click me](javascript:alert(1)) javascript:alert(1)',
			'- <a href="javascript:alert(1)">item</a>',
			'```html\n<iframe src="https://evil.example"></iframe>\n```',
			'`<b onclick=alert(1)>`',
			'| <svg onload=alert(1)> | x |',
		].join('\n\n')
		const out = html(hostile, 1)
		expect(out).not.toMatch(/<(img|script|iframe|svg|b|a)\b/)
		expect(out).not.toContain('javascript:alert(1)"')
		expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(out).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;')
		expect(out).toContain('[click me](javascript:alert(1)) javascript:alert(1)')
		expect(out).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;item&lt;/a&gt;')
		expect(out).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;')
		// Only a plain web address becomes a link, opened apart from the page.
		expect(html('Book at https://example.com/book.')).toContain(
			'<a href="https://example.com/book" target="_blank" rel="noopener noreferrer nofollow"',
		)
	})

	test('an unclosed fence (a reply still streaming) is code up to its end', () => {
		expect(parseReply('```\nnpm install\nnpm')).toEqual([
			{ kind: 'code', language: '', code: 'npm install\nnpm', after: [] },
		])
	})
})

test('a chat bubble renders the reply through ReplyText, its citations linked to their sources', () => {
	const out = renderToStaticMarkup(
		<MessageBubble
			message={{
				id: 'm1',
				role: 'assistant',
				text: '- Run `npm test` [1]\n- Then deploy [2]',
				sources: [
					{ position: 0, excerpt: 'Testing', url: 'https://docs.example/testing', title: 'Testing' },
					{ position: 1, excerpt: 'Deploying', title: 'Deploying' },
				],
			}}
			assistantName="Docs Bot"
			sourcesLabel="Sources"
		/>,
	)
	expect(out).toMatch(
		/<ul[^>]*><li[^>]*>Run <code[^>]*>npm test<\/code><a href="https:\/\/docs.example\/testing"[^>]*aria-label="Source 1: Testing"/,
	)
	expect(out).toMatch(/Then deploy<a href="#m1-source-2"/)
})

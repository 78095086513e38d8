// Website import: fetch one page safely and keep its readable text.
import { convert } from 'html-to-text'
import { getEnv } from '~/lib/env.server.ts'
import { safeFetch } from '~/lib/safe-fetch.server.ts'

/** Scripts, styles, navigation and other chrome are dropped; the main content is kept. */
export function htmlToKnowledgeText(html: string) {
	const hasMain = /<main[\s>]/i.test(html)
	const text = convert(html, {
		wordwrap: false,
		baseElements: { selectors: [hasMain ? 'main' : 'body'] },
		selectors: [
			...[
				'script',
				'style',
				'noscript',
				'template',
				'svg',
				'canvas',
				'iframe',
				'nav',
				'header',
				'footer',
				'aside',
				'form',
				'button',
				'select',
			].map((selector) => ({ selector, format: 'skip' })),
			{ selector: 'a', options: { ignoreHref: true } },
			{ selector: 'img', format: 'skip' },
			{ selector: 'h1', options: { uppercase: false } },
			{ selector: 'h2', options: { uppercase: false } },
			{ selector: 'h3', options: { uppercase: false } },
			{ selector: 'h4', options: { uppercase: false } },
			{ selector: 'h5', options: { uppercase: false } },
			{ selector: 'h6', options: { uppercase: false } },
			{ selector: 'table', format: 'dataTable' },
		],
	})
	// Whitespace collapsed within lines; paragraph breaks kept, since they guide retrieval chunks.
	return text
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
		.join('\n\n')
}

export async function importWebsite(url: string) {
	const page = await safeFetch(url, {
		allow: getEnv().WEBSITE_IMPORT_ALLOW,
		timeoutMs: 10_000,
		maxBytes: 3 * 1024 * 1024,
	})
	return { url: page.url, text: htmlToKnowledgeText(page.body) }
}

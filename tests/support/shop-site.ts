// A small shop's site whose pages a test can change: /shop/<key>/ links to its warranty, repairs and
// delivery pages; a POST to /shop/<key>/change?page=repairs rewrites that page (the repair time goes
// from 48 hours to a week). Each key is a shop of its own, so parallel tests do not share one. Served
// by the import test website (website-server.ts) for the test-set tests (tests/e2e/test-sets.spec.ts).

const PAGES = {
	warranty: {
		title: 'Warranty',
		text: ['Every Acme widget carries a seven-year warranty covering the flux capacitor.'],
		changed: ['Every Acme widget carries a seven-year warranty covering the flux capacitor.'],
	},
	repairs: {
		title: 'Repairs',
		text: ['Our workshop in Pune repairs widgets within 48 hours.'],
		changed: ['Our workshop in Pune repairs widgets within a week.'],
	},
	delivery: {
		title: 'Delivery',
		text: ['We deliver across India in three to five working days.'],
		changed: ['We deliver across India in three to five working days.'],
	},
} as const

type ShopPage = keyof typeof PAGES
const changedPages = new Map<string, Set<string>>()

const layout = (key: string, title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Acme Widgets</title></head>
<body><nav>${Object.entries(PAGES)
	.map(([slug, page]) => `<a href="/shop/${key}/${slug}">${page.title}</a>`)
	.join(' ')}</nav>
<main>${body}</main></body></html>`

/** The shop's answer to `method` `pathname` (with `search`), or null when it is not the shop's. */
export function shopResponse(method: string, pathname: string, search: URLSearchParams) {
	const match = /^\/shop\/([\w-]{1,40})\/([a-z]*)$/.exec(pathname)
	if (!match) return null
	const [, key, slug] = match
	if (method === 'POST' && slug === 'change') {
		const page = search.get('page') ?? ''
		if (!(page in PAGES)) return { status: 400, body: 'unknown page' }
		changedPages.set(key, (changedPages.get(key) ?? new Set()).add(page))
		return { status: 200, body: 'changed' }
	}
	if (slug === '')
		return { status: 200, html: layout(key, 'Acme Widgets', '<h1>Acme Widgets</h1><p>Widgets made in Pune.</p>') }
	if (!(slug in PAGES)) return null
	const page = PAGES[slug as ShopPage]
	const paragraphs = changedPages.get(key)?.has(slug) ? page.changed : page.text
	return {
		status: 200,
		html: layout(key, page.title, `<h1>${page.title}</h1>${paragraphs.map((text) => `<p>${text}</p>`).join('')}`),
	}
}

// The shape of the site's text pages (Privacy Policy, Terms of Service, Cookies, About Us, the blog's
// articles): a heading, an intro and sections, drawn by components/document-page.tsx. Text stays
// text: a paragraph may hold links written [like this](/path), and nothing else is markup.

/** A cookie the app sets, as the Cookies page lists it. */
export type CookieInfo = {
	name: string
	purpose: string
	setWhen: string
	lifetime: string
}

/** A paragraph, a bulleted list, or the cookie table. */
export type DocumentBlock = string | { list: readonly string[] } | { cookies: readonly CookieInfo[] }

type DocumentSection = {
	/** The section's anchor (/privacy#chatbot-visitors). */
	id: string
	heading: string
	blocks: readonly DocumentBlock[]
}

export type SiteDocument = {
	path: string
	/** The small label above the title ("Legal", "Blog"). */
	eyebrow: string
	title: string
	/** The page's meta description (50 characters or more). */
	description: string
	intro: string
	/** "Last updated" date, as shown; legal pages have one. */
	updated?: string
	sections: readonly DocumentSection[]
}

/** A paragraph's text and links, in order: [text](href) is a link, everything else text. */
export function inlineParts(paragraph: string): Array<string | { text: string; href: string }> {
	const parts: Array<string | { text: string; href: string }> = []
	let last = 0
	for (const match of paragraph.matchAll(/\[([^[\]]+)\]\(([^()\s]+)\)/g)) {
		if (match.index > last) parts.push(paragraph.slice(last, match.index))
		parts.push({ text: match[1]!, href: match[2]! })
		last = match.index + match[0].length
	}
	if (last < paragraph.length) parts.push(paragraph.slice(last))
	return parts
}

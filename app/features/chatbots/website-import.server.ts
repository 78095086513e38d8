import { getEnv } from '~/lib/env.server.ts'
import { logValue } from '~/lib/log.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { addressRefusal, SafeFetchError } from '~/lib/safe-fetch.server.ts'
// Website import for a signed-in user: rate limited, SSRF-safe, the page's text ready to append.
// Used by the builder's form post and by GET /api/scrape.
import { chargeWebsiteImport } from './chatbot-limits.server.ts'
import { WebsiteUrlSchema } from './chatbot-schema.ts'
import { importWebsite } from './ingest/website.server.ts'
import { websiteKnowledge } from './knowledge-base.ts'

/** Why an import was refused: not a website address, too many imports, or nothing could be read. */
export type WebsiteImportRefusal = 'invalid-url' | 'rate-limited' | 'unreadable'

export type WebsiteImportResult =
	| { kind: 'empty' }
	| { kind: 'ok'; url: string; added: string }
	| { kind: 'error'; reason: WebsiteImportRefusal; message: string }

/**
 * Why a site the create form holds will be refused when its crawl starts (a private or local
 * address not on the allowlist), in the words the Knowledge section's failed row would give; null
 * when only the crawl can tell. The first refusal among `urls`, looked up at once.
 */
export async function websiteRefusal(urls: string[]): Promise<string | null> {
	const allow = getEnv().WEBSITE_IMPORT_ALLOW
	const refusals = await Promise.all(urls.map((url) => addressRefusal(url, { allow })))
	return refusals.find((refusal) => refusal !== null) ?? null
}

export async function importWebsiteForUser(userId: string, rawUrl: string): Promise<WebsiteImportResult> {
	const parsed = WebsiteUrlSchema.safeParse(rawUrl)
	if (!parsed.success) return { kind: 'error', reason: 'invalid-url', message: parsed.error.issues[0].message }
	const url = parsed.data
	// Spec: website import does nothing when the URL is empty.
	if (!url) return { kind: 'empty' }
	const limit = await chargeWebsiteImport(userId)
	if (!limit.allowed)
		return { kind: 'error', reason: 'rate-limited', message: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	try {
		const page = await importWebsite(url, userId)
		if (!page.text) return { kind: 'error', reason: 'unreadable', message: 'No readable text was found on that page.' }
		return { kind: 'ok', url, added: websiteKnowledge(url, page.text) }
	} catch (error) {
		if (!(error instanceof SafeFetchError)) throw error
		console.warn(`Chatbot builder: user ${userId} could not import ${logValue(url)}: ${error.code}: ${error.message}`)
		return { kind: 'error', reason: 'unreadable', message: error.message }
	}
}

import type { WebsiteImportRefusal } from '~/features/chatbots/website-import.server.ts'

/** The HTTP status of a refused website import: the builder's form post and GET /api/scrape answer alike. */
export const websiteImportStatus: Record<WebsiteImportRefusal, number> = {
	'invalid-url': 400,
	'rate-limited': 429,
	unreadable: 422,
}

import { getUser } from '~/features/accounts/auth.server.ts'
import { importWebsiteForUser } from '~/features/chatbots/website-import.server.ts'
import { jsonError, privateHeaders } from '~/lib/http.server.ts'
import { websiteImportStatus } from '~/routes/playground/chatbots/website-import-status.ts'
import type { Route } from './+types/scrape'

// GET /api/scrape?url=…: website import for the builder (spec section 7). Signed-in users only, so
// it is not an open proxy; the page's readable text comes back ready to append.
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return jsonError('Sign in to import websites.', 401)
	const result = await importWebsiteForUser(user.id, new URL(request.url).searchParams.get('url') ?? '')
	const headers = privateHeaders()
	if (result.kind === 'empty') return jsonError('Enter a website address.', 400)
	if (result.kind === 'error')
		return Response.json({ error: result.message }, { status: websiteImportStatus[result.reason], headers })
	return Response.json({ url: result.url, content: result.added }, { headers })
}

import { getUser } from '~/features/accounts/auth.server.ts'
import { liveFeedResponse } from '~/lib/live-feed.server.ts'
import { callLogListener } from '~/lib/table-changes.server.ts'
import type { Route } from './+types/events'

// GET /playground/dashboard/events: the administrator's live feed of call_logs changes (SSE).
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user?.isAdmin) return new Response('Forbidden', { status: 403 })
	return liveFeedResponse(request, callLogListener, { holder: user.id })
}

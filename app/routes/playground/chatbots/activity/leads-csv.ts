import { leadsCsv } from '~/features/chatbots/conversations/leads.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/leads-csv'

// GET /playground/chatbots/:chatbotId/leads.csv: every lead of the owner's chatbot as a CSV download.
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const csv = await leadsCsv(user.id, params.chatbotId)
	if (csv === null) return new Response('Not found.', { status: 404 })
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="leads-${params.chatbotId.slice(0, 8)}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

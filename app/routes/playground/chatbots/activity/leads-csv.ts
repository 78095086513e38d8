import { leadsCsv } from '~/features/chatbots/conversations/leads.server.ts'
import { csvDownload } from '~/lib/http.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/leads-csv'

// GET /playground/chatbots/:chatbotId/leads.csv: every lead of the owner's chatbot as a CSV download.
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	return csvDownload(await leadsCsv(user.id, params.chatbotId), `leads-${params.chatbotId.slice(0, 8)}.csv`)
}

import { exportTests } from '~/features/chatbots/test-sets/tests.server.ts'
import { csvDownload } from '~/lib/http.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/tests-csv'

// GET /playground/chatbots/:chatbotId/tests.csv: the owner's test set as a CSV file (ADR 0057).
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	return csvDownload(await exportTests(user.id, params.chatbotId), `tests-${params.chatbotId.slice(0, 8)}.csv`)
}

import { exportTests } from '~/features/chatbots/test-sets/tests.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/tests-csv'

// GET /playground/chatbots/:chatbotId/tests.csv: the owner's test set as a CSV file (ADR 0057).
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const csv = await exportTests(user.id, params.chatbotId)
	if (csv === null) return new Response('Not found.', { status: 404 })
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="tests-${params.chatbotId.slice(0, 8)}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

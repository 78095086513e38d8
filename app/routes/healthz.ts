import { prisma } from '~/lib/db.server.ts'
import { withDeadline } from '~/lib/deadline.ts'
import type { Route } from './+types/healthz'

/** A load balancer wants an answer quickly, even when the database gives none. */
const HEALTH_DEADLINE_MS = 1_000
const headers = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }

// For load balancers and the test harness: 200 only when the database answers within a second.
export async function loader({ request }: Route.LoaderArgs) {
	try {
		await withDeadline(
			prisma.$queryRaw`SELECT 1`,
			HEALTH_DEADLINE_MS,
			() => new Error(`no answer within ${HEALTH_DEADLINE_MS} ms`),
		)
		return new Response('OK', { headers })
	} catch (error) {
		console.error(`healthz ${new URL(request.url).pathname}: database check failed:`, (error as Error).message)
		return new Response('Database unavailable', { status: 503, headers })
	}
}

import { prisma } from '~/lib/db.server.ts'
import type { Route } from './+types/healthz'

// For load balancers and the test harness: 200 only when the database answers.
export async function loader({ request }: Route.LoaderArgs) {
	try {
		await prisma.$queryRaw`SELECT 1`
		return new Response('OK', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
	} catch (error) {
		console.error(`healthz ${new URL(request.url).pathname}: database check failed`, error)
		return new Response('Database unavailable', {
			status: 503,
			headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
		})
	}
}

import { LayoutDashboard } from 'lucide-react'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { requireAdmin } from '~/utils/auth.server.ts'
import type { Route } from './+types/playground-dashboard'

// Administrator only, decided on the server: anyone else gets 403, even by typing the URL.
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

export default function DashboardRoute() {
	return (
		<TabPlaceholder
			icon={LayoutDashboard}
			title="Conversation Dashboard"
			text="Voice conversations will arrive here live, with their status, duration and transcript."
		/>
	)
}

export function ErrorBoundary() {
	return (
		<TabPlaceholder icon={LayoutDashboard} title="Not available" text="The dashboard is only for the administrator of this site." />
	)
}

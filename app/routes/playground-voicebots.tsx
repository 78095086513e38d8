import { AudioLines } from 'lucide-react'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import type { Route } from './+types/playground-voicebots'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return null
}

export default function VoicebotBuilderRoute() {
	return (
		<TabPlaceholder
			icon={AudioLines}
			title="Voicebot Builder"
			text="Voice assistants with their own voice, language and instructions will be created and tested here."
		/>
	)
}

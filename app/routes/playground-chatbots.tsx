import { Bot } from 'lucide-react'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import type { Route } from './+types/playground-chatbots'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return null
}

export default function ChatbotBuilderRoute() {
	return (
		<TabPlaceholder
			icon={Bot}
			title="Chatbot Builder"
			text="Knowledge-base chatbots built from your documents and website will be created, previewed and embedded here."
		/>
	)
}

// /playground/voicebots/:agentId/settings: which model answers the assistant (the Model card), and
// Delete behind its confirmation (`?delete`). Both post here.
import { data } from 'react-router'
import { DeleteSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { modelChoiceView } from '~/features/models/model-choice.server.ts'
import { ModelChoiceCard } from '~/features/models/ui/model-choice-card.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentKind, agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/settings'
import { agentSectionAction, requireOwnedAgent } from './agent-section.server.ts'

const { page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { agent } = await requireOwnedAgent(request, params.agentId)
	return data(
		{
			agent: { id: agent.id, name: agent.name, isActive: agent.isActive },
			modelChoice: await modelChoiceView(agent),
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders() },
	)
}

export const action = ({ request, params }: Route.ActionArgs) => agentSectionAction(request, params.agentId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.settings}: ${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, modelChoice, confirmingDelete } = loaderData
	const modelErrors = actionData && 'modelErrors' in actionData ? actionData.modelErrors : undefined
	const pagePath = agentPaths(agent.id).settings
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<ModelChoiceCard key={JSON.stringify(modelChoice)} pagePath={pagePath} view={modelChoice} errors={modelErrors} />
			<DeleteSection kind={agentKind} item={agent} pagePath={pagePath} confirming={confirmingDelete} />
		</div>
	)
}

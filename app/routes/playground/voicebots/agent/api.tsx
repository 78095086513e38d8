// /playground/voicebots/:agentId/api: the snippet that starts, talks to and ends a conversation with
// the assistant from the owner's own code, with a Copy button once JavaScript runs.
import { data } from 'react-router'
import { CodeBox, CopyCodeButton } from '~/components/playground/builder-parts.tsx'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { voiceApiSnippet } from '~/features/voice/api-snippet.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentKind } from '~/features/voice/ui/agent-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import type { Route } from './+types/api'
import { requireOwnedAgent } from './agent-section.server.ts'

const { page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { agent } = await requireOwnedAgent(request, params.agentId)
	return data(
		{ name: agent.name, apiSnippet: voiceApiSnippet(getSiteOrigin(request), agent.id) },
		{ headers: privateHeaders() },
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.api}: ${data ? data.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentApiRoute({ loaderData }: Route.ComponentProps) {
	const { apiSnippet } = loaderData
	return (
		<WorkspaceSection
			id="api"
			title={page.apiTitle}
			action={<CopyCodeButton kind={agentKind} code={apiSnippet} label={page.copyApi} />}
		>
			<CodeBox id="api-code" rows={10} code={apiSnippet} label={page.apiLabel} />
		</WorkspaceSection>
	)
}

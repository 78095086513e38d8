// /playground/voicebots/:agentId: a voice assistant's Assistant section, its form (name, voice,
// description, instructions, first message, language). "Save Changes" posts here and comes back here.
import { data } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { speechProvider } from '~/features/voice/speech.server.ts'
import { AgentForm } from '~/features/voice/ui/agent-form.tsx'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/assistant'
import { agentSectionAction, requireOwnedAgent } from './agent-section.server.ts'

const { page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { agent } = await requireOwnedAgent(request, params.agentId)
	return data(
		{
			agent: {
				id: agent.id,
				name: agent.name,
				description: agent.description ?? '',
				instructions: agent.instructions,
				firstMessage: agent.firstMessage,
				voiceId: agent.voiceId,
				language: agent.language,
			},
			serverSpeech: (await speechProvider()) !== null,
		},
		{ headers: privateHeaders() },
	)
}

export const action = ({ request, params }: Route.ActionArgs) => agentSectionAction(request, params.agentId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentAssistantRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, serverSpeech } = loaderData
	return (
		<>
			<ToastMessage toast={actionData?.toast} />
			<AgentForm
				// The form starts afresh when a save changes the assistant.
				key={JSON.stringify(agent)}
				mode="edit"
				title={page.formTitle}
				values={(actionData && 'values' in actionData ? actionData.values : null) ?? agent}
				errors={(actionData && 'errors' in actionData ? actionData.errors : null) ?? {}}
				cancelTo={agentPaths(agent.id).assistant}
				serverSpeech={serverSpeech}
			/>
		</>
	)
}

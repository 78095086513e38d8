// /playground/voicebots/:agentId/test: the voice test as a section, for phones, where it does not
// stand beside the other sections (on wide screens this page shows it in the middle instead).
import { data } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { voiceProviders } from '~/features/voice/speech.server.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { VoiceTestPanel } from '~/features/voice/ui/voice-test-panel.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/test'
import { requireOwnedAgent } from './agent-section.server.ts'

const { page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { agent } = await requireOwnedAgent(request, params.agentId)
	return data(
		{
			agent: { id: agent.id, name: agent.name, language: agent.language },
			transcription: (await transcriptionProvider()) !== null,
			model: await modelSummary(agent),
			providers: await voiceProviders(agent.voiceId),
		},
		{ headers: privateHeaders() },
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.test}: ${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentTestRoute({ loaderData }: Route.ComponentProps) {
	const { agent, transcription, model, providers } = loaderData
	return (
		<VoiceTestPanel
			agent={agent}
			transcription={transcription}
			model={model}
			providers={providers}
			className="mx-auto min-h-[32rem] max-w-3xl lg:h-[calc(100dvh-10rem)]"
		/>
	)
}

// /playground/voicebots/:agentId/test: the voice test as a section, for phones, where it does not
// stand beside the other sections (on wide screens this page shows it in the middle instead).
// Without JavaScript it is a typed conversation (issue 32: typing always works): its form posts
// here, the action starts, continues or ends the conversation through the voice API's own
// functions, and redirects back (?conversation=<id>) with a toast, so a reload never posts again.
import { data, redirect } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { retrieveKnowledge } from '~/features/chatbots/reply.server.ts'
import { VoiceError } from '~/features/voice/conversations.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { voiceProviders } from '~/features/voice/speech.server.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { TypedVoiceTestSchema } from '~/features/voice/typed-test-schema.ts'
import { runTypedTest, typedConversation } from '~/features/voice/typed-test.server.ts'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { VoiceTestPanel } from '~/features/voice/ui/voice-test-panel.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { limitVoiceCaller } from '~/routes/api/voice-chat/voice-api.server.ts'
import type { Route } from './+types/test'
import { requireOwnedAgent } from './agent-section.server.ts'

const { page, toasts } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, agent } = await requireOwnedAgent(request, params.agentId)
	const conversationId = new URL(request.url).searchParams.get('conversation')
	return data(
		{
			agent: { id: agent.id, name: agent.name, language: agent.language },
			transcription: (await transcriptionProvider()) !== null,
			model: await modelSummary(agent),
			providers: await voiceProviders(agent.voiceId),
			typed: await typedConversation(user.id, agent.id, conversationId),
		},
		{ headers: privateHeaders() },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { agent } = await requireOwnedAgent(request, params.agentId)
	const testPath = agentPaths(agent.id).test
	const parsed = TypedVoiceTestSchema.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success) {
		const back = new URL(request.url).searchParams.get('conversation')
		return redirectWithToast(back ? `${testPath}?conversation=${encodeURIComponent(back)}` : testPath, {
			type: 'error',
			title: toasts.processing.title,
			description: parsed.error.issues[0]?.message,
		})
	}
	const input = parsed.data
	const here = (id: string | null) => (id ? `${testPath}?conversation=${id}#voice-test` : `${testPath}#voice-test`)
	try {
		const { conversationId } = await runTypedTest(agent.id, input, {
			admit: await limitVoiceCaller(request),
			retrieve: retrieveKnowledge,
			signal: request.signal,
		})
		if (input.intent === 'voice-start')
			return redirectWithToast(here(conversationId), { type: 'success', title: toasts.connected })
		if (input.intent === 'voice-end') return redirectWithToast(here(null), { type: 'message', ...toasts.disconnected })
		return redirect(here(conversationId))
	} catch (error) {
		if (!(error instanceof VoiceError) && (error as Error).name !== 'VoiceApiError') throw error
		const conversationId = 'conversationId' in input ? input.conversationId : null
		return redirectWithToast(here(conversationId), {
			type: 'error',
			title: toasts.processing.title,
			description: (error as Error).message,
		})
	}
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.test}: ${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentTestRoute({ loaderData }: Route.ComponentProps) {
	const { agent, transcription, model, providers, typed } = loaderData
	return (
		<VoiceTestPanel
			agent={agent}
			transcription={transcription}
			model={model}
			providers={providers}
			typed={typed ?? 'none'}
			className="mx-auto h-[calc(100dvh-6rem)] min-h-[30rem] max-w-3xl scroll-mt-20 lg:h-[calc(100dvh-10rem)]"
		/>
	)
}

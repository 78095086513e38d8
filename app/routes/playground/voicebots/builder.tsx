import { useState } from 'react'
import { data } from 'react-router'
import { BuilderList, BuilderListBoundary } from '~/components/playground/builder-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { listAgents } from '~/features/voice/agents.server.ts'
import { voiceApiSnippet } from '~/features/voice/api-snippet.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { describeVoiceProviders, speechProvider, voiceProvidersInUse } from '~/features/voice/speech.server.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { AgentCard, type AgentSummary } from '~/features/voice/ui/agent-card.tsx'
import { blankAgentForm, AgentForm } from '~/features/voice/ui/agent-form.tsx'
import { agentKind } from '~/features/voice/ui/agent-kind.ts'
import { VoiceTestDialog } from '~/features/voice/ui/voice-test-dialog.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/builder'
import { builderAction } from './builder-actions.server.ts'

const { toasts } = voicebotBuilder

// ?new shows the form, ?delete=<id> asks to confirm on that card, ?api=<id> shows its API snippet.
export async function loader({ request }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	const search = new URL(request.url).searchParams
	const headers = privateHeaders(setCookie)
	const base = {
		creating: search.has('new'),
		deleting: null as string | null,
		showingApi: null as string | null,
		transcription: (await transcriptionProvider()) !== null,
		serverSpeech: (await speechProvider()) !== null,
	}
	try {
		const origin = getSiteOrigin(request)
		const providers = await voiceProvidersInUse()
		const agents: AgentSummary[] = (await listAgents(user.id)).map((a) => ({
			id: a.id,
			name: a.name,
			description: a.description,
			voiceId: a.voiceId,
			language: a.language,
			isActive: a.isActive,
			apiSnippet: voiceApiSnippet(origin, a.id),
			providers: describeVoiceProviders(providers, a.voiceId),
		}))
		// Only ids of this user's own assistants are echoed back into the page.
		const own = (id: string | null) => (id && agents.some((a) => a.id === id) ? id : null)
		return data(
			{ ...base, deleting: own(search.get('delete')), showingApi: own(search.get('api')), agents, error: null },
			{ headers },
		)
	} catch (error) {
		console.error(`Voicebot builder: listing agents of user ${user.id} failed:`, error)
		return data(
			{ ...base, creating: false, agents: [], error: makeToast({ type: 'error', title: toasts.listFailed }) },
			{ status: 500, headers },
		)
	}
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	return builderAction(request, user.id)
}

export const meta: Route.MetaFunction = () => [
	{ title: 'Voicebot Builder | AI Playground' },
	{ name: 'robots', content: 'noindex' },
]

export default function VoicebotBuilderRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agents, creating, deleting, showingApi, transcription, serverSpeech, error } = loaderData
	const hydrated = useHydrated()
	const [testing, setTesting] = useState<AgentSummary | null>(null)

	if (creating || actionData) {
		return (
			<section aria-label="Voicebot Builder">
				<ToastMessage toast={actionData?.toast} />
				<AgentForm
					values={actionData?.values ?? blankAgentForm}
					errors={actionData?.errors ?? {}}
					serverSpeech={serverSpeech}
				/>
			</section>
		)
	}

	return (
		<BuilderList
			kind={agentKind}
			failed={error !== null}
			count={agents.length}
			after={<VoiceTestDialog agent={testing} transcription={transcription} onClose={() => setTesting(null)} />}
		>
			{agents.map((agent) => (
				<AgentCard
					key={agent.id}
					agent={agent}
					confirmingDelete={deleting === agent.id}
					showingApi={showingApi === agent.id}
					onTest={hydrated ? setTesting : undefined}
				/>
			))}
		</BuilderList>
	)
}

export function ErrorBoundary() {
	return <BuilderListBoundary kind={agentKind} />
}

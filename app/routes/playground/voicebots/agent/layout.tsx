// /playground/voicebots/:agentId and its sections: one voice assistant's workspace. A compact header
// (the way back, its name, status and Active switch), tabs to its sections (Assistant, Knowledge,
// API, Calls, Tests, Settings), each its own URL (ADR 0051), and the voice test beside them on wide screens; on phones
// the test is a section of its own. The test lives here, so a conversation survives a change of
// section. Links and posts work without JavaScript; the voice test needs it and says so without.
import { AudioLines, BookOpen, Code2, Cog, FlaskConical, PhoneCall, SlidersHorizontal } from 'lucide-react'
import { data, Outlet, useLocation } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { useActiveToggle } from '~/components/playground/builder-parts.tsx'
import {
	currentTab,
	NotFoundBoundary,
	WorkspaceLayout,
	type WorkspaceTab,
} from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { voiceProviders } from '~/features/voice/speech.server.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { agentKind, agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { VoiceTestPanel } from '~/features/voice/ui/voice-test-panel.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/layout'
import { agentSectionAction, requireOwnedAgent } from './agent-section.server.ts'

const { card, page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { agent, setCookie } = await requireOwnedAgent(request, params.agentId)
	return data(
		{
			agent: {
				id: agent.id,
				name: agent.name,
				description: agent.description ?? '',
				language: agent.language,
				isActive: agent.isActive,
			},
			// The test starts afresh when a save changes how the assistant talks.
			version: JSON.stringify([
				agent.name,
				agent.description,
				agent.instructions,
				agent.firstMessage,
				agent.voiceId,
				agent.language,
			]),
			transcription: (await transcriptionProvider()) !== null,
			model: await modelSummary(agent),
			providers: await voiceProviders(agent.voiceId),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export const action = ({ request, params }: Route.ActionArgs) => agentSectionAction(request, params.agentId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentLayout({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, version, transcription, model, providers } = loaderData
	const { pathname } = useLocation()
	const toggle = useActiveToggle(agent.isActive)
	const paths = agentPaths(agent.id)
	const onTest = currentTab(pathname, paths.test)
	const tabs: WorkspaceTab[] = [
		{
			to: paths.assistant,
			label: page.assistant,
			icon: SlidersHorizontal,
			current: currentTab(pathname, paths.assistant),
		},
		{ to: paths.knowledge, label: page.knowledge, icon: BookOpen, current: currentTab(pathname, paths.knowledge) },
		{ to: paths.api, label: page.api, icon: Code2, current: currentTab(pathname, paths.api) },
		{ to: paths.calls, label: page.calls, icon: PhoneCall, current: currentTab(pathname, paths.calls) },
		// Its test set over typed turns (ADR 0062).
		{ to: paths.tests, label: page.tests, icon: FlaskConical, current: currentTab(pathname, '', [paths.tests]) },
		{ to: paths.settings, label: page.settings, icon: Cog, current: currentTab(pathname, paths.settings) },
		{ to: paths.test, label: page.test, icon: AudioLines, current: onTest, narrowOnly: true },
	]
	return (
		<>
			<ToastMessage toast={actionData?.toast} />
			<WorkspaceLayout
				kind={agentKind}
				item={agent}
				subtitle={agent.description || card.fallbackDescription}
				toggle={toggle}
				returnTo={pathname}
				tabs={tabs}
				side={
					onTest ? null : (
						<VoiceTestPanel
							key={version}
							agent={agent}
							transcription={transcription}
							model={model}
							providers={providers}
						/>
					)
				}
			>
				<Outlet />
			</WorkspaceLayout>
		</>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...page.notFound} />
}

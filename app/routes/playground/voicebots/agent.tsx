// /playground/voicebots/:agentId: one voice assistant's workspace. Settings on the left, the voice
// test on the right (a section of its own on phones), its API snippet and its latest calls below.
// Settings, the switch, the snippet and Delete are plain links and posts; the voice test needs
// JavaScript (microphone and speech live in the browser) and says so without it.
import { data } from 'react-router'
import { modelCopy } from '~/ai/model-notice.ts'
import { modelSummary } from '~/ai/models.server.ts'
import { CodeBox, CopyCodeButton, useActiveToggle } from '~/components/playground/builder-parts.tsx'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import {
	NotFoundBoundary,
	SidePanel,
	WorkspacePage,
	WorkspaceSection,
} from '~/components/playground/workspace-parts.tsx'
import { modelChoiceCopy } from '~/features/models/copy.ts'
import { modelChoiceView } from '~/features/models/model-choice.server.ts'
import { ModelChoiceCard } from '~/features/models/ui/model-choice-card.tsx'
import { getOwnedAgent, listAgentCalls } from '~/features/voice/agents.server.ts'
import { voiceApiSnippet } from '~/features/voice/api-snippet.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { transcriptionProvider } from '~/features/voice/transcribe.server.ts'
import { AgentForm } from '~/features/voice/ui/agent-form.tsx'
import { agentKind } from '~/features/voice/ui/agent-kind.ts'
import { VoiceTest } from '~/features/voice/ui/voice-test-dialog.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { formatDuration } from '~/lib/format-duration.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/agent'
import { agentPageAction } from './agent-page-actions.server.ts'

const { card, page, test, toasts } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	// Someone else's assistant looks exactly like one that does not exist.
	const agent = await getOwnedAgent(user.id, params.agentId)
	if (!agent) throw data(toasts.notFound, { status: 404 })
	const timeZone = getEnv().DASHBOARD_TIME_ZONE
	const when = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		hour: 'numeric',
		minute: '2-digit',
		timeZone,
		timeZoneName: 'short',
	})
	const calls = (await listAgentCalls(user.id, agent.id)).map((call) => ({
		id: call.id,
		caller: call.customerName || 'Unknown caller',
		status: call.callStatus,
		duration: call.callDuration,
		at: call.createdAt.toISOString(),
		atLabel: when.format(call.createdAt),
		inquiry: call.inquiryDetails,
		model: call.model,
	}))
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
				isActive: agent.isActive,
			},
			apiSnippet: voiceApiSnippet(getSiteOrigin(request), agent.id),
			transcription: (await transcriptionProvider()) !== null,
			model: await modelSummary(agent),
			modelChoice: await modelChoiceView(agent),
			calls,
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	if (!(await getOwnedAgent(user.id, params.agentId))) throw data(toasts.notFound, { status: 404 })
	return agentPageAction(request, user.id, params.agentId)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, apiSnippet, transcription, calls, confirmingDelete, model, modelChoice } = loaderData
	const modelErrors = actionData && 'modelErrors' in actionData ? actionData.modelErrors : undefined
	const hydrated = useHydrated()
	const toggle = useActiveToggle(agent.isActive)
	const pagePath = agentKind.itemPath(agent.id)
	// The form and the test start afresh when a save changes the assistant.
	const version = JSON.stringify(agent)
	return (
		<WorkspacePage
			kind={agentKind}
			item={agent}
			subtitle={agent.description || card.fallbackDescription}
			toggle={toggle}
			toast={actionData?.toast}
			confirmingDelete={confirmingDelete}
			links={[
				['#settings', page.settings],
				['#voice-test', page.test],
				['#model', modelChoiceCopy.title],
				['#api', page.api],
				['#calls', page.calls],
			]}
			main={
				<div id="settings" className="scroll-mt-24">
					<AgentForm
						key={version}
						mode="edit"
						title={page.formTitle}
						values={(actionData && 'values' in actionData ? actionData.values : null) ?? agent}
						errors={(actionData && 'errors' in actionData ? actionData.errors : null) ?? {}}
						cancelTo={pagePath}
					/>
				</div>
			}
			side={
				<SidePanel id="voice-test" title={page.testTitle} description={test.description} heightClassName="h-[620px]">
					<ModelNotice model={model} />
					{hydrated ? (
						<VoiceTest key={version} agent={agent} transcription={transcription} />
					) : (
						<p className="grid flex-1 place-items-center bg-slate-50 p-6 text-center text-sm text-slate-600">
							{page.testNeedsScript}
						</p>
					)}
				</SidePanel>
			}
			below={
				<>
					<ModelChoiceCard
						key={JSON.stringify(modelChoice)}
						pagePath={pagePath}
						view={modelChoice}
						errors={modelErrors}
					/>
					<WorkspaceSection
						id="api"
						title={page.apiTitle}
						action={<CopyCodeButton kind={agentKind} code={apiSnippet} label={page.copyApi} />}
					>
						<CodeBox id="api-code" rows={10} code={apiSnippet} label={page.apiLabel} />
					</WorkspaceSection>

					<WorkspaceSection id="calls" title={page.callsTitle}>
						{calls.length === 0 ? (
							<p className="mt-2 text-sm text-slate-600">{page.callsEmpty}</p>
						) : (
							<ul className="mt-3 divide-y divide-slate-100" data-testid="agent-calls">
								{calls.map((call) => (
									<li key={call.id} className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 py-3 text-sm">
										<span className="min-w-0 truncate font-semibold text-slate-900" title={call.caller}>
											{call.caller}
										</span>
										<time dateTime={call.at} className="text-slate-500">
											{call.atLabel}
										</time>
										{call.model ? (
											<span
												data-testid="call-model"
												className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200"
											>
												{modelCopy.answeredBy(call.model)}
											</span>
										) : null}
										<span className="ml-auto text-slate-600 tabular-nums">
											{call.status === 'in-progress' ? 'In progress' : formatDuration(call.duration)}
										</span>
										{call.inquiry ? (
											<p className="w-full min-w-0 truncate text-slate-500" title={call.inquiry}>
												{call.inquiry}
											</p>
										) : null}
									</li>
								))}
							</ul>
						)}
					</WorkspaceSection>
				</>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...page.notFound} />
}

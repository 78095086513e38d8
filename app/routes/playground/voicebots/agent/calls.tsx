// /playground/voicebots/:agentId/calls: the assistant's latest calls (from the voice test and the
// API): who, when, how long, which model answered, how long callers waited for its voice (the
// median first audio, and each turn's latency in a table, as on the dashboard) and what they asked.
import { Timer } from 'lucide-react'
import { data } from 'react-router'
import { modelCopy } from '~/ai/model-notice.ts'
import { CallInquiry } from '~/components/playground/call-inquiry.tsx'
import { CallLatencyDetails } from '~/components/playground/call-latency.tsx'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { listAgentCalls } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { getEnv } from '~/lib/env.server.ts'
import { formatDuration } from '~/lib/format-duration.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { callerName } from '~/lib/voice/caller-name.ts'
import { formatMs } from '~/lib/voice/turn-latency.ts'
import type { Route } from './+types/calls'
import { requireOwnedAgent } from './agent-section.server.ts'

const { page } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, agent } = await requireOwnedAgent(request, params.agentId)
	const when = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		hour: 'numeric',
		minute: '2-digit',
		timeZone: getEnv().DASHBOARD_TIME_ZONE,
		timeZoneName: 'short',
	})
	const calls = (await listAgentCalls(user.id, agent.id)).map((call) => ({
		id: call.id,
		caller: callerName(call.customerName),
		status: call.callStatus,
		duration: call.callDuration,
		at: call.createdAt.toISOString(),
		atLabel: when.format(call.createdAt),
		inquiry: call.inquiryDetails,
		model: call.model,
		latency: call.latency,
	}))
	return data({ name: agent.name, calls }, { headers: privateHeaders() })
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.calls}: ${data ? data.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentCallsRoute({ loaderData }: Route.ComponentProps) {
	const { calls } = loaderData
	return (
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
							{call.latency?.headline ? (
								<span
									data-testid="median-latency"
									className="inline-flex items-center gap-1 text-slate-600"
									title={`Median over the call's turns, from the end of the caller's speech (or the sending of a typed message)`}
								>
									<Timer className="size-3.5 shrink-0" aria-hidden />
									<span className="sr-only">Median {call.latency.headline.label.toLowerCase()}: </span>
									<span aria-hidden>{call.latency.headline.label}</span>
									<span className="font-semibold text-slate-800 tabular-nums">
										{formatMs(call.latency.headline.ms)}
									</span>
								</span>
							) : null}
							<span className="ml-auto text-slate-600 tabular-nums">
								{call.status === 'in-progress' ? 'In progress' : formatDuration(call.duration)}
							</span>
							{call.inquiry ? (
								<div className="w-full min-w-0">
									<CallInquiry details={call.inquiry} />
								</div>
							) : null}
							{call.latency ? (
								<div className="w-full min-w-0">
									<CallLatencyDetails latency={call.latency} customerName={call.caller} />
								</div>
							) : null}
						</li>
					))}
				</ul>
			)}
		</WorkspaceSection>
	)
}

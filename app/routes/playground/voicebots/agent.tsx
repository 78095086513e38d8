// /playground/voicebots/:agentId: one voice assistant's workspace. Settings on the left, the voice
// test on the right (a section of its own on phones), its API snippet and its latest calls below.
// Settings, the switch, the snippet and Delete are plain links and posts; the voice test needs
// JavaScript (microphone and speech live in the browser) and says so without it.
import { ArrowLeft, AudioLines, Copy, Trash2 } from 'lucide-react'
import { data, Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import {
	ActiveSwitch,
	CodeBox,
	copyCode,
	DeleteConfirmation,
	useActiveToggle,
} from '~/components/playground/builder-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { requireUser } from '~/features/accounts/auth.server.ts'
import { getOwnedAgent, listAgentCalls } from '~/features/voice/agents.server.ts'
import { voiceApiSnippet } from '~/features/voice/api-snippet.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { transcriptionSettings } from '~/features/voice/transcribe.server.ts'
import { AgentForm } from '~/features/voice/ui/agent-form.tsx'
import { VoiceTest } from '~/features/voice/ui/voice-test-dialog.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import type { Route } from './+types/agent'
import { voicebotBuilderAction } from './builder.server.ts'

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
			transcription: transcriptionSettings() !== null,
			calls,
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	if (!(await getOwnedAgent(user.id, params.agentId))) throw data(toasts.notFound, { status: 404 })
	return voicebotBuilderAction(request, user.id, params.agentId)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

const formatDuration = (seconds: number) =>
	seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`

export default function AgentRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, apiSnippet, transcription, calls, confirmingDelete } = loaderData
	const hydrated = useHydrated()
	const toggle = useActiveToggle(agent.isActive)
	const pagePath = `/playground/voicebots/${agent.id}`
	return (
		<article aria-labelledby="agent-heading" className="min-w-0">
			<ToastMessage toast={actionData?.toast} />
			<Link
				to="/playground/voicebots"
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{page.back}
			</Link>

			<header className="mt-3 flex min-w-0 flex-wrap items-center gap-3">
				<span className="to-brand-600 grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-500 text-white shadow-sm">
					<AudioLines className="size-5" aria-hidden />
				</span>
				<div className="min-w-0 flex-1">
					<h2
						id="agent-heading"
						title={agent.name}
						className="font-display truncate text-xl font-bold text-slate-950 sm:text-2xl"
					>
						{agent.name}
					</h2>
					<p className="truncate text-sm text-slate-500">{agent.description || card.fallbackDescription}</p>
				</div>
				<Badge tone={toggle.active ? 'emerald' : 'white'} data-testid="status" className="shrink-0">
					<span
						aria-hidden
						className={cn('size-1.5 rounded-full', toggle.active ? 'bg-emerald-500' : 'bg-slate-400')}
					/>
					{toggle.active ? card.active : card.inactive}
				</Badge>
			</header>

			<ActiveSwitch
				toggle={toggle}
				action={pagePath}
				itemId={agent.id}
				label={card.switchLabel(agent.name)}
				onText="Taking calls"
				offText="Switched off"
			/>

			<nav aria-label={page.sectionsLabel} className="mt-4 xl:hidden">
				<ul className="flex flex-wrap gap-2 text-sm font-semibold">
					{[
						['#settings', page.settings],
						['#voice-test', page.test],
						['#api', page.api],
						['#calls', page.calls],
					].map(([href, label]) => (
						<li key={href}>
							<a
								href={href}
								className="inline-flex rounded-full bg-white px-3 py-1.5 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
							>
								{label}
							</a>
						</li>
					))}
				</ul>
			</nav>

			<div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start">
				<div id="settings" className="min-w-0 scroll-mt-24">
					<AgentForm
						key={JSON.stringify(agent)}
						mode="edit"
						title={page.formTitle}
						values={actionData?.values ?? agent}
						errors={actionData?.errors ?? {}}
						cancelTo={pagePath}
					/>
				</div>
				<section
					id="voice-test"
					aria-labelledby="voice-test-heading"
					className="flex h-[620px] min-w-0 scroll-mt-24 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 xl:sticky xl:top-24 xl:row-span-3"
				>
					<header className="border-b border-slate-200 px-5 py-3.5">
						<h3 id="voice-test-heading" className="font-display text-base font-bold text-slate-900">
							{page.testTitle}
						</h3>
						<p className="text-xs text-slate-500">{test.description}</p>
					</header>
					{hydrated ? (
						<VoiceTest key={JSON.stringify(agent)} agent={agent} transcription={transcription} />
					) : (
						<p className="grid flex-1 place-items-center bg-slate-50 p-6 text-center text-sm text-slate-600">
							{page.testNeedsScript}
						</p>
					)}
				</section>
				<div className="min-w-0 space-y-6">
					<section
						id="api"
						aria-labelledby="api-heading"
						className="scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
					>
						<div className="flex flex-wrap items-center justify-between gap-3">
							<h3 id="api-heading" className="font-display text-lg font-bold text-slate-950">
								{page.apiTitle}
							</h3>
							{hydrated ? (
								<Button
									variant="secondary"
									size="sm"
									onClick={() => void copyCode(apiSnippet, { title: toasts.apiCopied }, 'Copy the API code below.')}
								>
									<Copy className="size-4" aria-hidden />
									{page.copyApi}
								</Button>
							) : null}
						</div>
						<CodeBox id="api-code" rows={10} code={apiSnippet} label={page.apiLabel} />
					</section>

					<section
						id="calls"
						aria-labelledby="calls-heading"
						className="scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
					>
						<h3 id="calls-heading" className="font-display text-lg font-bold text-slate-950">
							{page.callsTitle}
						</h3>
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
					</section>

					<section
						aria-labelledby="danger-heading"
						className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
					>
						<h3 id="danger-heading" className="font-display text-lg font-bold text-slate-950">
							{page.dangerTitle}
						</h3>
						<p className="mt-1 text-sm text-slate-600">{page.dangerText}</p>
						{confirmingDelete ? (
							<DeleteConfirmation
								id="agent-delete-confirm"
								action={pagePath}
								question={card.deleteConfirm(agent.name)}
								confirmLabel="Delete assistant"
								cancelTo={pagePath}
								itemId={agent.id}
							/>
						) : (
							<ButtonLink
								to={`${pagePath}?delete`}
								preventScrollReset
								variant="secondary"
								size="sm"
								className="mt-4 text-rose-700 hover:bg-rose-50"
							>
								<Trash2 className="size-4" aria-hidden />
								Delete assistant
							</ButtonLink>
						)}
					</section>
				</div>
			</div>
		</article>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => (
					<section className="mx-auto max-w-2xl rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
						<h2 className="font-display text-xl font-bold text-slate-950">Voice assistant not found</h2>
						<p className="mt-2 text-slate-600">{toasts.notFound}</p>
						<ButtonLink to="/playground/voicebots" className="mt-6">
							Back to your voice assistants
						</ButtonLink>
					</section>
				),
			}}
		/>
	)
}

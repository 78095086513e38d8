import {
	Activity,
	Bot,
	CalendarCheck,
	Clock,
	Cpu,
	LayoutDashboard,
	Mail,
	MessagesSquare,
	Phone,
	RefreshCw,
	Timer,
	Trash2,
} from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { DeleteConfirmation } from '~/components/playground/builder-parts.tsx'
import { CallInquiry } from '~/components/playground/call-inquiry.tsx'
import { CallLatencyDetails } from '~/components/playground/call-latency.tsx'
import { TabPlaceholder } from '~/components/playground/tab-placeholder.tsx'
import { readableTranscript } from '~/components/playground/transcript-reply.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { deleteConversation, getDashboardStats, getRecentConversations } from '~/features/dashboard/dashboard.server.ts'
import { CallDuration } from '~/features/dashboard/ui/call-duration.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { formatDuration } from '~/lib/format-duration.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { useLiveFeed } from '~/lib/use-live-feed.ts'
import { formatMs } from '~/lib/voice/turn-latency.ts'
import { requireAdmin } from '~/routes/guards.server.ts'
import type { Route } from './+types/dashboard'

// Administrator only, decided on the server: anyone else gets 403, even by typing the URL.
export async function loader({ request }: Route.LoaderArgs) {
	const { setCookie } = await requireAdmin(request)
	const timeZone = getEnv().DASHBOARD_TIME_ZONE
	const headers = privateHeaders(setCookie)
	try {
		const [stats, conversations] = await Promise.all([getDashboardStats(timeZone), getRecentConversations(timeZone)])
		// ?delete=<id> asks to confirm on that row (the same inline confirmation as the builders).
		const asked = new URL(request.url).searchParams.get('delete')
		const deleting = conversations.some((c) => c.id === asked) ? asked : null
		return data({ stats, conversations, timeZone, deleting, error: null }, { headers })
	} catch (error) {
		console.error('Dashboard: loading conversations failed:', error)
		return data(
			{
				stats: null,
				conversations: [],
				timeZone,
				deleting: null,
				error: makeToast({ type: 'error', title: 'Failed to fetch conversations' }),
			},
			{ status: 500, headers },
		)
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('refresh') }),
	z.object({ intent: z.literal('delete'), id: z.uuid() }),
])

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const parsed = ActionSchema.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success)
		return redirectWithToast('/playground/dashboard', {
			type: 'error',
			title: 'Failed to delete conversation',
		})
	if (parsed.data.intent === 'refresh')
		return redirectWithToast('/playground/dashboard', {
			type: 'success',
			title: 'Dashboard Updated',
		})
	try {
		const deleted = await deleteConversation(parsed.data.id)
		if (!deleted)
			return redirectWithToast('/playground/dashboard', {
				type: 'error',
				title: 'Failed to delete conversation',
				description: 'It was already gone.',
			})
		return redirectWithToast('/playground/dashboard', {
			type: 'success',
			title: 'Conversation Deleted',
		})
	} catch (error) {
		console.error(`Dashboard: deleting conversation ${parsed.data.id} failed:`, error)
		return redirectWithToast('/playground/dashboard', {
			type: 'error',
			title: 'Failed to delete conversation',
		})
	}
}

const statusStyles: Record<string, string> = {
	completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
	'in-progress': 'bg-sky-50 text-sky-700 ring-sky-200',
	failed: 'bg-rose-50 text-rose-700 ring-rose-200',
}

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
	const live = useLiveFeed('/playground/dashboard/events')
	const { stats, conversations, deleting, error } = loaderData
	const cards = stats
		? [
				{ label: 'Total Conversations', value: String(stats.total), icon: MessagesSquare },
				{ label: 'Active Calls', value: String(stats.active), icon: Activity },
				{ label: 'Avg Duration', value: formatDuration(stats.avgDuration), icon: Clock },
				{ label: 'Completed Today', value: String(stats.completedToday), icon: CalendarCheck },
			]
		: []
	return (
		<section aria-labelledby="dashboard-heading" className="min-w-0 space-y-6">
			<ToastMessage toast={error} />
			<div className="flex flex-wrap items-center justify-between gap-3">
				<div className="flex items-center gap-3">
					<h2 id="dashboard-heading" className="font-display text-xl font-bold text-slate-950">
						Conversation Dashboard
					</h2>
					{/* Without JavaScript there is no feed: the page says nothing rather than "Connecting…" for ever. */}
					{live === 'off' ? null : (
						<span
							data-testid="live-state"
							data-state={live}
							className={cn(
								'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
								live === 'live'
									? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
									: 'bg-amber-50 text-amber-700 ring-amber-200',
							)}
						>
							<span
								aria-hidden
								className={cn('size-2 rounded-full', live === 'live' ? 'animate-pulse bg-emerald-500' : 'bg-amber-500')}
							/>
							{live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
						</span>
					)}
				</div>
				<div className="flex flex-wrap items-center gap-2">
					<Link
						to="/playground/models"
						className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
					>
						<Cpu className="size-4" aria-hidden />
						Models
					</Link>
					<Form method="post">
						<input type="hidden" name="intent" value="refresh" />
						<button
							type="submit"
							className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
						>
							<RefreshCw className="size-4" aria-hidden />
							Refresh
						</button>
					</Form>
				</div>
			</div>

			{stats ? (
				<dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
					{cards.map((card) => (
						<div
							key={card.label}
							className="flex flex-col-reverse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
						>
							<dt className="mt-1 flex items-center gap-2 text-sm text-slate-600">
								<card.icon className="text-brand-600 size-4" aria-hidden />
								{card.label}
							</dt>
							<dd className="font-display text-3xl font-extrabold text-slate-950" data-testid={`stat-${card.label}`}>
								{card.value}
							</dd>
						</div>
					))}
				</dl>
			) : (
				<TabPlaceholder
					icon={LayoutDashboard}
					title="Failed to fetch conversations"
					text="The conversations could not be loaded. Try Refresh in a moment."
				/>
			)}

			{stats ? (
				<div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
					<h3 className="font-display text-lg font-bold text-slate-950">Recent Conversations</h3>
					{conversations.length === 0 ? (
						<div className="py-12 text-center">
							<MessagesSquare className="mx-auto size-10 text-slate-300" aria-hidden />
							<p className="font-display mt-3 font-bold text-slate-900">No Conversations Yet</p>
							<p className="mt-1 text-sm text-slate-600">Voice conversations appear here the moment they start.</p>
						</div>
					) : (
						<ul className="mt-4 space-y-4" aria-label="Recent Conversations">
							{conversations.map((c) => (
								<li key={c.id} data-testid="conversation" className="min-w-0 rounded-2xl p-4 ring-1 ring-slate-200">
									<div className="flex items-start gap-3">
										<div className="min-w-0 flex-1">
											<p className="flex min-w-0 flex-wrap items-center gap-2 font-semibold text-slate-900">
												<span className="min-w-0 break-words">{c.customerName}</span>
												<span
													data-testid="status"
													className={cn(
														'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
														statusStyles[c.status] ?? 'bg-slate-100 text-slate-700 ring-slate-200',
													)}
												>
													{c.statusLabel}
												</span>
											</p>
											<p className="mt-1 flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
												{c.assistant ? (
													<span data-testid="assistant" className="inline-flex min-w-0 items-center gap-1">
														<Bot className="size-3.5 shrink-0" aria-hidden />
														<span className="sr-only">Assistant: </span>
														<span className="min-w-0 break-words">{c.assistant}</span>
													</span>
												) : null}
												{c.customerPhone ? (
													<span className="inline-flex items-center gap-1">
														<Phone className="size-3.5 shrink-0" aria-hidden />
														{c.customerPhone}
													</span>
												) : null}
												{c.customerEmail ? (
													<span className="inline-flex min-w-0 items-center gap-1">
														<Mail className="size-3.5 shrink-0" aria-hidden />
														<span className="min-w-0 break-all">{c.customerEmail}</span>
													</span>
												) : null}
												<span className="inline-flex items-center gap-1">
													<Clock className="size-3.5" aria-hidden />
													<span className="sr-only">Duration </span>
													<CallDuration seconds={c.durationSeconds} live={c.live} />
												</span>
												{c.latency?.headline ? (
													<span data-testid="median-latency" className="inline-flex items-center gap-1">
														<Timer className="size-3.5 shrink-0" aria-hidden />
														<span className="sr-only">Median {c.latency.headline.label.toLowerCase()}: </span>
														<span aria-hidden>{c.latency.headline.label}</span> {formatMs(c.latency.headline.ms)}
													</span>
												) : null}
												<time dateTime={c.createdAt}>{c.createdAtLabel}</time>
											</p>
										</div>
										<Link
											to={`/playground/dashboard?delete=${c.id}`}
											preventScrollReset
											aria-label={`Delete conversation with ${c.customerName}`}
											className="grid size-9 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-rose-50 hover:text-rose-600"
										>
											<Trash2 className="size-4" aria-hidden />
										</Link>
									</div>
									{deleting === c.id ? (
										<DeleteConfirmation
											id={`conversation-${c.id}-confirm`}
											action="/playground/dashboard"
											question={`Delete the conversation with ${c.customerName}? This cannot be undone.`}
											confirmLabel="Delete conversation"
											cancelTo="/playground/dashboard"
											itemId={c.id}
										/>
									) : null}
									{c.inquiryDetails ? <CallInquiry details={c.inquiryDetails} /> : null}
									{c.transcript ? (
										<pre
											tabIndex={0}
											aria-label={`Transcript of the conversation with ${c.customerName}`}
											className="mt-3 max-h-40 overflow-auto rounded-xl bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200"
										>
											{readableTranscript(c.transcript)}
										</pre>
									) : null}
									{c.latency ? <CallLatencyDetails latency={c.latency} customerName={c.customerName} /> : null}
									{c.transcriptCut ? (
										<a
											href={`/playground/dashboard/transcript/${c.id}`}
											className="text-brand-700 mt-2 inline-block text-sm font-semibold underline-offset-2 hover:underline"
										>
											Full transcript
											<span className="sr-only"> of the conversation with {c.customerName}</span>
										</a>
									) : null}
								</li>
							))}
						</ul>
					)}
				</div>
			) : null}
		</section>
	)
}

export function ErrorBoundary() {
	const failed = () => (
		<TabPlaceholder
			icon={LayoutDashboard}
			title="Failed to fetch conversations"
			text="Something went wrong while loading the dashboard. Reload the page in a moment."
		/>
	)
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				403: () => (
					<TabPlaceholder
						icon={LayoutDashboard}
						title="Not available"
						text="The dashboard is only for the administrator of this site."
					/>
				),
			}}
			defaultStatusHandler={failed}
			unexpectedErrorHandler={failed}
		/>
	)
}

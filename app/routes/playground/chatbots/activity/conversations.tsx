// /playground/chatbots/:chatbotId/conversations: what visitors asked the chatbot, newest first. A GET
// form filters (search, unanswered, feedback, dates, visitors or tests) and pages with a cursor, so
// it all works without JavaScript; with it, new conversations appear live (SSE, then a revalidation).
import { MessageSquare, Search, ThumbsDown, ThumbsUp } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { DeleteStep, WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { activityTimeZone, formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import {
	CONVERSATION_FILTERS,
	CONVERSATION_KINDS,
	ConversationListQuerySchema,
	RETENTION_CHOICES,
	RetentionSchema,
} from '~/features/chatbots/conversations/conversation-schema.ts'
import {
	countConversations,
	deleteAllConversations,
	listConversations,
	setRetention,
} from '~/features/chatbots/conversations/conversations.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { conversationsWithPeople } from '~/features/chatbots/handoff/handoff.server.ts'
import { personName } from '~/features/chatbots/handoff/person-name.ts'
import { HANDOFF_SETTINGS_ID } from '~/features/chatbots/handoff/ui/handoff-settings-form.tsx'
import { HandoffBadge } from '~/features/chatbots/handoff/ui/owner-handoff.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { useLiveFeed } from '~/lib/use-live-feed.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/conversations'

const { list: copy } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const url = new URL(request.url)
	const query = ConversationListQuerySchema.parse(Object.fromEntries(url.searchParams))
	const [page, chatbot, withPeople] = await Promise.all([
		listConversations(user.id, params.chatbotId, query, { timeZone: activityTimeZone() }),
		getOwnedChatbot(user.id, params.chatbotId),
		conversationsWithPeople(user.id, params.chatbotId),
	])
	if (!page || !chatbot || !withPeople) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	// A date that is not one (a hand-edited address) is left out, and its field says so.
	const dateError = (name: 'from' | 'to') => {
		const given = url.searchParams.get(name)
		return given && !query[name] ? copy.notADate(given.slice(0, 40)) : undefined
	}
	return {
		query,
		dateErrors: { from: dateError('from'), to: dateError('to') },
		filtered: Boolean(query.q || query.filter !== 'all' || query.from || query.to || query.after),
		conversations: page.rows.map((row) => ({
			...row,
			when: formatWhen(row.lastMessageAt),
			lastMessageAt: row.lastMessageAt.toISOString(),
			startedAt: row.startedAt.toISOString(),
		})),
		nextCursor: page.nextCursor,
		retentionDays: chatbot.retentionDays,
		// Visitors waiting for a person (first) and conversations a person has: above the list (ADR 0061).
		withPeople: withPeople.map((row) => ({
			id: row.id,
			state: row.state,
			person: row.state === 'person' ? personName(row.person) : null,
			// One title per conversation, everywhere: its first question; the latest (the request for a
			// person, often) under it when it differs.
			firstQuestion: row.firstQuestion,
			lastQuestion: row.lastQuestion !== row.firstQuestion ? row.lastQuestion : null,
			unread: row.unread,
			when: formatWhen(row.requestedAt ?? row.lastMessageAt),
			at: (row.requestedAt ?? row.lastMessageAt).toISOString(),
		})),
		// Asked to delete them all: the confirmation says how many go (ADR 0048).
		deleteAllCount: url.searchParams.has('delete-all') ? await countConversations(user.id, chatbot.id) : null,
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	const form = await readFormData(request)
	const path = `/playground/chatbots/${params.chatbotId}/conversations`
	const intent = form.get('intent')
	if (intent === 'delete-all') {
		const count = await deleteAllConversations(user.id, params.chatbotId)
		if (count === null) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
		return redirectWithToast(path, { type: 'success', title: copy.deletedAll(count) })
	}
	if (intent === 'retention') {
		const parsed = RetentionSchema.safeParse({ retentionDays: form.get('retentionDays') })
		if (!parsed.success)
			return redirectWithToast(path, {
				type: 'error',
				title: copy.retention,
				description: parsed.error.issues[0].message,
			})
		if (!(await setRetention(user.id, params.chatbotId, parsed.data.retentionDays)))
			throw data(chatbotBuilder.toasts.notFound, { status: 404 })
		return redirectWithToast(path, { type: 'success', title: copy.retentionSaved })
	}
	throw data('Unknown action.', { status: 400 })
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

/**
 * One conversation in a list, linking to it: its question, where it came from, what is known of it
 * (`children`: badges, counts) and when. The waiting list above the log uses it too, in amber.
 */
function ConversationRow({
	to,
	title,
	detail,
	at,
	when,
	waiting = false,
	unread = false,
	children,
}: {
	to: string
	title: string
	detail?: string
	/** ISO time of `when`. */
	at: string
	when: string
	waiting?: boolean
	/** A visitor wrote since the owner last saw it: a dot, and words for screen readers. */
	unread?: boolean
	children: React.ReactNode
}) {
	return (
		<li>
			<Link
				to={to}
				className={cn(
					'flex flex-col gap-1.5 px-4 py-3 transition-colors sm:flex-row sm:items-center sm:gap-4',
					waiting ? 'hover:bg-amber-50' : 'hover:bg-slate-50',
				)}
			>
				<span className="min-w-0 flex-1">
					<span className="flex min-w-0 items-center gap-2">
						{unread ? (
							<span data-testid="unread" className="bg-brand-600 size-2.5 shrink-0 rounded-full">
								<span className="sr-only">{handoffCopy.owner.unread}: </span>
							</span>
						) : null}
						<span className="block min-w-0 truncate text-sm font-semibold text-slate-900">{title}</span>
					</span>
					{detail ? <span className="mt-0.5 block truncate text-xs text-slate-500">{detail}</span> : null}
				</span>
				<span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
					{children}
					<time dateTime={at} className="tabular-nums">
						{when}
					</time>
				</span>
			</Link>
		</li>
	)
}

export default function ConversationsRoute({ loaderData, params }: Route.ComponentProps) {
	const { query, dateErrors, conversations, nextCursor, filtered, retentionDays, deleteAllCount, withPeople } =
		loaderData
	const path = `/playground/chatbots/${params.chatbotId}/conversations`
	// Says "Live" only while the feed is open (never without JavaScript).
	const live = useLiveFeed(`${path}/events`) === 'live'
	const keep = new URLSearchParams(
		Object.entries({
			q: query.q,
			filter: query.filter,
			kind: query.kind,
			from: query.from,
			to: query.to,
		}).filter((entry): entry is [string, string] => Boolean(entry[1])),
	)
	return (
		<div className="space-y-6">
			{withPeople.length > 0 ? (
				<WorkspaceSection title={handoffCopy.owner.sectionTitle}>
					<ol
						className="mt-4 divide-y divide-amber-200 rounded-2xl bg-amber-50/40 ring-1 ring-amber-200"
						data-testid="handoff-list"
					>
						{withPeople.map((conversation) => (
							<ConversationRow
								key={conversation.id}
								to={`${path}/${conversation.id}`}
								title={conversation.firstQuestion ?? copy.noQuestion}
								detail={conversation.lastQuestion ?? undefined}
								at={conversation.at}
								when={conversation.when}
								waiting
								unread={conversation.unread}
							>
								<HandoffBadge state={conversation.state} person={conversation.person} />
							</ConversationRow>
						))}
					</ol>
				</WorkspaceSection>
			) : null}
			<WorkspaceSection title={copy.title}>
				<Form
					method="get"
					action={path}
					className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
				>
					<Field
						label={copy.searchLabel}
						type="search"
						name="q"
						defaultValue={query.q ?? ''}
						placeholder={copy.searchPlaceholder}
						className="sm:col-span-2 lg:col-span-1"
					/>
					<SelectField
						label={copy.filterLabel}
						name="filter"
						defaultValue={query.filter}
						options={CONVERSATION_FILTERS.map((value) => ({ value, label: copy.filters[value] }))}
					/>
					<SelectField
						label={copy.kindLabel}
						name="kind"
						defaultValue={query.kind}
						options={CONVERSATION_KINDS.map((value) => ({ value, label: copy.kinds[value] }))}
					/>
					<Field label={copy.from} type="date" name="from" defaultValue={query.from ?? ''} error={dateErrors.from} />
					<Field label={copy.to} type="date" name="to" defaultValue={query.to ?? ''} error={dateErrors.to} />
					<div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
						<Button type="submit" className="flex-1">
							<Search className="size-4" aria-hidden />
							{copy.apply}
						</Button>
						{filtered ? (
							<ButtonLink to={path} variant="secondary">
								{copy.reset}
							</ButtonLink>
						) : null}
					</div>
				</Form>
				<p className="mt-4 flex items-center gap-2 text-xs text-slate-500" data-live={live}>
					<span className="relative flex size-2" aria-hidden>
						{live ? (
							<span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
						) : null}
						<span
							className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-emerald-500' : 'bg-slate-300')}
						/>
					</span>
					{live ? copy.live : copy.notLive}
				</p>
				{conversations.length === 0 ? (
					<p className="mt-6 rounded-2xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">
						{filtered ? copy.emptyFiltered : copy.empty}
					</p>
				) : (
					<ol
						className="mt-4 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200"
						data-testid="conversation-list"
					>
						{conversations.map((conversation) => (
							<ConversationRow
								key={conversation.id}
								to={`${path}/${conversation.id}`}
								title={conversation.firstQuestion ?? copy.noQuestion}
								detail={[conversation.pageUrl, conversation.country].filter(Boolean).join(' · ')}
								at={conversation.lastMessageAt}
								when={conversation.when}
							>
								{conversation.unansweredCount > 0 ? (
									<span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200">
										{copy.unansweredBadge(conversation.unansweredCount)}
									</span>
								) : null}
								{conversation.thumbsUp > 0 ? (
									<span className="inline-flex items-center gap-1 text-emerald-700">
										<ThumbsUp className="size-3.5" aria-label={activityCopy.feedback.helpful} />
										{conversation.thumbsUp}
									</span>
								) : null}
								{conversation.thumbsDown > 0 ? (
									<span className="inline-flex items-center gap-1 text-rose-700">
										<ThumbsDown className="size-3.5" aria-label={activityCopy.feedback.notHelpful} />
										{conversation.thumbsDown}
									</span>
								) : null}
								<span className="inline-flex items-center gap-1">
									<MessageSquare className="size-3.5" aria-hidden />
									{copy.messages(conversation.messageCount)}
								</span>
							</ConversationRow>
						))}
					</ol>
				)}
				<div className="mt-4 flex flex-wrap justify-between gap-2">
					{query.after ? (
						<ButtonLink to={`${path}?${keep}`} variant="secondary" size="sm">
							{copy.newest}
						</ButtonLink>
					) : (
						<span />
					)}
					{nextCursor ? (
						<ButtonLink
							to={`${path}?${new URLSearchParams([...keep, ['after', nextCursor]])}`}
							variant="secondary"
							size="sm"
						>
							{copy.more}
						</ButtonLink>
					) : null}
				</div>
				{/* The handoff's settings are in the chatbot's Settings, where owners look for them. */}
				<p className="mt-4 text-sm">
					<Link
						to={`${chatbotPaths(params.chatbotId).settings}#${HANDOFF_SETTINGS_ID}`}
						className="text-brand-700 font-semibold hover:underline"
					>
						{handoffCopy.owner.settingsLink}
					</Link>
				</p>
			</WorkspaceSection>

			<WorkspaceSection title={copy.retention}>
				<Form method="post" action={path} className="mt-3 flex flex-wrap items-start gap-3">
					<SelectField
						label={copy.retention}
						hideLabel
						name="retentionDays"
						defaultValue={String(retentionDays)}
						options={RETENTION_CHOICES.map((days) => ({
							value: String(days),
							label: copy.retentionDays(days),
						}))}
						hint={copy.retentionHint}
						className="min-w-48"
					/>
					<Button type="submit" name="intent" value="retention" variant="secondary" className="mt-1.5">
						{copy.saveRetention}
					</Button>
				</Form>
				<div className="mt-6 border-t border-slate-200 pt-4">
					<DeleteStep
						confirming={deleteAllCount !== null}
						askTo={`${path}?delete-all`}
						id="delete-all-confirm"
						action={path}
						question={copy.deleteAllConfirm(deleteAllCount ?? 0)}
						confirmLabel={copy.deleteAll}
						itemId="all"
						intent="delete-all"
					/>
				</div>
			</WorkspaceSection>
		</div>
	)
}

// /playground/chatbots/:chatbotId/conversations/:conversationId: one conversation as the visitor saw
// it, and under each answer why it said that: the passages retrieval gave the model, their source
// and score, the model, the time it took, and the visitor's feedback. Delete works without JavaScript.
import { ArrowLeft, BookOpen, Cpu, Globe, ThumbsDown, ThumbsUp, TriangleAlert } from 'lucide-react'
import { useRef } from 'react'
import { data, Link, redirect } from 'react-router'
import { modelCopy, OFFLINE_MODEL_LABEL } from '~/ai/model-notice.ts'
import { ReplyText } from '~/components/chat/reply-text.tsx'
import { DeleteStep, NotFoundBoundary, WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import { ConversationActionSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { deleteConversation, getConversation } from '~/features/chatbots/conversations/conversations.server.ts'
import { HANDOFF_NOTICE_MODEL, replyLabels } from '~/features/chatbots/conversations/reply-labels.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { handoffEnabled, ownerSaw, personWatching } from '~/features/chatbots/handoff/handoff.server.ts'
import { personName } from '~/features/chatbots/handoff/person-name.ts'
import { HandoffControls, useFollowNewest, useOwnerHandoff } from '~/features/chatbots/handoff/ui/owner-handoff.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/conversation'
import { isHandoffIntent, ownerHandoffAction } from './handoff-actions.server.ts'

const { conversation: copy } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const found = await getConversation(user.id, params.chatbotId, params.conversationId)
	if (!found) throw data(copy.notFound.title, { status: 404 })
	// Its person looking at it (without JavaScript too, by reload) has not left it (ADR 0061).
	// Its visitor's messages so far are seen: the list of conversations with a person no longer marks it unread.
	await Promise.all([personWatching(user.id, params.conversationId), ownerSaw(user.id, params.conversationId)])
	const { conversation, messages } = found
	return {
		// The live view's stream sends what comes after this read.
		loadedAt: new Date(Date.now() - 1000).toISOString(),
		handoff: {
			// Take over is offered only while the chatbot hands conversations to a person; a held or
			// waiting one can still be handed back.
			enabled: (await handoffEnabled(user.id, params.chatbotId)) === true,
			state: conversation.handoffState,
			person: conversation.handoffState === 'person' ? personName(user.fullName) : null,
		},
		conversation: {
			...conversation,
			started: formatWhen(conversation.startedAt),
			startedAt: conversation.startedAt.toISOString(),
			lastMessageAt: conversation.lastMessageAt.toISOString(),
		},
		messages: messages.map((message) => ({
			...message,
			createdAt: message.createdAt.toISOString(),
			when: formatWhen(message.createdAt),
		})),
		confirmingDelete: new URL(request.url).searchParams.has('delete'),
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	const form = await readFormData(request)
	const path = `/playground/chatbots/${params.chatbotId}/conversations/${params.conversationId}`
	if (isHandoffIntent(form.get('intent'))) {
		// Without JavaScript: the form posts of the handoff, answered with the page again.
		const outcome = await ownerHandoffAction(user.id, params, form)
		if (outcome.ok)
			return outcome.message ? redirectWithToast(path, { type: 'success', title: outcome.message }) : redirect(path)
		if (outcome.status === 404) throw data(copy.notFound.title, { status: 404 })
		return redirectWithToast(path, { type: 'error', title: outcome.message })
	}
	const parsed = ConversationActionSchema.safeParse(textFieldsOf(form, ['intent']))
	if (!parsed.success) throw data(fieldErrorsOf(parsed.error).intent, { status: 400 })
	if (!(await deleteConversation(user.id, params.chatbotId, params.conversationId)))
		throw data(copy.notFound.title, { status: 404 })
	return redirectWithToast(`/playground/chatbots/${params.chatbotId}/conversations`, {
		type: 'success',
		title: copy.deleted,
	})
}

export const meta: Route.MetaFunction = () => [
	{ title: `Conversation | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ConversationRoute({ loaderData, params }: Route.ComponentProps) {
	const { conversation, messages: loaded, confirmingDelete, handoff, loadedAt } = loaderData
	const list = `/playground/chatbots/${params.chatbotId}/conversations`
	const path = `${list}/${conversation.id}`
	const eventsUrl = `${path}/events`
	// Live: new messages of every author, the state, the visitor typing (ADR 0061).
	const live = useOwnerHandoff({
		eventsUrl,
		since: loadedAt,
		loaded: loaded.map((message) => message.id),
		loadedState: handoff.state,
	})
	const state = live.state ?? handoff.state
	const messages = [
		...loaded,
		...live.messages.map((message) => ({
			id: message.id,
			role: message.author === 'visitor' ? ('user' as const) : ('assistant' as const),
			text: message.text,
			createdAt: message.createdAt,
			when: '',
			firstTokenMs: null,
			latencyMs: null,
			// A notice arriving live is named as stored, so the log marks it the same before a reload.
			model: message.notice ? HANDOFF_NOTICE_MODEL : null,
			modelError: null,
			answered: null,
			sources: null,
			feedback: null,
			feedbackComment: null,
			author: message.author,
			authorName: message.name,
		})),
	]
	const listRef = useRef<HTMLOListElement>(null)
	const boxRef = useRef<HTMLDivElement>(null)
	useFollowNewest(listRef, boxRef, messages.at(-1))
	return (
		<div className="space-y-6">
			<Link
				to={list}
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{copy.back}
			</Link>
			<WorkspaceSection
				title={messages.find((message) => message.role === 'user')?.text.slice(0, 120) ?? activityCopy.list.noQuestion}
			>
				<dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
					<div className="flex gap-1.5">
						<dt className="font-semibold">{copy.started}</dt>
						<dd>
							<time dateTime={conversation.startedAt}>{conversation.started}</time>
						</dd>
					</div>
					{conversation.pageUrl ? (
						<div className="flex min-w-0 gap-1.5">
							<dt className="font-semibold">{copy.page}</dt>
							<dd className="truncate">{conversation.pageUrl}</dd>
						</div>
					) : null}
					{conversation.country ? (
						<div className="flex gap-1.5">
							<dt className="font-semibold">{copy.country}</dt>
							<dd>{conversation.country}</dd>
						</div>
					) : null}
					{conversation.kind === 'test' ? (
						<div>
							<dt className="sr-only">{activityCopy.list.kindLabel}</dt>
							<dd className="rounded-full bg-slate-100 px-2 font-semibold">{activityCopy.list.test}</dd>
						</div>
					) : null}
				</dl>
				<ol ref={listRef} className="mt-5 space-y-4" data-testid="conversation-messages">
					{messages.map((message) =>
						message.role === 'user' ? (
							<li
								key={message.id}
								className="flex flex-col items-end gap-1"
								data-testid="logged-message"
								data-author="visitor"
							>
								<p className="bg-brand-600 max-w-[85%] rounded-2xl rounded-tr-sm px-4 py-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-white">
									<span className="sr-only">{handoffCopy.owner.authors.visitor}: </span>
									{message.text}
								</p>
								<span className="text-xs font-semibold text-slate-500" aria-hidden>
									{handoffCopy.owner.authors.visitor}
								</span>
							</li>
						) : message.author === 'person' ? (
							<li
								key={message.id}
								className="flex flex-col items-start gap-1"
								data-testid="logged-message"
								data-author="person"
							>
								<p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-emerald-50 px-4 py-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-900 ring-1 ring-emerald-200">
									<span className="sr-only">{handoffCopy.owner.byPerson(message.authorName ?? '')}: </span>
									{message.text}
								</p>
								<span className="text-xs font-semibold text-emerald-800" aria-hidden>
									{handoffCopy.owner.byPerson(message.authorName ?? handoffCopy.widget.someone)}
								</span>
							</li>
						) : replyLabels(message, OFFLINE_MODEL_LABEL).kind === 'notice' ? (
							<li
								key={message.id}
								className="flex flex-col items-start gap-1"
								data-testid="logged-notice"
								data-author="bot"
								data-notice
							>
								<p className="max-w-[85%] rounded-2xl bg-slate-50 px-4 py-2.5 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700 italic ring-1 ring-slate-200">
									<span className="sr-only">{copy.notice}: </span>
									{message.text}
								</p>
								<span className="text-xs font-semibold text-slate-500" aria-hidden>
									{copy.notice}
								</span>
							</li>
						) : (
							<li
								key={message.id}
								className="flex flex-col items-start gap-1.5"
								data-testid="stored-answer"
								data-author="bot"
							>
								<div
									className={cn(
										'max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm [overflow-wrap:anywhere] text-slate-800 shadow-sm ring-1',
										message.answered === false ? 'ring-amber-300' : 'ring-slate-200',
									)}
								>
									<span className="sr-only">Chatbot: </span>
									<ReplyText text={message.text} />
								</div>
								<p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
									<span className="font-semibold" aria-hidden>
										{handoffCopy.owner.authors.bot}
									</span>
									{message.answered === false ? (
										<span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200">
											{copy.unanswered}
										</span>
									) : null}
									{message.feedback === 'up' ? (
										<span className="inline-flex items-center gap-1 font-semibold text-emerald-700">
											<ThumbsUp className="size-3.5" aria-hidden />
											{copy.feedbackUp}
										</span>
									) : message.feedback === 'down' ? (
										<span className="inline-flex items-center gap-1 font-semibold text-rose-700">
											<ThumbsDown className="size-3.5" aria-hidden />
											{copy.feedbackDown}
											{message.feedbackComment ? `: “${message.feedbackComment}”` : null}
										</span>
									) : null}
									<ModelChip reply={message} />
									{message.latencyMs !== null ? (
										<span>{copy.answerTime((message.latencyMs / 1000).toFixed(1))}</span>
									) : null}
								</p>
								{message.modelError ? (
									<p
										data-testid="answer-model-error"
										className="flex max-w-[85%] items-start gap-1.5 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200"
									>
										<TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
										<span className="min-w-0 break-words">{modelCopy.modelFailed(message.modelError)}</span>
									</p>
								) : null}
								{/* An answer that arrived live carries no passages until a reload reads them: no "(0)". */}
								{message.sources === null ? null : (
									<details className="group w-full max-w-[85%] text-xs" data-testid="retrieval-trace">
										<summary className="text-brand-700 hover:bg-brand-50 inline-flex cursor-pointer list-none items-center gap-1.5 rounded-full px-2 py-1 font-semibold [&::-webkit-details-marker]:hidden">
											<BookOpen className="size-3.5" aria-hidden />
											{copy.trace(message.sources?.length ?? 0)}
										</summary>
										{message.sources?.length && message.sources.every((source) => source.score === 0) ? (
											<p className="mt-1 px-2 text-slate-500">{copy.noTrace}</p>
										) : null}
										<ol className="mt-1 space-y-1.5">
											{(message.sources ?? []).map((source, index) => (
												<li key={index} className="rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
													<span className="flex flex-wrap items-center justify-between gap-2">
														<span className="inline-flex min-w-0 items-center gap-1.5 font-semibold text-slate-800">
															<Globe className="size-3.5 shrink-0 text-slate-400" aria-hidden />
															<span className="truncate">{source.title || source.url || copy.typedKnowledge}</span>
														</span>
														<span className="font-mono text-slate-600 tabular-nums">
															{copy.score} {source.score.toFixed(2)}
														</span>
													</span>
													{source.url ? (
														<span className="mt-0.5 block truncate text-slate-500">{source.url}</span>
													) : null}
													<span className="mt-1 block text-slate-600">{source.excerpt}</span>
												</li>
											))}
										</ol>
									</details>
								)}
							</li>
						),
					)}
				</ol>
				{conversation.kind === 'embed' && (handoff.enabled || state !== 'bot') ? (
					<HandoffControls
						path={path}
						eventsUrl={eventsUrl}
						state={state}
						person={live.person ?? handoff.person}
						visitorTyping={live.visitorTyping}
						onSent={live.add}
						onFailed={live.remove}
						boxRef={boxRef}
					/>
				) : null}
				<div className="mt-6 border-t border-slate-200 pt-4">
					<DeleteStep
						confirming={confirmingDelete}
						askTo={`${path}?delete`}
						id="delete-conversation-confirm"
						action={path}
						question={copy.deleteConfirm}
						confirmLabel={copy.delete}
						itemId={conversation.id}
					/>
				</div>
			</WorkspaceSection>
		</div>
	)
}

/** Which model answered this reply (the server's model when it was asked); a declined one only names it. */
function ModelChip({ reply }: { reply: Parameters<typeof replyLabels>[0] }) {
	const labels = replyLabels(reply, OFFLINE_MODEL_LABEL)
	if (labels.kind !== 'reply' || !labels.model) return null
	const { label, verb } = labels.model
	return (
		<span
			data-testid="answer-model"
			className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700 ring-1 ring-slate-200"
		>
			<Cpu className="size-3" aria-hidden />
			{verb === 'tried' ? modelCopy.triedModel(label) : verb === 'answered' ? modelCopy.answeredBy(label) : label}
		</span>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...copy.notFound} backTo="/playground" backLabel={activityCopy.conversation.back} />
}

// /playground/chatbots/:chatbotId/unanswered: the questions the chatbot did not know (and answers
// visitors marked unhelpful), grouped when they ask the same thing, each with "Add an answer": the
// question and its answer join the chatbot's typed knowledge and are searchable at once; and with
// "Add as test", the question joins its test set (ADR 0057).
import { CircleHelp, FlaskConical, Plus, ThumbsDown } from 'lucide-react'
import { data, Form, useNavigation } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import { AddAnswerSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { addAnswer, unansweredQuestions } from '~/features/chatbots/conversations/conversations.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { MAX_KNOWLEDGE_CHARS } from '~/features/chatbots/knowledge-base.ts'
import { checkKnowledgeQuota } from '~/features/chatbots/knowledge-quota.server.ts'
import { testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/unanswered'

const { unanswered: copy } = activityCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const groups = await unansweredQuestions(user.id, params.chatbotId)
	if (!groups) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return {
		groups: groups.map((group) => ({
			...group,
			lastAskedAt: group.lastAskedAt.toISOString(),
			when: formatWhen(group.lastAskedAt),
		})),
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	const form = await readFormData(request)
	const parsed = AddAnswerSchema.safeParse({
		question: form.get('question'),
		answer: form.get('answer'),
		messageIds: form.getAll('messageId'),
	})
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		return data(
			{
				question: String(form.get('question') ?? ''),
				answer: String(form.get('answer') ?? ''),
				errors,
				toast: makeToast({ type: 'error', title: copy.addFailed, description: Object.values(errors)[0] }),
			},
			{ status: 400 },
		)
	}
	const overQuota = await checkKnowledgeQuota(user.id, parsed.data.question.length + parsed.data.answer.length + 2)
	const result = overQuota
		? { error: overQuota }
		: await addAnswer(user.id, params.chatbotId, parsed.data, { maxChars: MAX_KNOWLEDGE_CHARS })
	if (!result) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	if (result.error)
		return data(
			{
				question: parsed.data.question,
				answer: parsed.data.answer,
				errors: { answer: result.error },
				toast: makeToast({ type: 'error', title: copy.addFailed, description: result.error }),
			},
			{ status: 400 },
		)
	return redirectWithToast(`/playground/chatbots/${params.chatbotId}/unanswered`, {
		type: 'success',
		title: copy.added,
	})
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function UnansweredRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	const { groups } = loaderData
	const navigation = useNavigation()
	const path = `/playground/chatbots/${params.chatbotId}/unanswered`
	return (
		<WorkspaceSection title={copy.title}>
			<ToastMessage toast={actionData?.toast} />
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
			{groups.length === 0 ? (
				<p className="mt-6 rounded-2xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">
					{copy.empty}
				</p>
			) : (
				<ol className="mt-5 space-y-4" data-testid="unanswered-groups">
					{groups.map((group) => {
						const mine = actionData?.question === group.question
						const sending = navigation.formData?.get('question') === group.question
						return (
							<li key={group.messageIds[0]} className="rounded-2xl p-4 ring-1 ring-slate-200">
								<div className="flex flex-wrap items-start justify-between gap-2">
									<p className="flex min-w-0 items-start gap-2 font-semibold text-slate-900">
										<CircleHelp className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
										<span className="[overflow-wrap:anywhere]">{group.question}</span>
									</p>
									<p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
										<span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200">
											{copy.asked(group.count)}
										</span>
										{group.thumbsDown > 0 ? (
											<span className="inline-flex items-center gap-1 text-rose-700">
												<ThumbsDown className="size-3.5" aria-hidden />
												{copy.thumbsDown(group.thumbsDown)}
											</span>
										) : null}
										<time dateTime={group.lastAskedAt}>{group.when}</time>
									</p>
								</div>
								{group.variants.length > 0 ? (
									<p className="mt-1.5 text-xs text-slate-500">
										{copy.alsoAsked}: {group.variants.map((variant) => `“${variant}”`).join(', ')}
									</p>
								) : null}
								<Form method="post" action={path} className="mt-3">
									<input type="hidden" name="question" value={group.question} />
									{group.messageIds.map((id) => (
										<input key={id} type="hidden" name="messageId" value={id} />
									))}
									<TextareaField
										label={copy.answerLabel(group.question)}
										hideLabel
										name="answer"
										rows={2}
										maxLength={4000}
										placeholder={copy.answerPlaceholder}
										defaultValue={mine ? actionData?.answer : undefined}
										error={mine ? actionData?.errors.answer : undefined}
									/>
									<div className="mt-2 flex justify-end">
										<Button type="submit" size="sm" disabled={sending}>
											<Plus className="size-4" aria-hidden />
											{copy.add}
										</Button>
									</div>
								</Form>
								{/* One click: the question becomes a test (ADR 0057), passing once the chatbot answers it. */}
								<Form method="post" action={chatbotPaths(params.chatbotId).tests} className="mt-2 flex justify-end">
									<input type="hidden" name="intent" value="from-question" />
									<input type="hidden" name="question" value={group.question} />
									<Button type="submit" size="sm" variant="ghost">
										<FlaskConical className="size-4" aria-hidden />
										{testSetCopy.fromQuestion.button}
										<span className="sr-only">: {group.question}</span>
									</Button>
								</Form>
							</li>
						)
					})}
				</ol>
			)}
		</WorkspaceSection>
	)
}

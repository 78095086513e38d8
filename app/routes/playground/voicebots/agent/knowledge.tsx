// /playground/voicebots/:agentId/knowledge: what the voice assistant answers from, besides its
// description (ADR 0054). Either its own knowledge base — the chatbot's Knowledge section's sources
// (files, a page, a whole site; progress, re-sync, stop, schedule, remove behind a confirmation) and
// typed text, the same components and the same pipeline — or the knowledge of one of the owner's
// chatbots. Every control is a plain form post to this URL, answered with a redirect and a toast.
import { data, Form, Link } from 'react-router'
import { BuilderCardTitle, builderCardClass } from '~/components/playground/builder-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField, TextareaField } from '~/components/ui/field.tsx'
import { AgentKnowledgeTextSchema } from '~/features/chatbots/agent-knowledge-schema.ts'
import {
	agentKnowledgeBase,
	ensureAgentKnowledgeBase,
	saveAgentKnowledgeText,
} from '~/features/chatbots/agent-knowledge.server.ts'
import { listChatbots } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { isImporting } from '~/features/chatbots/sources/source-schema.ts'
import { listSources } from '~/features/chatbots/sources/sources.server.ts'
import { queueTestRun } from '~/features/chatbots/test-sets/runs.server.ts'
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { KnowledgeSources } from '~/features/chatbots/ui/knowledge-sources.tsx'
import { setAgentKnowledgeChatbot } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { KnowledgeChoiceSchema } from '~/features/voice/knowledge-choice-schema.ts'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { prisma } from '~/lib/db.server.ts'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { useRefreshWhile } from '~/lib/use-refresh-while.ts'
import { runIntent } from '~/routes/playground/builder-intents.server.ts'
import { readBuilderPost, saveRefusal, type BuilderPost } from '~/routes/playground/chatbots/builder-form.server.ts'
import { sourceIntents, type SourcePost } from '~/routes/playground/knowledge-source-intents.server.ts'
import type { Route } from './+types/knowledge'
import { requireOwnedAgent } from './agent-section.server.ts'

const { page, knowledge: copy, toasts } = voicebotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, agent } = await requireOwnedAgent(request, params.agentId)
	const [knowledgeBase, chatbots] = await Promise.all([agentKnowledgeBase(user.id, agent.id), listChatbots(user.id)])
	const sources = knowledgeBase ? ((await listSources(user.id, knowledgeBase.id)) ?? []) : []
	const chosen = chatbots.find((chatbot) => chatbot.id === agent.knowledgeChatbotId) ?? null
	return data(
		{
			agent: { id: agent.id, name: agent.name },
			chatbots: chatbots.map(({ id, name }) => ({ id, name })),
			chosen: chosen ? { id: chosen.id, name: chosen.name } : null,
			knowledgeText: knowledgeBase?.knowledgeBase ?? '',
			sources,
			// A source's Remove asks first (ADR 0048).
			confirmingRemove: new URL(request.url).searchParams.get('remove-source'),
		},
		{ headers: privateHeaders() },
	)
}

// "Add file" and up to 6 MB of typed text post here, as on a chatbot's Knowledge section.
export const handle = { bodyLimit: builderBodyLimit }

type KnowledgePost = BuilderPost & { agentId: string; knowledgePath: string; chosenBefore: string | null }

const problem = ({ knowledgePath }: KnowledgePost, title: string, description: string) =>
	redirectWithToast(knowledgePath, { type: 'error', title, description })

/** "Save choice": the assistant's own sources, or one of the user's chatbots (never another user's). */
async function saveChoice(post: KnowledgePost) {
	const parsed = KnowledgeChoiceSchema.safeParse(Object.fromEntries(post.form))
	const chosen = parsed.success ? parsed.data.knowledgeChatbotId || null : null
	const outcome = parsed.success ? await setAgentKnowledgeChatbot(post.userId, post.agentId, chosen) : 'not-found'
	if (outcome === 'not-found') return problem(post, 'Error', copy.choiceNotFound)
	// Other knowledge: its tests run on it (ADR 0062).
	if (chosen !== post.chosenBefore) await queueTestRun(prisma, agentSubject(post.agentId), 'sources')
	return redirectWithToast(post.knowledgePath, { type: 'success', title: copy.choiceSaved })
}

/** "Save text": the assistant's typed knowledge, indexed by the same job as a chatbot's. */
async function saveText(post: KnowledgePost) {
	const parsed = AgentKnowledgeTextSchema.safeParse(Object.fromEntries(post.form))
	if (!parsed.success) return problem(post, 'Error', Object.values(fieldErrorsOf(parsed.error))[0] ?? 'Error')
	const text = parsed.data.knowledgeText.trim()
	const existing = await agentKnowledgeBase(post.userId, post.agentId)
	const refusal = await saveRefusal(post.userId, text.length, existing?.id)
	if (refusal) return problem(post, 'Error', refusal.message)
	if (!(await saveAgentKnowledgeText(post.userId, post.agentId, text))) return problem(post, 'Error', toasts.notFound)
	return redirectWithToast(post.knowledgePath, {
		type: 'success',
		title: copy.textSaved,
		description: copy.textSavedDescription,
	})
}

/** A source intent of the chatbot's Knowledge section, run on the assistant's own knowledge base. */
const onOwnKnowledgeBase =
	(handler: (post: SourcePost) => Promise<Response>) =>
	async (post: KnowledgePost): Promise<Response> => {
		const chatbotId = await ensureAgentKnowledgeBase(post.userId, post.agentId)
		if (!chatbotId) return problem(post, 'Error', toasts.notFound)
		return handler({ ...post, chatbotId })
	}

const ownSourceIntents = Object.fromEntries(
	Object.entries(sourceIntents).map(([intent, handler]) => [intent, onOwnKnowledgeBase(handler)]),
)

export async function action({ request, params }: Route.ActionArgs) {
	const { user, agent } = await requireOwnedAgent(request, params.agentId)
	const read = await readBuilderPost(request, user.id)
	if ('answer' in read) return read.answer
	const post: KnowledgePost = {
		...read.post,
		agentId: agent.id,
		knowledgePath: agentPaths(agent.id).knowledge,
		chosenBefore: agent.knowledgeChatbotId,
	}
	return runIntent(
		post,
		{ 'knowledge-choice': saveChoice, 'save-knowledge-text': saveText, ...ownSourceIntents },
		(unknown: KnowledgePost) => problem(unknown, 'Error', toasts.updateFailed),
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.knowledge}: ${data ? data.agent.name : 'Voice assistant'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentKnowledgeRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, chatbots, chosen, knowledgeText, sources, confirmingRemove } = loaderData
	const pagePath = agentPaths(agent.id).knowledge
	// The sources' progress, read again while one imports.
	useRefreshWhile(sources.some(isImporting))
	const options = [
		{ value: '', label: copy.ownSources },
		...chatbots.map((chatbot) => ({ value: chatbot.id, label: copy.chatbotOption(chatbot.name) })),
	]
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData && 'toast' in actionData ? actionData.toast : undefined} />
			<section aria-labelledby="knowledge-choice-heading" className={builderCardClass}>
				<BuilderCardTitle id="knowledge-choice-heading">{copy.choiceTitle}</BuilderCardTitle>
				<p className="mt-1 text-sm text-slate-600">{copy.choiceText}</p>
				<Form method="post" action={pagePath} className="mt-4 flex flex-wrap items-end gap-3">
					<input type="hidden" name="intent" value="knowledge-choice" />
					<SelectField
						key={chosen?.id ?? ''}
						className="min-w-64 flex-1"
						label={copy.choiceLabel}
						name="knowledgeChatbotId"
						defaultValue={chosen?.id ?? ''}
						options={options}
					/>
					<Button type="submit" variant="secondary">
						{copy.saveChoice}
					</Button>
				</Form>
				{chosen ? (
					<p className="bg-brand-50 text-brand-900 mt-4 rounded-2xl p-3 text-sm" role="status">
						{copy.usingChatbot(chosen.name)}{' '}
						<Link className="font-semibold underline" to={chatbotPaths(chosen.id).knowledge}>
							{copy.chatbotPage}
						</Link>
					</p>
				) : null}
			</section>
			<KnowledgeSources
				sources={sources}
				pagePath={pagePath}
				confirmingRemove={confirmingRemove}
				owner={chatbotBuilder.sources.owners.agent}
			/>
			<section aria-labelledby="knowledge-text-heading" className={builderCardClass}>
				<BuilderCardTitle id="knowledge-text-heading">{copy.textTitle}</BuilderCardTitle>
				<Form method="post" action={pagePath} className="mt-4 space-y-3">
					<input type="hidden" name="intent" value="save-knowledge-text" />
					<TextareaField
						key={knowledgeText}
						label={copy.textLabel}
						hint={copy.textHint}
						name="knowledgeText"
						rows={6}
						defaultValue={knowledgeText}
					/>
					<Button type="submit">{copy.saveText}</Button>
				</Form>
			</section>
		</div>
	)
}

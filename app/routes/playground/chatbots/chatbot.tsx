// /playground/chatbots/:chatbotId: one chatbot's workspace. Knowledge and settings on the left, the
// live preview on the right (a section of its own on phones), the embed snippet below, and Delete.
// Every part is a plain link or form post, so it all works without JavaScript.
import crypto from 'node:crypto'
import { data } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { useActiveToggle } from '~/components/playground/builder-parts.tsx'
import { NotFoundBoundary, WorkspacePage } from '~/components/playground/workspace-parts.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { activitySummary } from '~/features/chatbots/conversations/conversations.server.ts'
import { ActivitySummary } from '~/features/chatbots/conversations/ui/activity-summary.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { listSources } from '~/features/chatbots/sources/sources.server.ts'
import { ChatbotForm } from '~/features/chatbots/ui/chatbot-form.tsx'
import { chatbotKind } from '~/features/chatbots/ui/chatbot-kind.ts'
import { EmbedSection } from '~/features/chatbots/ui/embed-section.tsx'
import { KnowledgeSources } from '~/features/chatbots/ui/knowledge-sources.tsx'
import { PreviewPanel } from '~/features/chatbots/ui/preview-panel.tsx'
import { avatarSrc } from '~/features/chatbots/widget/widget-parts.tsx'
import { WidgetSettings } from '~/features/chatbots/widget/widget-settings-form.tsx'
import { appearanceOf, formValuesOf } from '~/features/chatbots/widget/widget-settings.ts'
import { refusedOriginToShow } from '~/features/chatbots/widget/widget.server.ts'
import { modelChoiceCopy } from '~/features/models/copy.ts'
import { modelChoiceView } from '~/features/models/model-choice.server.ts'
import { ModelChoiceCard } from '~/features/models/ui/model-choice-card.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/chatbot'
import { chatbotPageAction } from './chatbot-page-actions.server.ts'

const { card, page, toasts } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) throw data(toasts.notFound, { status: 404 })
	const [sources, activity] = await Promise.all([
		listSources(user.id, chatbot.id).then((list) => list ?? []),
		activitySummary(chatbot.id),
	])
	const created = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: getEnv().DASHBOARD_TIME_ZONE,
	}).format(chatbot.createdAt)
	return data(
		{
			chatbot: {
				id: chatbot.id,
				name: chatbot.name,
				knowledgeBase: chatbot.knowledgeBase,
				systemPrompt: chatbot.systemPrompt,
				isActive: chatbot.isActive,
				embedCode: chatbot.embedCode ?? '',
				createdAt: chatbot.createdAt.toISOString(),
				createdLabel: card.created(created),
				// Changes when a save changes the chatbot: the form and the preview start afresh then.
				version: crypto
					.createHash('sha256')
					.update(`${chatbot.name}\0${chatbot.systemPrompt}\0${chatbot.knowledgeBase}`)
					.digest('base64url')
					.slice(0, 16),
			},
			sources,
			activity,
			model: await modelSummary(chatbot),
			modelChoice: await modelChoiceView(chatbot),
			widget: formValuesOf(appearanceOf(chatbot.appearance), chatbot.allowedSites),
			widgetSeenOn: refusedOriginToShow(chatbot),
			widgetPicture: avatarSrc(chatbot.id, appearanceOf(chatbot.appearance)),
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
			// A source's Remove asks first (ADR 0048).
			confirmingRemove: new URL(request.url).searchParams.get('remove-source'),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

// "Add file", the widget picture and a save of up to 6 MB of text all post here.
export const handle = { bodyLimit: builderBodyLimit }

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	if (!(await getOwnedChatbot(user.id, params.chatbotId))) throw data(toasts.notFound, { status: 404 })
	return chatbotPageAction(request, user.id, params.chatbotId)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotRoute({ loaderData, actionData }: Route.ComponentProps) {
	const {
		chatbot,
		sources,
		activity,
		widget,
		widgetPicture,
		widgetSeenOn,
		confirmingDelete,
		confirmingRemove,
		model,
		modelChoice,
	} = loaderData
	const toggle = useActiveToggle(chatbot.isActive)
	const pagePath = chatbotKind.itemPath(chatbot.id)
	const widgetData = actionData && 'widget' in actionData ? actionData.widget : undefined
	const builderData = actionData && 'values' in actionData ? actionData : undefined
	const modelErrors = actionData && 'modelErrors' in actionData ? actionData.modelErrors : undefined
	return (
		<WorkspacePage
			kind={chatbotKind}
			item={chatbot}
			subtitle={<time dateTime={chatbot.createdAt}>{chatbot.createdLabel}</time>}
			toggle={toggle}
			toast={actionData?.toast}
			confirmingDelete={confirmingDelete}
			links={[
				['#knowledge', page.knowledge],
				['#preview', page.preview],
				['#activity', page.activity],
				['#model', modelChoiceCopy.title],
				['#widget', page.widget],
				['#embed', page.embed],
			]}
			main={
				<div id="knowledge" className="scroll-mt-24 space-y-6">
					<KnowledgeSources sources={sources} pagePath={pagePath} confirmingRemove={confirmingRemove} />
					<div id="knowledge-text" className="scroll-mt-24">
						<ChatbotForm
							key={chatbot.version}
							mode="edit"
							title={page.formTitle}
							initial={{ ...chatbot, url: '', sites: [] }}
							actionData={builderData}
							cancelTo={pagePath}
							hasOtherSources={sources.some((source) => source.kind !== 'text')}
						/>
					</div>
				</div>
			}
			side={
				<PreviewPanel
					chatbot={chatbot}
					version={chatbot.version}
					model={model}
					textIndexing={sources.some(
						(source) => source.kind === 'text' && (source.status === 'queued' || source.status === 'running'),
					)}
				/>
			}
			below={
				<>
					<ActivitySummary pagePath={pagePath} summary={activity} />
					<ModelChoiceCard
						key={JSON.stringify(modelChoice)}
						pagePath={pagePath}
						view={modelChoice}
						errors={modelErrors}
					/>
					<WidgetSettings
						key={JSON.stringify(widget)}
						name={chatbot.name}
						pagePath={pagePath}
						saved={widget}
						picture={widgetPicture}
						actionData={widgetData}
						seenOn={widgetSeenOn}
					/>
					<EmbedSection embedCode={chatbot.embedCode} active={toggle.active} />
				</>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...chatbotBuilder.page.notFound} />
}

// /playground/chatbots/:chatbotId and its sections: one chatbot's workspace. A compact header (the
// way back, its name, status and Active switch), tabs to its sections (Overview, Knowledge, Widget
// & embed, Activity, Tests, Settings), each its own URL (ADR 0051), and the live preview beside them on
// wide screens; on phones the preview is a section of its own. The preview lives here, so it keeps
// its conversation while the owner moves between sections. The chatbot's knowledge sources are read
// here too, once, for every section (the Overview's counts and the Knowledge list are the same
// rows), and re-read while one is importing, whichever section is open. Every part is a plain link
// or form post, so it all works without JavaScript.
import { ChartLine, Cog, FlaskConical, LayoutDashboard, LibraryBig, MessageSquare, PanelsTopLeft } from 'lucide-react'
import { data, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { useActiveToggle } from '~/components/playground/builder-parts.tsx'
import {
	currentTab,
	NotFoundBoundary,
	WorkspaceLayout,
	type WorkspaceTab,
} from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { isImporting } from '~/features/chatbots/sources/source-schema.ts'
import { listSources } from '~/features/chatbots/sources/sources.server.ts'
import { chatbotKind, chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { PreviewPanel } from '~/features/chatbots/ui/preview-panel.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { useRefreshWhile } from '~/lib/use-refresh-while.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/layout'
import type { ChatbotOutlet } from './chatbot-outlet.ts'
import { chatbotSectionAction } from './chatbot-section.server.ts'
import { chatbotVersion } from './chatbot-version.server.ts'

const { card, page, toasts } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) throw data(toasts.notFound, { status: 404 })
	const [sources, model] = await Promise.all([
		listSources(user.id, chatbot.id).then((list) => list ?? []),
		modelSummary(chatbot),
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
				isActive: chatbot.isActive,
				createdAt: chatbot.createdAt.toISOString(),
				createdLabel: card.created(created),
				// Changes when a save changes what answers: the preview starts afresh then.
				version: chatbotVersion(chatbot),
			},
			model,
			// The Overview counts them and the Knowledge section lists them (handed on as the outlet's context).
			sources,
		},
		{ headers: privateHeaders(setCookie) },
	)
}

// A post to the page's own address (the Active switch from any section, an older form) may carry
// "Add file", the widget picture or a save of up to 6 MB of text, as the sections' posts do.
export const handle = { bodyLimit: builderBodyLimit }

// Each section opened reads the sources afresh, as it would on its own (a scheduled re-sync may have
// started one since): React Router keeps a layout's data across its children unless told.
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
	defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname

export const action = ({ request, params }: Route.ActionArgs) => chatbotSectionAction(request, params.chatbotId)

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotLayout({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, model, sources } = loaderData
	const { pathname } = useLocation()
	// An import's status changes in a job: every section shows where it stands now, not when it opened.
	useRefreshWhile(sources.some(isImporting))
	const textIndexing = sources.some((source) => source.kind === 'text' && isImporting(source))
	const toggle = useActiveToggle(chatbot.isActive)
	const paths = chatbotPaths(chatbot.id)
	const { tabs: names } = page
	const tabs: WorkspaceTab[] = [
		{ to: paths.overview, label: names.overview, icon: LayoutDashboard, current: currentTab(pathname, paths.overview) },
		// A source's pages not indexed are a page of the Knowledge section.
		{
			to: paths.knowledge,
			label: names.knowledge,
			icon: LibraryBig,
			current: currentTab(pathname, '', [paths.knowledge]),
		},
		{
			to: paths.widget,
			label: names.widget,
			short: names.widgetShort,
			icon: PanelsTopLeft,
			current: currentTab(pathname, paths.widget),
		},
		{
			to: paths.conversations,
			label: names.activity,
			icon: ChartLine,
			current: currentTab(pathname, '', [paths.conversations, paths.unanswered, paths.leads, paths.insights]),
		},
		{ to: paths.tests, label: names.tests, icon: FlaskConical, current: currentTab(pathname, '', [paths.tests]) },
		{ to: paths.settings, label: names.settings, icon: Cog, current: currentTab(pathname, paths.settings) },
		{
			to: paths.preview,
			label: names.preview,
			icon: MessageSquare,
			current: currentTab(pathname, paths.preview),
			narrowOnly: true,
		},
	]
	const onPreview = currentTab(pathname, paths.preview)
	// A conversation's page has no preview beside it: an owner who took it over typed their replies to
	// the visitor into the preview's box, the one in view, and the visitor never got them (FTU finding).
	const onConversation = pathname.startsWith(`${paths.conversations}/`)
	return (
		<>
			<ToastMessage toast={actionData?.toast} />
			<WorkspaceLayout
				kind={chatbotKind}
				item={chatbot}
				subtitle={<time dateTime={chatbot.createdAt}>{chatbot.createdLabel}</time>}
				toggle={toggle}
				returnTo={pathname}
				tabs={tabs}
				side={
					onPreview || onConversation ? null : (
						<PreviewPanel chatbot={chatbot} version={chatbot.version} model={model} textIndexing={textIndexing} />
					)
				}
			>
				<Outlet context={{ active: toggle.active, sources, model } satisfies ChatbotOutlet} />
			</WorkspaceLayout>
		</>
	)
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...chatbotBuilder.page.notFound} />
}

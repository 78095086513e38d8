// /playground/chatbots/:chatbotId/knowledge/sources/:sourceId: every page a page or website source
// did not index in its latest run, with the reason, 50 at a time. The chatbot's Knowledge section
// shows the newest 20 and links here; the chatbot's layout around it keeps its header and tabs. The filter and the pager are plain links, so it all works without JavaScript.
import { data } from 'react-router'
import { NotFoundBoundary } from '~/components/playground/workspace-parts.tsx'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { SourceProblemsQuerySchema } from '~/features/chatbots/sources/source-schema.ts'
import { listSourceProblems } from '~/features/chatbots/sources/sources.server.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { SourceProblemsView } from '~/features/chatbots/ui/source-problems-view.tsx'
import { privateHeaders } from '~/lib/http.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/source-pages'

const copy = chatbotBuilder.sources.problemsPage

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	const query = SourceProblemsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
	// Only a chatbot's (never a voice assistant's knowledge base, chatbot-scope.server.ts); someone
	// else's source looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	const list = chatbot && (await listSourceProblems(user.id, params.chatbotId, params.sourceId, query))
	if (!list) throw data(copy.notFound.text, { status: 404 })
	return data({ ...list, status: query.status }, { headers: privateHeaders(setCookie) })
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function SourcePagesRoute({ loaderData, params }: Route.ComponentProps) {
	return <SourceProblemsView list={loaderData} knowledgePath={chatbotPaths(params.chatbotId).knowledge} />
}

export function ErrorBoundary() {
	return <NotFoundBoundary {...copy.notFound} backTo="/playground" backLabel={chatbotBuilder.page.notFound.backLabel} />
}

// /playground/voicebots/:agentId/knowledge/sources/:sourceId: every page a source of the assistant's
// own knowledge base did not index in its latest run (ADR 0054), as on a chatbot's page; its
// Knowledge section shows the newest 20 and links here. Another user's assistant or source is a 404.
import { data } from 'react-router'
import { agentKnowledgeBase } from '~/features/chatbots/agent-knowledge.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { SourceProblemsQuerySchema } from '~/features/chatbots/sources/source-schema.ts'
import { listSourceProblems } from '~/features/chatbots/sources/sources.server.ts'
import { SourceProblemsView } from '~/features/chatbots/ui/source-problems-view.tsx'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/source-pages'
import { requireOwnedAgent } from './agent-section.server.ts'

const copy = chatbotBuilder.sources.problemsPage

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, agent } = await requireOwnedAgent(request, params.agentId)
	const query = SourceProblemsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
	const knowledgeBase = await agentKnowledgeBase(user.id, agent.id)
	const list = knowledgeBase ? await listSourceProblems(user.id, knowledgeBase.id, params.sourceId, query) : null
	if (!list) throw data(copy.notFound.text, { status: 404 })
	return data({ ...list, status: query.status }, { headers: privateHeaders() })
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function AgentSourcePagesRoute({ loaderData, params }: Route.ComponentProps) {
	return <SourceProblemsView list={loaderData} knowledgePath={agentPaths(params.agentId).knowledge} />
}

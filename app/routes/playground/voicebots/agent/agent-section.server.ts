// What every section of a voice assistant's page does at the edge: its loader finds the user's
// assistant (or answers 404, someone else's looking like one that does not exist), and its action
// runs the page's intents, whichever section they were posted to (agent-page-actions.server.ts).
import { data } from 'react-router'
import { getOwnedAgent } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { requireUser } from '~/routes/guards.server.ts'
import { agentPageAction } from '~/routes/playground/voicebots/agent-page-actions.server.ts'

/** The signed-in user and their assistant `agentId`; 404 when it is not theirs. */
export async function requireOwnedAgent(request: Request, agentId: string) {
	const { user, setCookie } = await requireUser(request)
	const agent = await getOwnedAgent(user.id, agentId)
	if (!agent) throw data(voicebotBuilder.toasts.notFound, { status: 404 })
	return { user, setCookie, agent }
}

/** A section's action: the page's intents, for the owner only. */
export async function agentSectionAction(request: Request, agentId: string) {
	const { user } = await requireOwnedAgent(request, agentId)
	return agentPageAction(request, user.id, agentId)
}

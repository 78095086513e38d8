// The posts of a voice assistant's own page (/playground/voicebots/:id): one handler per intent.
// Its settings and Active switch come back to the page; Delete goes back to the list.
import { updateAgent, VoiceProviderError } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { modelChoiceIntent } from '~/routes/playground/model-choice-intent.server.ts'
import { agentPagePath, failure, LIST_PATH, parseAgentForm, runAgentPost, type AgentPost } from './agent-form.server.ts'

const { toasts } = voicebotBuilder

/** A post of this assistant's page (already checked to be the user's). */
type PagePost = AgentPost & { agentId: string; pagePath: string }

/** "Save Changes": the ElevenLabs twin first, then the row; a failure there changes nothing. */
async function save({ values, userId, agentId, pagePath }: PagePost) {
	const parsed = parseAgentForm(values)
	if (parsed.answer) return parsed.answer
	try {
		if (!(await updateAgent(userId, agentId, parsed.form))) {
			return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
		}
	} catch (error) {
		console.error(
			`Voicebot builder: updating agent ${agentId} of user ${userId} failed:`,
			error instanceof VoiceProviderError ? error.message : error,
		)
		return failure(values, error instanceof VoiceProviderError ? 502 : 500, 'Error', toasts.updateFailed)
	}
	return redirectWithToast(pagePath, { type: 'success', title: toasts.updated })
}

/** "Save model": which model answers this assistant. */
const saveModel = ({ form, userId, agentId, pagePath }: PagePost) =>
	modelChoiceIntent({
		form,
		owner: { kind: 'agent', id: agentId, userId },
		pagePath,
		notFoundPath: LIST_PATH,
		notFound: toasts.notFound,
	})

/** The route's action for the signed-in owner of `agentId`: the post read, then its intent's handler. */
export const agentPageAction = (request: Request, userId: string, agentId: string) =>
	runAgentPost(
		request,
		userId,
		{ agentId, pagePath: agentPagePath(agentId) },
		{ update: save, 'save-model': saveModel },
	)

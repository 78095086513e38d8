// The posts of a voice assistant's page (/playground/voicebots/:id and its sections): one handler
// per intent, whichever section it was posted to. Its settings come back to the Assistant section,
// its model to Settings (a save that changes what it answers runs its tests, ADR 0062); the Active switch comes back to the section it was flipped on, Delete goes
// back to the list.
import { queueTestRun } from '~/features/chatbots/test-sets/runs.server.ts'
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { updateAgent, VoiceProviderError } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { prisma } from '~/lib/db.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { modelChoiceIntent } from '~/routes/playground/model-choice-intent.server.ts'
import { failure, LIST_PATH, parseAgentForm, runAgentPost, type AgentPost } from './agent-form.server.ts'

const { toasts } = voicebotBuilder

/**
 * A post of this assistant's page (already checked to be the user's): its sections' paths, and
 * `pagePath`, the section the post asks to come back to (the Active switch's).
 */
type PagePost = AgentPost & { agentId: string; paths: ReturnType<typeof agentPaths>; pagePath: string }

/** "Save Changes": the ElevenLabs twin first, then the row; a failure there changes nothing. */
async function save({ values, userId, agentId, paths }: PagePost) {
	const parsed = parseAgentForm(values)
	if (parsed.answer) return parsed.answer
	let saved: Awaited<ReturnType<typeof updateAgent>>
	try {
		saved = await updateAgent(userId, agentId, parsed.form)
	} catch (error) {
		console.error(
			`Voicebot builder: updating agent ${agentId} of user ${userId} failed:`,
			error instanceof VoiceProviderError ? error.message : error,
		)
		return failure(values, error instanceof VoiceProviderError ? 502 : 500, 'Error', toasts.updateFailed)
	}
	if (!saved) return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
	// What it answers changed: its tests run on it (ADR 0062).
	if (saved.answersChanged) await queueTestRun(prisma, agentSubject(agentId), 'settings')
	return redirectWithToast(paths.assistant, { type: 'success', title: toasts.updated })
}

/** "Save model": which model answers this assistant, back to its Settings section; its tests run on it. */
async function saveModel({ form, userId, agentId, paths }: PagePost) {
	const response = await modelChoiceIntent({
		form,
		owner: { kind: 'agent', id: agentId, userId },
		returnTo: paths.settings,
		notFoundPath: LIST_PATH,
		notFound: toasts.notFound,
	})
	// A redirect to Settings is a save (a refusal comes back as the page's data).
	if (response instanceof Response && response.headers.get('Location') === paths.settings)
		await queueTestRun(prisma, agentSubject(agentId), 'settings')
	return response
}

/** The routes' action for the signed-in owner of `agentId`: the post read, then its intent's handler. */
export async function agentPageAction(request: Request, userId: string, agentId: string) {
	const paths = agentPaths(agentId)
	// The form is read once, by runAgentPost, which also reads where the switch comes back to.
	return runAgentPost(
		request,
		userId,
		{ agentId, paths, pagePath: paths.assistant },
		{ update: save, 'save-model': saveModel },
	)
}

// The Voicebot Builder's list and create form posts (/playground/voicebots): one handler per
// intent, plain form posts that work without JavaScript. Every change is scoped to the signed-in user.
import { AgentLimitError, createAgent, VoiceProviderError } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { MAX_AGENTS_PER_USER } from '~/features/voice/voice-limits.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { agentPagePath, failure, parseAgentForm, runAgentPost, type AgentPost } from './agent-form.server.ts'

const { toasts } = voicebotBuilder

/** "Create": the assistant (and its ElevenLabs twin when configured), then its page. */
async function create({ values, userId }: AgentPost) {
	const parsed = parseAgentForm(values)
	if (parsed.answer) return parsed.answer
	let created: string
	try {
		const agent = await createAgent(userId, parsed.form)
		created = agent.id
		console.log(
			`Voicebot builder: user ${userId} created agent ${agent.id}${agent.elevenAgentId ? ` (ElevenLabs ${agent.elevenAgentId})` : ''}`,
		)
	} catch (error) {
		if (error instanceof AgentLimitError) {
			const { title, description } = toasts.limitReached(MAX_AGENTS_PER_USER)
			return failure(values, 409, title, description)
		}
		console.error(
			`Voicebot builder: creating an agent for user ${userId} failed:`,
			error instanceof VoiceProviderError ? error.message : error,
		)
		const status = error instanceof VoiceProviderError ? 502 : 500
		return failure(values, status, toasts.createFailed.title, toasts.createFailed.description)
	}
	return redirectWithToast(agentPagePath(created), { type: 'success', title: toasts.created })
}

/** The route's action for the signed-in user: the post read, then its intent's handler. */
export const builderAction = (request: Request, userId: string) => runAgentPost(request, userId, {}, { create })

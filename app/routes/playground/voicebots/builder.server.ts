// The Voicebot Builder's form posts: create and delete, plain form posts that work without
// JavaScript. Every change is scoped to the signed-in user.
import { data } from 'react-router'
import { z } from 'zod'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import {
	AgentFormSchema,
	type AgentFormErrors,
	type AgentFormValues,
	type VoicebotActionData,
} from '~/features/voice/agent-schema.ts'
import { createAgent, deleteAgent, setAgentActive, VoiceProviderError } from '~/features/voice/agents.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { makeToast } from '~/lib/toast.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'

const { toasts } = voicebotBuilder

export async function voicebotBuilderAction(request: Request, userId: string) {
	const form = await request.formData()
	const intent = form.get('intent')

	if (intent === 'toggle') {
		const parsed = z
			.object({ id: z.uuid(), active: z.enum(['true', 'false']) })
			.safeParse({ id: form.get('id'), active: form.get('active') })
		const active = parsed.data?.active === 'true'
		if (!parsed.success || !(await setAgentActive(userId, parsed.data.id, active))) {
			return redirectWithToast('/playground/voicebots', { type: 'error', title: 'Error', description: toasts.notFound })
		}
		return redirectWithToast('/playground/voicebots', {
			type: 'success',
			title: active ? toasts.activated : toasts.deactivated,
		})
	}

	if (intent === 'delete') {
		const parsed = z.object({ id: z.uuid() }).safeParse({ id: form.get('id') })
		try {
			if (!parsed.success || !(await deleteAgent(userId, parsed.data.id)))
				return redirectWithToast('/playground/voicebots', { type: 'error', ...toasts.deleteFailed })
		} catch (error) {
			console.error(`Voicebot builder: deleting agent ${String(form.get('id'))} of user ${userId} failed:`, error)
			return redirectWithToast('/playground/voicebots', { type: 'error', ...toasts.deleteFailed })
		}
		return redirectWithToast('/playground/voicebots', { type: 'success', title: toasts.deleted })
	}

	const values: AgentFormValues = textFieldsOf(form, [
		'name',
		'voiceId',
		'description',
		'instructions',
		'firstMessage',
		'language',
	])
	if (intent !== 'create')
		return data<VoicebotActionData>(
			{ values, errors: {}, toast: makeToast({ type: 'error', ...toasts.createFailed }) },
			{ status: 400 },
		)
	const parsed = AgentFormSchema.safeParse(values)
	if (!parsed.success) {
		const errors: AgentFormErrors = fieldErrorsOf(parsed.error)
		const toast = makeToast(formProblemToast(errors, toasts.missing, toasts.createFailed.title))
		return data<VoicebotActionData>({ values, errors, toast }, { status: 400 })
	}
	try {
		const agent = await createAgent(userId, parsed.data)
		console.log(
			`Voicebot builder: user ${userId} created agent ${agent.id}${agent.elevenAgentId ? ` (ElevenLabs ${agent.elevenAgentId})` : ''}`,
		)
	} catch (error) {
		console.error(
			`Voicebot builder: creating an agent for user ${userId} failed:`,
			error instanceof VoiceProviderError ? error.message : error,
		)
		return data<VoicebotActionData>(
			{ values, errors: {}, toast: makeToast({ type: 'error', ...toasts.createFailed }) },
			{ status: error instanceof VoiceProviderError ? 502 : 500 },
		)
	}
	return redirectWithToast('/playground/voicebots', { type: 'success', title: toasts.created })
}

/** The integration snippet the API button copies: the three calls with this agent's real values. */
export function voiceApiSnippet(origin: string, agentId: string) {
	return [
		'# 1. Start a conversation (returns conversation_id and the first message)',
		`curl -X POST ${origin}/api/voice-chat/start \\`,
		`  -H "Content-Type: application/json" \\`,
		`  -d '{"agent_id":"${agentId}","customer_name":"Asha Rao","customer_phone":"+91 98111 22334"}'`,
		'',
		'# 2. Send what the caller said: audio (WebM/Opus, Ogg or WAV, up to 60 s) or text',
		`curl -X POST ${origin}/api/voice-chat/message \\`,
		`  -F agent_id=${agentId} -F conversation_id=CONVERSATION_ID -F audio=@question.webm`,
		`curl -X POST ${origin}/api/voice-chat/message \\`,
		`  -F agent_id=${agentId} -F conversation_id=CONVERSATION_ID -F text="What are your opening hours?"`,
		'',
		'# 3. End it (the call log gets status completed and its duration)',
		`curl -X POST ${origin}/api/voice-chat/end \\`,
		`  -H "Content-Type: application/json" \\`,
		`  -d '{"agent_id":"${agentId}","conversation_id":"CONVERSATION_ID"}'`,
	].join('\n')
}

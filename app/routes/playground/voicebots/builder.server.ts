// The Voicebot Builder's form posts: create and delete, plain form posts that work without
// JavaScript. Every change is scoped to the signed-in user.
import { data } from 'react-router'
import {
	AgentFormSchema,
	agentRequired,
	type AgentFormErrors,
	type AgentFormValues,
	type VoicebotActionData,
} from '~/features/voice/agent-schema.ts'
import { createAgent, deleteAgent, setAgentActive, VoiceProviderError } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { deleteIntent, toggleIntent } from '~/routes/playground/builder-intents.server.ts'

const { toasts } = voicebotBuilder
const cardIntent = { listPath: '/playground/voicebots', toasts }

export async function voicebotBuilderAction(request: Request, userId: string) {
	const form = await readFormData(request)
	const intent = form.get('intent')

	if (intent === 'toggle') return toggleIntent(form, { ...cardIntent, userId, setActive: setAgentActive })
	if (intent === 'delete')
		return deleteIntent(form, { ...cardIntent, userId, remove: deleteAgent, label: 'Voicebot builder' })

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
		const toast = makeToast(formProblemToast(errors, toasts.missing, toasts.createFailed.title, agentRequired))
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

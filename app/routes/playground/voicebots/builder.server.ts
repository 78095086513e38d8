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
import {
	createAgent,
	deleteAgent,
	setAgentActive,
	updateAgent,
	VoiceProviderError,
} from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { deleteIntent, toggleIntent } from '~/routes/playground/builder-intents.server.ts'

const { toasts } = voicebotBuilder
const LIST_PATH = '/playground/voicebots'
/** An assistant's own page: where creating one lands, and where its page's posts come back to. */
export const agentPagePath = (id: string) => `/playground/voicebots/${id}`

/** Every post of the builder; `pageOf` is the assistant whose page posted (its switch and saves return there). */
export async function voicebotBuilderAction(request: Request, userId: string, pageOf?: string) {
	const form = await readFormData(request)
	const intent = form.get('intent')
	const returnTo = pageOf ? agentPagePath(pageOf) : LIST_PATH

	if (intent === 'toggle') return toggleIntent(form, { listPath: returnTo, toasts, userId, setActive: setAgentActive })
	if (intent === 'delete')
		return deleteIntent(form, { listPath: LIST_PATH, toasts, userId, remove: deleteAgent, label: 'Voicebot builder' })

	const values: AgentFormValues = textFieldsOf(form, [
		'name',
		'voiceId',
		'description',
		'instructions',
		'firstMessage',
		'language',
	])
	if (intent !== 'create' && !(intent === 'update' && pageOf))
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
	const failTitle = intent === 'update' ? 'Error' : toasts.createFailed.title
	if (intent === 'update' && pageOf) {
		try {
			if (!(await updateAgent(userId, pageOf, parsed.data))) {
				return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
			}
		} catch (error) {
			console.error(
				`Voicebot builder: updating agent ${pageOf} of user ${userId} failed:`,
				error instanceof VoiceProviderError ? error.message : error,
			)
			return data<VoicebotActionData>(
				{ values, errors: {}, toast: makeToast({ type: 'error', title: failTitle, description: toasts.updateFailed }) },
				{ status: error instanceof VoiceProviderError ? 502 : 500 },
			)
		}
		return redirectWithToast(returnTo, { type: 'success', title: toasts.updated })
	}
	let created: string
	try {
		const agent = await createAgent(userId, parsed.data)
		created = agent.id
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
	return redirectWithToast(agentPagePath(created), { type: 'success', title: toasts.created })
}

// What the Voicebot Builder's two route modules share at the edge: reading a post and the
// assistant's form checked. Each route module dispatches its intents to its own handlers
// (builder-actions for the list and create form, agent-page-actions for an assistant's page).
import { data } from 'react-router'
import {
	AgentFormSchema,
	agentRequired,
	type AgentFormErrors,
	type AgentFormValues,
	type VoicebotActionData,
} from '~/features/voice/agent-schema.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentKind } from '~/features/voice/ui/agent-kind.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { makeToast } from '~/lib/toast.ts'
import { agentCard } from '~/routes/playground/builder-cards.server.ts'
import { returnWithin, runIntent } from '~/routes/playground/builder-intents.server.ts'

const { toasts } = voicebotBuilder
export const { listPath: LIST_PATH, itemPath: agentPagePath } = agentKind

/** One post of the builder, read: its intent, its fields and the form's values as typed. */
export type AgentPost = { intent: string; form: FormData; values: AgentFormValues; userId: string }

async function readAgentPost(request: Request, userId: string): Promise<AgentPost> {
	const form = await readFormData(request)
	const values: AgentFormValues = textFieldsOf(form, [
		'name',
		'voiceId',
		'description',
		'instructions',
		'firstMessage',
		'language',
	])
	return { intent: String(form.get('intent') ?? ''), form, values, userId }
}

/** The form back, as posted, with what went wrong. */
export const failure = (values: AgentFormValues, status: number, title: string, description?: string) =>
	data<VoicebotActionData>({ values, errors: {}, toast: makeToast({ type: 'error', title, description }) }, { status })

/** An intent the page does not have: the spec's creation failure, the form as posted. */
const unknownIntent = ({ values }: AgentPost) =>
	failure(values, 400, toasts.createFailed.title, toasts.createFailed.description)

/**
 * A builder page's action: the post read (with what the page adds to it, such as the assistant's
 * id and its `pagePath`), then its intent's handler: the page's own, or the card's Active switch
 * and Delete, which every page has.
 */
export async function runAgentPost<
	Page extends object,
	Handlers extends Record<string, (post: AgentPost & Page) => unknown>,
>(request: Request, userId: string, page: Page, handlers: Handlers) {
	const post = { ...(await readAgentPost(request, userId)), ...page }
	// On an assistant's page the switch comes back to the section it was flipped on.
	const pagePath = 'pagePath' in page && typeof page.pagePath === 'string' ? page.pagePath : undefined
	const toggle = (card: AgentPost) =>
		agentCard.toggle({ ...card, pagePath: pagePath && returnWithin(card.form, pagePath) })
	return runIntent(post, { ...handlers, toggle, delete: agentCard.delete }, unknownIntent)
}

/** The form's fields checked; the answer that says what is missing, if not. */
export function parseAgentForm(values: AgentFormValues) {
	const parsed = AgentFormSchema.safeParse(values)
	if (parsed.success) return { form: parsed.data }
	const errors: AgentFormErrors = fieldErrorsOf(parsed.error)
	const toast = makeToast(formProblemToast(errors, toasts.missing, toasts.createFailed.title, agentRequired))
	return { answer: data<VoicebotActionData>({ values, errors, toast }, { status: 400 }) }
}

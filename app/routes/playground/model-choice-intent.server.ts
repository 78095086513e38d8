// "Save model" on a chatbot's or voice assistant's page (intent save-model): checked with the
// form's schema, saved owner-scoped, back to the section with the Model card (`returnTo`) with a toast. On a problem the
// page comes back with the field's message (status 400), as every form here does without JavaScript.
import { data } from 'react-router'
import type { ModelOwner } from '~/ai/model-outcome.server.ts'
import { modelChoiceCopy as copy } from '~/features/models/copy.ts'
import { ModelChoiceSchema } from '~/features/models/model-choice-schema.ts'
import { saveModelChoice } from '~/features/models/model-choice.server.ts'
import { fieldErrorsOf, type FieldErrors } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'

export type ModelChoiceActionData = { modelErrors: FieldErrors }

export async function modelChoiceIntent({
	form,
	owner,
	returnTo,
	notFoundPath,
	notFound,
}: {
	form: FormData
	owner: ModelOwner & { userId: string }
	/** The section with the Model card, where a saved choice comes back to. */
	returnTo: string
	/** Where a chatbot or assistant that is not the user's sends them, and what it says. */
	notFoundPath: string
	notFound: string
}) {
	const refuse = (errors: FieldErrors) =>
		data(
			{
				modelErrors: errors,
				toast: makeToast({ type: 'error', title: copy.saveFailed, description: Object.values(errors)[0] }),
			},
			{ status: 400 },
		)
	const parsed = ModelChoiceSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return refuse(fieldErrorsOf(parsed.error))
	const answer = await saveModelChoice(owner, parsed.data)
	if (answer.kind === 'unknown-model') return refuse({ model: copy.unknownModel })
	if (answer.kind === 'not-found')
		return redirectWithToast(notFoundPath, { type: 'error', title: 'Error', description: notFound })
	return redirectWithToast(returnTo, {
		type: 'success',
		title: copy.saved,
		description: copy.savedDescription(answer.current.label),
	})
}

import { useId } from 'react'
import { Form, useNavigation } from 'react-router'
// The voice assistant creation form: a plain form post, checked in the browser first with the same
// schema the server uses.
import { modelCopy } from '~/ai/model-notice.ts'
import { SaveButton } from '~/components/playground/builder-parts.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import {
	AgentFormSchema,
	agentRequired,
	type AgentFormErrors,
	type AgentFormValues,
} from '~/features/voice/agent-schema.ts'
import { languages, voices } from '~/features/voice/catalog.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { formProblemToast } from '~/lib/forms.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'

const { form: copy, toasts, defaults } = voicebotBuilder

export const blankAgentForm: AgentFormValues = {
	name: '',
	voiceId: defaults.voiceId,
	description: '',
	instructions: defaults.instructions,
	firstMessage: defaults.firstMessage,
	language: defaults.language,
}

const voiceOptions = voices.map((voice) => ({ value: voice.id, label: `${voice.label} (${voice.id})` }))
const languageOptions = languages.map((language) => ({ value: language.code, label: language.name }))

export function AgentForm({
	values,
	errors: serverErrors,
	mode = 'create',
	title,
	cancelTo = '/playground/voicebots',
}: {
	values: AgentFormValues
	errors: AgentFormErrors
	mode?: 'create' | 'edit'
	title?: string
	cancelTo?: string
}) {
	const id = useId()
	const navigation = useNavigation()
	const { clientErrors, validate } = useClientValidation(AgentFormSchema, (found) =>
		showToast({
			id: 'voicebot-form',
			...formProblemToast(found, toasts.missing, toasts.createFailed.title, agentRequired),
		}),
	)
	const errors = { ...serverErrors, ...clientErrors }
	const intent = mode === 'edit' ? 'update' : 'create'
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	return (
		<Form
			method="post"
			aria-labelledby={`${id}-title`}
			className="@container rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
			onSubmit={validate}
		>
			<h3 id={`${id}-title`} className="font-display text-xl font-bold text-slate-950">
				{title ?? copy.title}
			</h3>
			<input type="hidden" name="intent" value={intent} />
			<div className="mt-6 grid gap-4 @2xl:grid-cols-2">
				<Field
					label={copy.nameLabel}
					name="name"
					defaultValue={values.name}
					maxLength={100}
					placeholder={copy.namePlaceholder}
					error={errors.name}
				/>
				<SelectField
					label={copy.voiceLabel}
					name="voiceId"
					defaultValue={values.voiceId}
					options={voiceOptions}
					error={errors.voiceId}
				/>
				<Field
					className="@2xl:col-span-2"
					label={copy.descriptionLabel}
					name="description"
					defaultValue={values.description}
					maxLength={300}
					placeholder={copy.descriptionPlaceholder}
					hint={<p className="text-xs text-slate-500">{copy.descriptionHint}</p>}
					error={errors.description}
				/>
				<TextareaField
					className="@2xl:col-span-2"
					label={copy.instructionsLabel}
					name="instructions"
					rows={5}
					defaultValue={values.instructions}
					maxLength={4000}
					hint={<p className="text-xs text-slate-500">{`${copy.instructionsHint} ${modelCopy.instructionsApply}`}</p>}
					error={errors.instructions}
				/>
				<Field
					label={copy.firstMessageLabel}
					name="firstMessage"
					defaultValue={values.firstMessage}
					maxLength={500}
					error={errors.firstMessage}
				/>
				<SelectField
					label={copy.languageLabel}
					name="language"
					defaultValue={values.language}
					options={languageOptions}
					error={errors.language}
				/>
			</div>
			<div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				<ButtonLink to={cancelTo} variant="secondary">
					{copy.cancel}
				</ButtonLink>
				<SaveButton mode={mode} busy={busy} copy={copy} />
			</div>
		</Form>
	)
}

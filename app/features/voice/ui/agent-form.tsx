import { useId } from 'react'
import { Form, useNavigation } from 'react-router'
// The voice assistant creation form: a plain form post, checked in the browser first with the same
// schema the server uses.
import { modelCopy } from '~/ai/model-notice.ts'
import { languages } from '~/ai/voice-languages.ts'
import { BuilderCardTitle, builderCardClass, SaveButton } from '~/components/playground/builder-parts.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import {
	AgentFormSchema,
	agentRequired,
	type AgentFormErrors,
	type AgentFormValues,
} from '~/features/voice/agent-schema.ts'
import { voices } from '~/features/voice/catalog.ts'
import { greetingFor, voicebotBuilder } from '~/features/voice/copy.ts'
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

/** One field of the form: its control, what it edits, and the control's own attributes. */
type AgentField = { name: keyof AgentFormValues; label: string; wide?: boolean; hint?: React.ReactNode } & (
	| { control: 'input'; maxLength: number; placeholder?: string }
	| { control: 'textarea'; maxLength: number; rows: number }
	| { control: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
)

/** The fields in the order they stand; `wide` ones take both columns where there are two. */
const fields: AgentField[] = [
	{ control: 'input', name: 'name', label: copy.nameLabel, maxLength: 100, placeholder: copy.namePlaceholder },
	{ control: 'select', name: 'voiceId', label: copy.voiceLabel, options: voiceOptions },
	{
		control: 'input',
		name: 'description',
		label: copy.descriptionLabel,
		wide: true,
		maxLength: 300,
		placeholder: copy.descriptionPlaceholder,
		hint: <p className="text-xs text-slate-500">{copy.descriptionHint}</p>,
	},
	{
		control: 'textarea',
		name: 'instructions',
		label: copy.instructionsLabel,
		wide: true,
		rows: 5,
		maxLength: 4000,
		hint: <p className="text-xs text-slate-500">{`${copy.instructionsHint} ${modelCopy.instructionsApply}`}</p>,
	},
	{ control: 'input', name: 'firstMessage', label: copy.firstMessageLabel, maxLength: 500 },
	{ control: 'select', name: 'language', label: copy.languageLabel, options: languageOptions },
]

/** What a field hands its control: all but which control it is and where it stands. */
const attributes = <F extends AgentField>({ control: _control, wide: _wide, ...attrs }: F) => attrs

function AgentFieldControl({
	field,
	value,
	error,
	serverSpeech,
}: {
	field: AgentField
	value: string
	error?: string
	serverSpeech: boolean
}) {
	// The voices are a speech server's: without one, the browser's own voice speaks whichever is chosen.
	const hint = field.name === 'voiceId' ? (serverSpeech ? undefined : copy.voiceHint) : field.hint
	const shared = { className: field.wide ? '@2xl:col-span-2' : undefined, defaultValue: value, error, hint }
	if (field.control === 'select') return <SelectField {...shared} {...attributes(field)} />
	if (field.control === 'textarea') return <TextareaField {...shared} {...attributes(field)} />
	return <Field {...shared} {...attributes(field)} />
}

/**
 * A new language changes a default greeting to that language's (the owner's own words stay): the
 * server does the same on save (AgentFormSchema), so without JavaScript the result is the same.
 */
function followLanguage(event: React.FormEvent<HTMLFormElement>) {
	const target = event.target as HTMLSelectElement
	if (target.name !== 'language') return
	const firstMessage = event.currentTarget.elements.namedItem('firstMessage')
	if (firstMessage instanceof HTMLInputElement) firstMessage.value = greetingFor(firstMessage.value, target.value)
}

export function AgentForm({
	values,
	errors: serverErrors,
	mode = 'create',
	title,
	cancelTo = '/playground/voicebots',
	serverSpeech,
}: {
	/** The server has a speech endpoint: the chosen voice speaks (else the Voice select says it does not). */
	serverSpeech: boolean
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
			className={builderCardClass}
			onSubmit={validate}
			onChange={followLanguage}
		>
			<BuilderCardTitle id={`${id}-title`}>{title ?? copy.title}</BuilderCardTitle>
			<input type="hidden" name="intent" value={intent} />
			<div className="mt-6 grid gap-4 @2xl:grid-cols-2">
				{fields.map((field) => (
					<AgentFieldControl
						key={field.name}
						field={field}
						value={values[field.name]}
						error={errors[field.name]}
						serverSpeech={serverSpeech}
					/>
				))}
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

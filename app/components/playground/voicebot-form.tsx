// The voice assistant creation form: a plain form post, checked in the browser first with the same
// schema the server uses.
import { Loader2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { languages, voicebotBuilder, voices } from '~/content/voicebot-builder.ts'
import { AgentFormSchema, type AgentFormErrors, type AgentFormValues } from '~/utils/agent-schemas.ts'
import { cn } from '~/utils/misc.ts'
import { showToast } from '../toast-message.tsx'
import { buttonClasses } from '../ui/button.tsx'

const { form: copy, toasts, defaults } = voicebotBuilder

const inputClass =
	'mt-1.5 block w-full rounded-xl border-0 bg-white px-3.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500'

export const blankAgentForm: AgentFormValues = { name: '', voiceId: defaults.voiceId, description: '', instructions: defaults.instructions, firstMessage: defaults.firstMessage, language: defaults.language }

function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			{children}
			{error ? (
				<p id={`${id}-error`} className="mt-1.5 text-sm text-rose-600">
					{error}
				</p>
			) : null}
		</div>
	)
}

export function VoicebotForm({ values, errors: serverErrors }: { values: AgentFormValues; errors: AgentFormErrors }) {
	const id = useId()
	const navigation = useNavigation()
	const [clientErrors, setClientErrors] = useState<AgentFormErrors>({})
	const errors = { ...serverErrors, ...clientErrors }
	const creating = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
	const invalid = (key: keyof AgentFormErrors) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {})
	return (
		<Form
			method="post"
			aria-labelledby={`${id}-title`}
			className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
			onSubmit={(event) => {
				const parsed = AgentFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
				if (parsed.success) return setClientErrors({})
				event.preventDefault()
				const found: AgentFormErrors = {}
				for (const issue of parsed.error.issues) found[issue.path[0] as keyof AgentFormErrors] ??= issue.message
				setClientErrors(found)
				const missing = Object.values(found).includes(toasts.missing.description)
				showToast({ id: 'voicebot-form', ...(missing ? { type: 'error', ...toasts.missing } : { type: 'error', title: toasts.createFailed.title, description: Object.values(found)[0] }) })
			}}
		>
			<h3 id={`${id}-title`} className="font-display text-xl font-bold text-slate-950">
				{copy.title}
			</h3>
			<input type="hidden" name="intent" value="create" />
			<div className="mt-6 grid gap-4 md:grid-cols-2">
				<Labelled id={`${id}-name`} label={copy.nameLabel} error={errors.name}>
					<input id={`${id}-name`} name="name" defaultValue={values.name} maxLength={100} placeholder={copy.namePlaceholder} className={cn(inputClass, 'h-11')} {...invalid('name')} />
				</Labelled>
				<Labelled id={`${id}-voice`} label={copy.voiceLabel} error={errors.voiceId}>
					<select id={`${id}-voice`} name="voiceId" defaultValue={values.voiceId} className={cn(inputClass, 'h-11')} {...invalid('voiceId')}>
						{voices.map((voice) => (
							<option key={voice.id} value={voice.id}>
								{voice.label} ({voice.id})
							</option>
						))}
					</select>
				</Labelled>
				<div className="md:col-span-2">
					<Labelled id={`${id}-description`} label={copy.descriptionLabel} error={errors.description}>
						<input id={`${id}-description`} name="description" defaultValue={values.description} maxLength={300} placeholder={copy.descriptionPlaceholder} className={cn(inputClass, 'h-11')} {...invalid('description')} />
					</Labelled>
				</div>
				<div className="md:col-span-2">
					<Labelled id={`${id}-instructions`} label={copy.instructionsLabel} error={errors.instructions}>
						<textarea id={`${id}-instructions`} name="instructions" rows={5} defaultValue={values.instructions} maxLength={4000} className={cn(inputClass, 'py-3 text-sm leading-relaxed')} {...invalid('instructions')} />
					</Labelled>
				</div>
				<Labelled id={`${id}-first`} label={copy.firstMessageLabel} error={errors.firstMessage}>
					<input id={`${id}-first`} name="firstMessage" defaultValue={values.firstMessage} maxLength={500} className={cn(inputClass, 'h-11')} {...invalid('firstMessage')} />
				</Labelled>
				<Labelled id={`${id}-language`} label={copy.languageLabel} error={errors.language}>
					<select id={`${id}-language`} name="language" defaultValue={values.language} className={cn(inputClass, 'h-11')} {...invalid('language')}>
						{languages.map((language) => (
							<option key={language.code} value={language.code}>
								{language.name}
							</option>
						))}
					</select>
				</Labelled>
			</div>
			<div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
				<Link to="/playground/voicebots" className={buttonClasses({ variant: 'secondary' })}>
					{copy.cancel}
				</Link>
				<button type="submit" disabled={creating} className={buttonClasses()}>
					{creating ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> : null}
					{creating ? copy.creating : copy.create}
				</button>
			</div>
		</Form>
	)
}

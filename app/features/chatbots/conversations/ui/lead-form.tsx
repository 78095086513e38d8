// The widget's lead form: the fields its owner asks for, checked with the same schema as on the
// server, sent with the embed's token. Shown before the chat (it blocks it until sent, unless every
// field is optional), when the visitor asks for a person, or after a number of messages.
import { Loader2, UserRound, X } from 'lucide-react'
import { useState } from 'react'
import { chatbotVisitorsPrivacyPath } from '~/content/legal.ts'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import {
	LEAD_FIELDS,
	leadSchema,
	type LeadField,
	type LeadFieldState,
	type LeadFormMode,
	type LeadFormSettings,
} from '~/features/chatbots/conversations/conversation-schema.ts'

const { leadForm: copy } = activityCopy

const INPUT_TYPE: Record<LeadField, { type: string; autoComplete: string }> = {
	name: { type: 'text', autoComplete: 'name' },
	email: { type: 'email', autoComplete: 'email' },
	phone: { type: 'tel', autoComplete: 'tel' },
}

export type SendLead = (
	values: Record<string, string>,
) => Promise<{ ok: true } | { ok: false; errors: Record<string, string> }>

export function LeadForm({
	settings,
	mode,
	ids,
	send,
	onDone,
}: {
	settings: LeadFormSettings
	mode: Exclude<LeadFormMode, 'off'>
	ids: { visitorId: string; conversationId: string }
	send: SendLead
	/** Sent, or skipped ("Not now"). */
	onDone: (outcome: 'sent' | 'skipped') => void
}) {
	const fields = LEAD_FIELDS.filter((field) => settings.fields[field] !== 'off')
	const canSkip = mode !== 'before' || fields.every((field) => settings.fields[field] === 'optional')
	const [values, setValues] = useState<Record<string, string>>({})
	const [errors, setErrors] = useState<Record<string, string>>({})
	const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle')
	return (
		<section
			aria-labelledby="lead-form-title"
			className="border-t border-slate-200 bg-white px-4 py-3 sm:px-6"
			data-testid="lead-form"
		>
			<div className="flex items-start justify-between gap-2">
				<h2 id="lead-form-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
					<UserRound className="text-brand-700 size-4" aria-hidden />
					{copy.title}
				</h2>
				{canSkip ? <SkipButton label={copy.skip} onSkip={() => onDone('skipped')} /> : null}
			</div>
			<p className="mt-0.5 text-xs text-slate-600">{copy.intro[mode]}</p>
			<form
				noValidate
				className="mt-2 grid gap-2"
				onSubmit={async (event) => {
					event.preventDefault()
					const body = { ...values, ...ids }
					const parsed = leadSchema(settings.fields).safeParse(body)
					if (!parsed.success) {
						const found = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
						setErrors(found)
						// Something other than a field is wrong (the ids): say that it was not sent.
						setState(Object.keys(found).some((key) => !fields.includes(key as LeadField)) ? 'failed' : 'idle')
						return
					}
					setErrors({})
					setState('sending')
					const result = await send(body)
					if (result.ok) return onDone('sent')
					setErrors(result.errors)
					setState('failed')
				}}
			>
				{fields.map((field) => (
					<LeadFieldInput
						key={field}
						field={field}
						state={settings.fields[field]}
						error={errors[field]}
						value={values[field] ?? ''}
						onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
					/>
				))}
				<div className="flex items-center justify-between gap-2">
					<p role="status" className="text-xs text-rose-700">
						{state === 'failed' && !Object.keys(errors).some((key) => fields.includes(key as LeadField))
							? copy.failed
							: ''}
					</p>
					<button
						type="submit"
						disabled={state === 'sending'}
						className="bg-brand-600 hover:bg-brand-700 text-on-brand inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold disabled:opacity-60"
					>
						{state === 'sending' ? (
							<Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
						) : null}
						{state === 'sending' ? copy.sending : copy.submit}
					</button>
				</div>
				<PrivacyNote />
			</form>
		</section>
	)
}

/** "Not now": the form closes and the chat goes on (only when no field is required before it). */
function SkipButton({ label, onSkip }: { label: string; onSkip: () => void }) {
	return (
		<button
			type="button"
			onClick={onSkip}
			aria-label={label}
			className="grid size-7 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
		>
			<X className="size-4" aria-hidden />
		</button>
	)
}

/**
 * The lead form as a plain form post, for the embed page without JavaScript: the same fields and
 * labels, posted to the page itself (its action checks it with the same schema as the lead API),
 * the server's messages under the fields, and the confirmation after the redirect.
 */
export function NoScriptLeadForm({
	settings,
	action,
	hidden,
	values = {},
	errors = {},
	refused,
}: {
	settings: LeadFormSettings
	/** Where the form posts: the embed page itself, with its site's token. */
	action: string
	/** The embed token, a fresh visitor and conversation id, the host page. */
	hidden: Record<string, string>
	values?: Record<string, string>
	errors?: Record<string, string>
	/** Why the details were not taken (refused, too many at once). */
	refused?: string
}) {
	const fields = LEAD_FIELDS.filter((field) => settings.fields[field] !== 'off')
	return (
		<section aria-labelledby="lead-form-title" className="px-4 py-3 sm:px-6" data-testid="lead-form">
			<h2 id="lead-form-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
				<UserRound className="text-brand-700 size-4" aria-hidden />
				{copy.title}
			</h2>
			<form method="post" action={action} noValidate className="mt-2 grid gap-2">
				{Object.entries(hidden).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				{fields.map((field) => (
					<LeadFieldInput
						key={field}
						field={field}
						state={settings.fields[field]}
						error={errors[field]}
						defaultValue={values[field] ?? ''}
					/>
				))}
				<div className="flex items-center justify-between gap-2">
					<p role="status" className="text-xs text-rose-700">
						{refused ?? (Object.keys(errors).some((key) => !fields.includes(key as LeadField)) ? copy.failed : '')}
					</p>
					<button
						type="submit"
						className="bg-brand-600 hover:bg-brand-700 text-on-brand inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold"
					>
						{copy.submit}
					</button>
				</div>
				<PrivacyNote />
			</form>
		</section>
	)
}

/** One field of the lead form: its label (optional said), input and the message that refuses it. */
function LeadFieldInput({
	field,
	state,
	error,
	...value
}: {
	field: LeadField
	state: LeadFieldState
	error: string | undefined
} & ({ value: string; onChange: (value: string) => void } | { defaultValue: string })) {
	return (
		<div>
			<label htmlFor={`lead-${field}`} className="block text-xs font-medium text-slate-700">
				{copy[field]} {state === 'optional' ? <span className="text-slate-500">{copy.optional}</span> : null}
			</label>
			<input
				id={`lead-${field}`}
				name={field}
				{...INPUT_TYPE[field]}
				required={state === 'required'}
				{...('onChange' in value
					? { value: value.value, onChange: (event) => value.onChange(event.target.value) }
					: { defaultValue: value.defaultValue })}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `lead-${field}-error` : undefined}
				className="focus:ring-brand-500 mt-1 block h-9 w-full rounded-lg border-0 px-2.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:outline-none aria-[invalid=true]:ring-rose-500"
			/>
			{error ? (
				<p id={`lead-${field}-error`} className="mt-1 text-xs text-rose-700">
					{error}
				</p>
			) : null}
		</div>
	)
}

/** Who gets the details, and where a visitor reads what is kept. */
function PrivacyNote() {
	// The visitor is on someone else's site, in our frame: the policy opens in a tab of its own.
	return (
		<p className="text-xs text-slate-600">
			{copy.privacyNote}{' '}
			<a
				href={chatbotVisitorsPrivacyPath}
				target="_blank"
				rel="noopener noreferrer"
				className="font-medium text-slate-800 underline underline-offset-2 hover:text-slate-950"
			>
				{copy.privacyLink}
				<span className="sr-only"> (opens in a new tab)</span>
			</a>
		</p>
	)
}

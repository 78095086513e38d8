import { Eye, EyeOff } from 'lucide-react'
import { useId, useState } from 'react'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const controlClass =
	'block w-full rounded-xl border-0 bg-white px-3.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500'
const inputClass = cn(controlClass, 'h-11')

type Labelled = { label: string; error?: string; hint?: React.ReactNode; hideLabel?: boolean }

/**
 * A control's id: the one given, else React's. Fields in an island are given one (ADR 0021): React's
 * ids come from the position in the tree, which differs between the server's page and the island's
 * own root in the browser.
 */
function useFieldId(given: string | undefined) {
	const generated = useId()
	return given ?? generated
}

/**
 * Label, control, error and hint, with ids wired for assistive technology: every labelled control
 * (these fields, the password field, the chat composer) is built on it.
 */
export function FieldShell({
	id: givenId,
	label,
	error,
	hint,
	hideLabel,
	className,
	children,
}: Labelled & {
	id?: string
	className?: string
	children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode
}) {
	const id = useFieldId(givenId)
	const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
	return (
		<div className={className}>
			<label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
				{label}
			</label>
			{children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
			<FieldError id={`${id}-error`} error={error} />
			{typeof hint === 'string' ? (
				// A plain hint: the form's small print under the control.
				<p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
					{hint}
				</p>
			) : hint ? (
				<div id={`${id}-hint`}>{hint}</div>
			) : null}
		</div>
	)
}

/**
 * A file input's look: a pill button and the chosen file's name, never a text box. Every file input
 * of the app is a `Field` of type file (`FileField`), so they all look alike.
 */
const fileInputClass =
	'file:bg-brand-50 file:text-brand-700 hover:file:bg-brand-100 block w-full text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:px-3 file:py-1.5 file:text-sm file:font-semibold aria-[invalid=true]:file:bg-rose-50 aria-[invalid=true]:file:text-rose-800'

/** A labelled input with its error message wired for assistive technology. */
export function Field({
	id,
	label,
	error,
	hint,
	hideLabel,
	className,
	...props
}: React.ComponentProps<'input'> & Labelled) {
	const look = props.type === 'file' ? fileInputClass : inputClass
	return (
		<FieldShell id={id} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
			{(control) => <input className={cn(look, !hideLabel && 'mt-1.5')} {...control} {...props} />}
		</FieldShell>
	)
}

/** The file picker: a knowledge source's files, a test set's CSV, the widget's picture. */
export const FileField = (props: Omit<React.ComponentProps<typeof Field>, 'type'>) => <Field type="file" {...props} />

export function TextareaField({
	label,
	error,
	hint,
	hideLabel,
	className,
	controlClassName,
	...props
}: React.ComponentProps<'textarea'> & Labelled & { controlClassName?: string }) {
	return (
		<FieldShell label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
			{(control) => (
				<textarea
					className={cn(controlClass, 'mt-1.5 py-3 text-sm leading-relaxed', controlClassName)}
					{...control}
					{...props}
				/>
			)}
		</FieldShell>
	)
}

export function SelectField({
	id,
	label,
	error,
	hint,
	className,
	options,
	...props
}: React.ComponentProps<'select'> & Labelled & { options: ReadonlyArray<{ value: string; label: string }> }) {
	return (
		// The id goes to the shell, which gives it to the control and its label alike.
		<FieldShell id={id} label={label} error={error} hint={hint} className={className}>
			{(control) => (
				<select className={cn(inputClass, 'mt-1.5')} {...control} {...props}>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
			)}
		</FieldShell>
	)
}

/** A password input with its own show/hide toggle (the toggle needs JavaScript, so it waits for it). */
export function PasswordField({
	id: givenId,
	label,
	error,
	className,
	...props
}: Omit<React.ComponentProps<'input'>, 'type'> & { label: string; error?: string }) {
	const [visible, setVisible] = useState(false)
	const hydrated = useHydrated()
	return (
		<FieldShell id={givenId} label={label} error={error} className={className}>
			{(control) => (
				<div className="relative mt-1.5">
					<input type={visible ? 'text' : 'password'} className={cn(inputClass, 'pr-12')} {...control} {...props} />
					{hydrated ? (
						<button
							type="button"
							onClick={() => setVisible((v) => !v)}
							aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
							aria-pressed={visible}
							aria-controls={control.id}
							className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-slate-500 hover:text-slate-800"
						>
							{visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
						</button>
					) : null}
				</div>
			)}
		</FieldShell>
	)
}

function FieldError({ id, error }: { id: string; error?: string }) {
	if (!error) return null
	return (
		<p id={id} className="mt-1.5 text-sm text-rose-600">
			{error}
		</p>
	)
}

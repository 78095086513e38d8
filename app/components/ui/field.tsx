import { Eye, EyeOff } from 'lucide-react'
import { useId, useState } from 'react'
import { cn } from '~/utils/misc.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'

const inputClass =
	'block h-11 w-full rounded-xl border-0 bg-white px-3.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500'

/** A labelled input with its error message wired for assistive technology. */
export function Field({
	label,
	error,
	className,
	...props
}: React.ComponentProps<'input'> & { label: string; error?: string }) {
	const id = useId()
	const errorId = `${id}-error`
	return (
		<div className={className}>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<input
				id={id}
				className={cn(inputClass, 'mt-1.5')}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? errorId : undefined}
				{...props}
			/>
			<FieldError id={errorId} error={error} />
		</div>
	)
}

/** A password input with its own show/hide toggle (the toggle needs JavaScript, so it waits for it). */
export function PasswordField({
	label,
	error,
	className,
	...props
}: Omit<React.ComponentProps<'input'>, 'type'> & { label: string; error?: string }) {
	const id = useId()
	const errorId = `${id}-error`
	const [visible, setVisible] = useState(false)
	const hydrated = useHydrated()
	return (
		<div className={className}>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<div className="relative mt-1.5">
				<input
					id={id}
					type={visible ? 'text' : 'password'}
					className={cn(inputClass, 'pr-12')}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? errorId : undefined}
					{...props}
				/>
				{hydrated ? (
					<button
						type="button"
						onClick={() => setVisible((v) => !v)}
						aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
						aria-pressed={visible}
						aria-controls={id}
						className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-slate-500 hover:text-slate-800"
					>
						{visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
					</button>
				) : null}
			</div>
			<FieldError id={errorId} error={error} />
		</div>
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

// Parts shared by the create form's knowledge tiles and a chatbot page's source forms.
import type { Globe } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'
import { FileField } from '~/components/ui/field.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ACCEPT_ATTRIBUTE } from '~/features/chatbots/knowledge-base.ts'
import { cn } from '~/lib/misc.ts'

const { sources: copy } = chatbotBuilder

/** A source's icon, framed: in a tile's title, and before each source listed on a chatbot's page. */
export function SourceIcon({ icon: Icon, className }: { icon: typeof Globe; className: string }) {
	return (
		<span className={cn('text-brand-600 grid place-items-center ring-1 ring-slate-200', className)}>
			<Icon className="size-4" aria-hidden />
		</span>
	)
}

/** A tinted card with an icon and a title: one way to add knowledge. */
export function SourceTile({
	icon,
	title,
	children,
}: {
	icon: typeof Globe
	title: string
	children: React.ReactNode
}) {
	return (
		<div className="flex min-w-0 flex-col rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
			<p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
				<SourceIcon icon={icon} className="size-8 rounded-lg bg-white shadow-sm" />
				{title}
			</p>
			<div className="mt-3 flex flex-1 flex-col gap-2">{children}</div>
		</div>
	)
}

/**
 * The files to read as knowledge: the app's file picker named `file`, its label for screen readers
 * (the tile's title shows it) and its hint.
 */
export function SourceFilesInput({
	id,
	label,
	hint,
	...props
}: Omit<React.ComponentProps<'input'>, 'id' | 'type' | 'name' | 'multiple' | 'accept' | 'className'> & {
	id: string
	label: string
	hint: string
}) {
	return (
		<FileField id={id} label={label} hideLabel hint={hint} name="file" multiple accept={ACCEPT_ATTRIBUTE} {...props} />
	)
}

/** A tile's submit button: a spinner stands for its icon while what it sends is on its way. */
export function SourceButton({
	busy,
	icon: Icon,
	children,
	...props
}: Omit<React.ComponentProps<'button'>, 'type' | 'disabled' | 'className'> & { busy: boolean; icon: typeof Globe }) {
	return (
		<Button type="submit" variant="secondary" size="sm" className="mt-auto self-start" disabled={busy} {...props}>
			{busy ? <Spinner className="size-4" /> : <Icon className="size-4" aria-hidden />}
			{children}
		</Button>
	)
}

export type ImportScope = 'page' | 'site'

/** "This page" or "The whole site", as radio buttons named `scope`. */
export function ScopeChoice({
	value,
	onChange,
	order = ['page', 'site'],
	describedBy,
}: {
	value: ImportScope
	onChange: (scope: ImportScope) => void
	order?: readonly ImportScope[]
	describedBy?: string
}) {
	return (
		<fieldset aria-describedby={describedBy} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
			<legend className="sr-only">{copy.scopeLegend}</legend>
			{order.map((option) => (
				<label key={option} className="inline-flex items-center gap-1.5">
					<input
						type="radio"
						name="scope"
						value={option}
						checked={value === option}
						onChange={() => onChange(option)}
						className="accent-brand-600 size-4"
					/>
					{copy.scopes[option]}
				</label>
			))}
		</fieldset>
	)
}

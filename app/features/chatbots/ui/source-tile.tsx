// Parts shared by the create form's knowledge tiles and a chatbot page's source forms.
import type { Globe } from 'lucide-react'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'

const { sources: copy } = chatbotBuilder

/** A tinted card with an icon and a title: one way to add knowledge. */
export function SourceTile({
	icon: Icon,
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
				<span className="text-brand-600 grid size-8 place-items-center rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
					<Icon className="size-4" aria-hidden />
				</span>
				{title}
			</p>
			<div className="mt-3 flex flex-1 flex-col gap-2">{children}</div>
		</div>
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

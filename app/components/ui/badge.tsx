import { cn } from '~/lib/misc.ts'

const tones = {
	brand: 'bg-brand-50 text-brand-700 ring-brand-200',
	amber: 'bg-amber-50 text-amber-800 ring-amber-200',
	white: 'bg-white/80 text-slate-700 ring-slate-200 backdrop-blur',
	dark: 'bg-white/10 text-white ring-white/20',
	emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
} as const

export function Badge({
	tone = 'brand',
	className,
	...props
}: React.ComponentProps<'span'> & { tone?: keyof typeof tones }) {
	return (
		<span
			className={cn(
				'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset',
				tones[tone],
				className,
			)}
			{...props}
		/>
	)
}

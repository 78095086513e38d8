import { cn } from '~/lib/misc.ts'

type Variant = 'primary' | 'secondary' | 'ghost' | 'light' | 'danger'
type Size = 'sm' | 'md' | 'lg'

const base =
	'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-[color,background-color,box-shadow,transform] duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60'

const variants: Record<Variant, string> = {
	primary:
		'bg-brand-600 text-white shadow-lg shadow-brand-600/25 hover:bg-brand-700 hover:shadow-brand-700/30 active:translate-y-px',
	secondary: 'bg-white text-slate-900 ring-1 ring-slate-200 shadow-sm hover:bg-slate-50 hover:ring-slate-300',
	ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
	light: 'bg-white text-brand-700 shadow-lg hover:bg-brand-50',
	danger: 'bg-rose-600 text-white shadow-lg shadow-rose-600/25 hover:bg-rose-700 active:translate-y-px',
}

const sizes: Record<Size, string> = {
	sm: 'h-9 px-4 text-sm',
	md: 'h-11 px-5 text-sm',
	lg: 'h-12 px-6 text-base',
}

export function buttonClasses({
	variant = 'primary',
	size = 'md',
	className,
}: { variant?: Variant; size?: Size; className?: string } = {}) {
	return cn(base, variants[variant], sizes[size], className)
}

export type ButtonStyleProps = { variant?: Variant; size?: Size }

export function Button({ variant, size, className, ...props }: React.ComponentProps<'button'> & ButtonStyleProps) {
	return <button type="button" className={buttonClasses({ variant, size, className })} {...props} />
}

/** A link to another site, opened in a new tab (spec: external links open in new tabs). */
export function ExternalButtonLink({
	variant,
	size,
	className,
	children,
	...props
}: React.ComponentProps<'a'> & ButtonStyleProps) {
	return (
		<a target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant, size, className })} {...props}>
			{children}
			<span className="sr-only"> (opens in a new tab)</span>
		</a>
	)
}

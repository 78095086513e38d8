import { cn } from '~/lib/misc.ts'

export function SectionHeading({
	id,
	eyebrow,
	title,
	intro,
	tone = 'light',
	align = 'center',
	children,
}: {
	id: string
	eyebrow?: React.ReactNode
	title: string
	intro?: string
	tone?: 'light' | 'dark'
	align?: 'center' | 'left'
	children?: React.ReactNode
}) {
	return (
		<div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
			{eyebrow ? (
				<div
					className={cn(
						'text-sm font-semibold tracking-wide uppercase',
						tone === 'dark' ? 'text-brand-300' : 'text-brand-600',
					)}
				>
					{eyebrow}
				</div>
			) : null}
			<h2
				id={id}
				className={cn(
					'font-display mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl',
					tone === 'dark' ? 'text-white' : 'text-slate-950',
				)}
			>
				{title}
			</h2>
			{intro ? (
				<p className={cn('mt-4 text-lg leading-relaxed', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>
					{intro}
				</p>
			) : null}
			{children}
		</div>
	)
}

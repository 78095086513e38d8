import { Sparkles } from 'lucide-react'
import { company } from '~/content/company.ts'
import { cn } from '~/lib/misc.ts'

export function Logo({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
	return (
		<span className={cn('inline-flex items-center gap-2.5', className)}>
			<span className="from-brand-500 shadow-brand-500/30 grid size-9 place-items-center rounded-xl bg-gradient-to-br via-fuchsia-500 to-cyan-400 text-white shadow-md">
				<Sparkles className="size-5" aria-hidden strokeWidth={2} />
			</span>
			<span
				className={cn(
					'font-display text-lg font-extrabold tracking-tight whitespace-nowrap',
					tone === 'dark' ? 'text-slate-900' : 'text-white',
				)}
			>
				{company.name}
			</span>
		</span>
	)
}

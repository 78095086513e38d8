import { useEffect, useState } from 'react'
import { Icon } from '~/components/icon.tsx'
import { ScheduleCallLink } from '~/components/schedule-call-link.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { agentsSection, type AgentFlow } from '~/content/home.ts'
import { cn } from '~/lib/misc.ts'
import { useReducedMotion } from '~/lib/use-reduced-motion.ts'
import { SectionHeading } from './section-heading.tsx'

const colours: Record<AgentFlow['colour'], { icon: string; ring: string; step: string }> = {
	indigo: { icon: 'bg-brand-500', ring: 'ring-brand-400', step: 'bg-brand-500/15 text-brand-200' },
	emerald: { icon: 'bg-emerald-500', ring: 'ring-emerald-400', step: 'bg-emerald-500/15 text-emerald-200' },
	amber: { icon: 'bg-amber-500', ring: 'ring-amber-400', step: 'bg-amber-500/15 text-amber-200' },
	rose: { icon: 'bg-rose-500', ring: 'ring-rose-400', step: 'bg-rose-500/15 text-rose-200' },
}

/**
 * Four automation flows; the selection advances every 4 s with a 0.5 s fade (spec). Rotation
 * pauses while the visitor hovers or focuses the section, and is off for reduced motion.
 */
export function AgentsSection() {
	const { flows } = agentsSection
	const [selected, setSelected] = useState(0)
	const [hovered, setHovered] = useState(false)
	const [focused, setFocused] = useState(false)
	const reducedMotion = useReducedMotion()
	const rotating = !hovered && !focused && !reducedMotion

	useEffect(() => {
		if (!rotating) return
		const timer = window.setInterval(() => setSelected((i) => (i + 1) % flows.length), agentsSection.rotationMs)
		return () => window.clearInterval(timer)
	}, [rotating, flows.length, selected])

	const flow = flows[selected]
	const colour = colours[flow.colour]

	return (
		<section aria-labelledby="agents-heading" className="relative isolate overflow-hidden bg-slate-950 py-20 sm:py-28">
			<div
				aria-hidden
				className="bg-brand-600/25 absolute top-0 left-1/2 -z-10 h-96 w-[56rem] -translate-x-1/2 rounded-full blur-3xl"
			/>
			<div className="container-page">
				<SectionHeading
					id="agents-heading"
					tone="dark"
					eyebrow={<Badge tone="dark">{agentsSection.badge}</Badge>}
					title={agentsSection.heading}
					intro={agentsSection.intro}
				/>

				<div
					className="mt-14 grid gap-6 lg:grid-cols-5"
					data-rotating={rotating}
					data-testid="agent-flows"
					onMouseEnter={() => setHovered(true)}
					onMouseLeave={() => setHovered(false)}
					onFocus={() => setFocused(true)}
					onBlur={(e) => {
						if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
					}}
				>
					<ul className="grid gap-3 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-1" aria-label="Automation flows">
						{flows.map((item, index) => {
							const active = index === selected
							return (
								<li key={item.title}>
									<button
										type="button"
										aria-pressed={active}
										aria-controls="agent-flow-panel"
										onClick={() => setSelected(index)}
										className={cn(
											'flex w-full items-center gap-4 rounded-2xl p-4 text-left ring-1 transition-[background-color,box-shadow] duration-300',
											active
												? `bg-white/10 ring-2 ${colours[item.colour].ring}`
												: 'bg-white/[0.03] ring-white/10 hover:bg-white/[0.07]',
										)}
									>
										<span
											className={cn(
												'grid size-10 shrink-0 place-items-center rounded-xl text-white',
												colours[item.colour].icon,
											)}
										>
											<Icon name={item.icon} className="size-5" />
										</span>
										<span>
											<span className="font-display block font-semibold text-white">{item.title}</span>
											<span className="mt-0.5 block text-sm text-slate-400">{item.description}</span>
										</span>
									</button>
								</li>
							)
						})}
					</ul>

					<div
						id="agent-flow-panel"
						className="rounded-3xl bg-white/[0.04] p-6 ring-1 ring-white/10 sm:p-8 lg:col-span-3"
					>
						<div key={selected} className="animate-fade-in" data-testid="agent-flow-panel" data-flow={flow.title}>
							<div className="flex items-center gap-3">
								<span className={cn('grid size-11 place-items-center rounded-xl text-white', colour.icon)}>
									<Icon name={flow.icon} className="size-5" />
								</span>
								<h3 className="font-display text-xl font-bold text-white">{flow.title}</h3>
							</div>
							<ol className="mt-8 space-y-4">
								{flow.steps.map((step, index) => (
									<li key={step} className="flex items-center gap-4">
										<span
											className={cn(
												'grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold',
												colour.step,
											)}
										>
											{index + 1}
										</span>
										<span className="text-slate-200">{step}</span>
									</li>
								))}
							</ol>
						</div>
					</div>
				</div>

				<dl className="mt-14 grid gap-6 sm:grid-cols-3">
					{agentsSection.claims.map((claim) => (
						<div
							key={claim.value}
							className="flex flex-col-reverse rounded-2xl bg-white/[0.04] p-6 ring-1 ring-white/10"
						>
							<dt className="mt-1 text-sm text-slate-400">{claim.label}</dt>
							<dd className="font-display text-3xl font-extrabold text-white">{claim.value}</dd>
						</div>
					))}
				</dl>

				<div className="mt-12 flex justify-center">
					<ScheduleCallLink variant="light" size="lg">
						{agentsSection.ctaLabel}
					</ScheduleCallLink>
				</div>
			</div>
		</section>
	)
}

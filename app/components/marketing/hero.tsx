import { ArrowRight, ArrowUpRight, Send, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useChatLauncher } from '~/components/chat/chat-launcher.tsx'
import { Icon } from '~/components/icon.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink, ExternalButtonLink } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { examplePrompts, hero, type HeroTab } from '~/content/home.ts'
import { cn } from '~/lib/misc.ts'
import { useLazyComponent } from '~/lib/use-lazy-component.ts'
import { Typewriter } from './typewriter.tsx'

// AI Chat opens the site's chat widget. The voice dialog (and the dialog library) are fetched when
// first wanted, keeping them out of the page's initial JavaScript; hovering or focusing a card
// starts the download early.
const importVoiceDialog = () => import('./voice-placeholder-dialog.tsx').then((m) => m.VoicePlaceholderDialog)

export function Hero() {
	const [selected, setSelected] = useState<HeroTab>('development')
	const { openChat, preloadChat } = useChatLauncher()
	const [voiceOpen, setVoiceOpen] = useState(false)
	const [VoiceDialog, loadVoiceDialog] = useLazyComponent(importVoiceDialog, 'voice dialog')

	function loadDialog(tab: HeroTab) {
		if (tab === 'chatbot') preloadChat()
		if (tab === 'voice') loadVoiceDialog()
	}

	function select(tab: HeroTab) {
		setSelected(tab)
		loadDialog(tab)
		if (tab === 'chatbot') openChat()
		if (tab === 'voice') setVoiceOpen(true)
	}

	return (
		<section aria-labelledby="hero-heading" className="relative isolate overflow-hidden pt-28 pb-20 sm:pt-36 sm:pb-28">
			<div
				aria-hidden
				className="bg-grid absolute inset-0 -z-10 [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
			/>
			<div
				aria-hidden
				className="from-brand-200/70 absolute -top-40 left-1/2 -z-10 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-gradient-to-tr via-fuchsia-200/50 to-cyan-200/60 blur-3xl"
			/>

			<div className="container-page">
				<div className="mx-auto max-w-3xl text-center">
					<ul className="flex flex-wrap justify-center gap-2" aria-label="Highlights">
						{hero.badges.map((badge, index) => (
							<li key={badge}>
								<Badge tone={index === 0 ? 'brand' : 'white'}>
									{index === 0 ? <Sparkles className="size-3.5" aria-hidden /> : null}
									{badge}
								</Badge>
							</li>
						))}
					</ul>
					<h1
						id="hero-heading"
						className="font-display mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-slate-950 sm:text-6xl lg:text-7xl"
					>
						Empower your business with <span className="text-gradient">AI</span>
					</h1>
					<p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">{hero.subheading}</p>
					<div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
						<ButtonLink to="/playground" reloadDocument size="lg">
							{hero.exploreLabel}
							<ArrowRight className="size-4" aria-hidden />
						</ButtonLink>
						<ExternalButtonLink href={company.externalLinks.scheduling} variant="secondary" size="lg">
							{hero.consultationLabel}
							<ArrowUpRight className="size-4" aria-hidden />
						</ExternalButtonLink>
					</div>
				</div>

				<div className="mx-auto mt-16 max-w-5xl">
					<div role="group" aria-label="What would you like to explore?" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
						{hero.cards.map((card) => {
							const isSelected = selected === card.tab
							return (
								<button
									key={card.tab}
									type="button"
									aria-pressed={isSelected}
									onClick={() => select(card.tab)}
									onPointerEnter={() => loadDialog(card.tab)}
									onFocus={() => loadDialog(card.tab)}
									className={cn(
										'group flex items-start gap-4 rounded-2xl p-5 text-left ring-1 transition-[box-shadow,background-color,transform] duration-200 hover:-translate-y-0.5',
										isSelected
											? 'shadow-brand-600/10 ring-brand-500 bg-white shadow-xl ring-2'
											: 'bg-white/70 shadow-sm ring-slate-200 backdrop-blur hover:bg-white hover:shadow-md',
									)}
								>
									<span
										className={cn(
											'grid size-11 shrink-0 place-items-center rounded-xl transition-colors',
											isSelected ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-600',
										)}
									>
										<Icon name={card.icon} className="size-5" />
									</span>
									<span>
										<span className="font-display block font-bold text-slate-900">{card.title}</span>
										<span className="mt-1 block text-sm leading-snug text-slate-600">{card.description}</span>
									</span>
								</button>
							)
						})}
					</div>

					<div className="mt-4 rounded-2xl bg-white/80 p-2 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 backdrop-blur">
						<div className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-4 ring-1 ring-slate-200/70 sm:px-5">
							<Sparkles className="text-brand-500 size-5 shrink-0" aria-hidden />
							<p className="min-h-6 flex-1 text-left text-base text-slate-800" data-testid="prompt-preview">
								<span className="sr-only">{hero.promptsLabel}: </span>
								<Typewriter key={selected} prompts={examplePrompts[selected]} />
							</p>
							<span aria-hidden className="bg-brand-600 grid size-9 shrink-0 place-items-center rounded-lg text-white">
								<Send className="size-4" />
							</span>
						</div>
					</div>
				</div>
			</div>

			{VoiceDialog ? <VoiceDialog open={voiceOpen} onOpenChange={setVoiceOpen} /> : null}
		</section>
	)
}

import { ArrowRight, Send, Sparkles } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { openChat, preloadChat } from '~/components/chat/chat-launcher.ts'
import { Icon } from '~/components/icon.tsx'
import { ScheduleCallLink } from '~/components/schedule-call-link.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { buttonClasses } from '~/components/ui/button.tsx'
import { examplePrompts, hero, type HeroTab } from '~/content/home.ts'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { useLazyComponent } from '~/lib/use-lazy-component.ts'
import { Typewriter } from './typewriter.tsx'

// AI Chat opens the site's chat widget. The voice dialog (and the dialog library) are fetched when
// first wanted, keeping them out of the page's initial JavaScript; hovering or focusing a card
// starts the download early.
const importVoiceDialog = () => import('./voice-placeholder-dialog.tsx').then((m) => m.VoicePlaceholderDialog)

export function Hero() {
	const [selected, setSelected] = useState<HeroTab>('development')
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
		<section
			aria-labelledby="hero-heading"
			data-chat-entry
			className="relative isolate overflow-hidden pt-28 pb-20 sm:pt-36 sm:pb-28"
		>
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
						{/* A plain link: the hero is an island, outside React Router (and the Playground is a
						    document of its own anyway). */}
						<a href="/playground" className={buttonClasses({ size: 'lg' })}>
							{hero.exploreLabel}
							<ArrowRight className="size-4" aria-hidden />
						</a>
						<ScheduleCallLink variant="secondary" size="lg">
							{hero.consultationLabel}
						</ScheduleCallLink>
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

					<HeroAsk prompts={examplePrompts[selected]} selected={selected} onAsk={(question) => openChat(question)} />
				</div>
			</div>

			{VoiceDialog ? <VoiceDialog open={voiceOpen} onOpenChange={setVoiceOpen} /> : null}
		</section>
	)
}

/** Every example prompt, so the bar is as tall as the longest one at any width (no jump as they rotate). */
const ALL_PROMPTS = Object.values(examplePrompts).flat()

/**
 * The hero's ask bar: a real question box. While it is empty the example prompts type themselves
 * in it; "Ask Riya" opens the chat with what the visitor wrote, or with the prompt on show. Without
 * JavaScript it posts to the chat page, which answers there.
 */
function HeroAsk({
	prompts,
	selected,
	onAsk,
}: {
	prompts: readonly string[]
	selected: HeroTab
	onAsk: (question: string) => void
}) {
	// Uncontrolled: the hero is an island that may come alive while the visitor is already typing,
	// and React would reset a controlled box to its empty state, losing what was typed.
	const box = useRef<HTMLTextAreaElement>(null)
	const [hasText, setHasText] = useState(false)
	const [focused, setFocused] = useState(false)
	useEffect(() => {
		setHasText(Boolean(box.current?.value))
		setFocused(document.activeElement === box.current)
	}, [])
	const shown = useRef(prompts[0])
	const rememberPrompt = useCallback((prompt: string) => {
		shown.current = prompt
	}, [])
	const hydrated = useHydrated()

	function ask(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const textarea = box.current
		onAsk(textarea?.value.trim() || shown.current)
		if (textarea) textarea.value = ''
		setHasText(false)
	}

	return (
		<form
			method="post"
			action="/chat"
			noValidate={hydrated}
			onSubmit={ask}
			className="mt-4 rounded-2xl bg-white/80 p-2 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 backdrop-blur"
		>
			<div className="focus-within:ring-brand-500 flex items-center gap-3 rounded-xl bg-slate-50 py-2 pr-2 pl-4 ring-1 ring-slate-200/70 focus-within:ring-2 sm:pl-5">
				<Sparkles className="text-brand-500 size-5 shrink-0" aria-hidden />
				{/* One grid cell: the longest prompt (invisible) sets the height, the typed prompt and the
				    box lie over it. */}
				<div className="relative grid min-w-0 flex-1 py-2 text-left text-base">
					{ALL_PROMPTS.map((prompt) => (
						<span key={prompt} aria-hidden className="invisible col-start-1 row-start-1 pr-1">
							{prompt}
						</span>
					))}
					<p
						className={cn(
							'pointer-events-none col-start-1 row-start-1 text-slate-800',
							(hasText || focused) && 'invisible',
						)}
						data-testid="prompt-preview"
					>
						<span className="sr-only">{hero.promptsLabel}: </span>
						<Typewriter key={selected} prompts={prompts} onPromptChange={rememberPrompt} />
					</p>
					<textarea
						name="message"
						aria-label={hero.askLabel}
						ref={box}
						defaultValue=""
						required
						maxLength={CHAT_MESSAGE_MAX_CHARS}
						rows={1}
						onChange={(event) => setHasText(Boolean(event.target.value))}
						onFocus={() => setFocused(true)}
						onBlur={() => setFocused(false)}
						onKeyDown={(event) => {
							if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
								event.preventDefault()
								event.currentTarget.form?.requestSubmit()
							}
						}}
						className="absolute inset-0 resize-none overflow-y-auto border-0 bg-transparent p-0 py-2 text-base text-slate-900 focus:ring-0 focus:outline-none"
					/>
				</div>
				<button
					type="submit"
					className="bg-brand-600 hover:bg-brand-700 inline-flex h-11 shrink-0 items-center gap-2 self-center rounded-lg px-3 text-sm font-semibold text-white transition-colors sm:px-4"
				>
					<Send className="size-4" aria-hidden />
					<span className="sr-only sm:not-sr-only">{hero.askButton}</span>
				</button>
			</div>
		</form>
	)
}

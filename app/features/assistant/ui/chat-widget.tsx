// The floating chat: a launcher on every public page and the dialog it opens. Without JavaScript
// the launcher is a link to /chat; with it, the dialog (and the AI SDK client) load on first use.
import { MessageCircle } from 'lucide-react'
import { useCallback, useEffect, useState, type ComponentType } from 'react'
import { useChatRequests } from '~/components/chat/chat-launcher.ts'
import { assistant } from '~/features/assistant/copy.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { useLazyComponent } from '~/lib/use-lazy-component.ts'

type ChatDialogProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	offline: boolean
	/** A question to ask as soon as the chat can, then forget (`onQuestionAsked`). */
	question: string | null
	onQuestionAsked: () => void
}

const importChatDialog = () => import('./chat-dialog.tsx').then((m) => m.ChatDialog as ComponentType<ChatDialogProps>)

/**
 * The launcher and the dialog it opens. On the public pages it is an island of its own (the hero
 * opens it through `chat-launcher.ts`), so it takes the page's path as a prop.
 */
export function ChatWidget({ offline, pathname }: { offline: boolean; pathname: string }) {
	const [open, setOpen] = useState(false)
	const [question, setQuestion] = useState<string | null>(null)
	const [Dialog, preloadChat] = useLazyComponent(importChatDialog, 'chat')
	const hydrated = useHydrated()

	const openDialog = useCallback(
		(asked: string | null) => {
			preloadChat()
			if (asked) setQuestion(asked)
			setOpen(true)
		},
		[preloadChat],
	)
	useChatRequests(openDialog, preloadChat)
	const forgetQuestion = useCallback(() => setQuestion(null), [])

	// A part of the page that is itself a way into the chat (the home page's hero, with its AI Chat
	// card and ask bar) keeps the launcher away while it is on screen: on phones the launcher would
	// sit on the hero's cards. Before hydration the home page, which has one, shows no launcher.
	const [entryInView, setEntryInView] = useState(pathname === '/')
	useEffect(() => {
		const entry = document.querySelector('[data-chat-entry]')
		if (!entry) return setEntryInView(false)
		const observer = new IntersectionObserver(([seen]) => setEntryInView(seen.isIntersecting))
		observer.observe(entry)
		return () => observer.disconnect()
	}, [pathname])

	// The Playground and the chat page have their own UI; everywhere else the launcher floats.
	const showLauncher =
		!pathname.startsWith('/playground') && pathname !== '/chat' && pathname !== '/auth' && !entryInView
	// A 56 px circle in the corner: at 1440 px it sits in the margin beside the content, and the
	// footer leaves room under its last line, so it covers no link at the top or the end of a page.
	// The label shows beside it only where the margin is wide enough for it.
	const launcherClass =
		'fixed right-4 bottom-4 z-40 inline-flex size-14 motion-safe:animate-pop-in items-center justify-center gap-2 rounded-full bg-brand-600 font-semibold text-white shadow-xl shadow-brand-600/30 transition-transform hover:-translate-y-0.5 hover:bg-brand-700 sm:right-6 sm:bottom-6 min-[1760px]:w-auto min-[1760px]:pr-5 min-[1760px]:pl-4'
	return (
		<>
			{showLauncher ? (
				hydrated ? (
					<button
						type="button"
						className={launcherClass}
						onClick={() => openDialog(null)}
						onPointerEnter={preloadChat}
						onFocus={preloadChat}
						aria-haspopup="dialog"
						data-wait-for-island="launcher"
					>
						<MessageCircle className="size-6" aria-hidden />
						<span className="sr-only min-[1760px]:not-sr-only">{assistant.openLabel}</span>
					</button>
				) : (
					// Before the island is live a tap waits for it (app/islands.client.ts) and opens the
					// dialog; without JavaScript this is a link to the chat page.
					<a href="/chat" className={launcherClass} data-wait-for-island="launcher">
						<MessageCircle className="size-6" aria-hidden />
						<span className="sr-only min-[1760px]:not-sr-only">{assistant.openLabel}</span>
					</a>
				)
			) : null}
			{Dialog ? (
				<Dialog
					open={open}
					onOpenChange={setOpen}
					offline={offline}
					question={question}
					onQuestionAsked={forgetQuestion}
				/>
			) : null}
		</>
	)
}

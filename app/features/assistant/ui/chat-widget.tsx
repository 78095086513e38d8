// The floating chat: a launcher on every public page and the dialog it opens. Without JavaScript
// the launcher is a link to /chat; with it, the dialog (and the AI SDK client) load on first use.
import { MessageCircle } from 'lucide-react'
import { useCallback, useMemo, useState, type ComponentType } from 'react'
import { useLocation } from 'react-router'
import { ChatLauncherContext } from '~/components/chat/chat-launcher.tsx'
import { assistant } from '~/features/assistant/copy.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { useLazyComponent } from '~/lib/use-lazy-component.ts'

type ChatDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; offline: boolean }

const importChatDialog = () => import('./chat-dialog.tsx').then((m) => m.ChatDialog as ComponentType<ChatDialogProps>)

export function ChatWidgetProvider({ offline, children }: { offline: boolean; children: React.ReactNode }) {
	const [open, setOpen] = useState(false)
	const [Dialog, preloadChat] = useLazyComponent(importChatDialog, 'chat')
	const hydrated = useHydrated()
	const { pathname } = useLocation()

	const openChat = useCallback(() => {
		preloadChat()
		setOpen(true)
	}, [preloadChat])
	const value = useMemo(() => ({ openChat, preloadChat }), [openChat, preloadChat])

	// The Playground and the chat page have their own UI; everywhere else the launcher floats.
	const showLauncher = !pathname.startsWith('/playground') && pathname !== '/chat' && pathname !== '/auth'
	const launcherClass =
		'fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center gap-2 rounded-full bg-brand-600 font-semibold text-white shadow-xl shadow-brand-600/30 transition-transform hover:-translate-y-0.5 hover:bg-brand-700 sm:right-6 sm:bottom-6 sm:w-auto sm:pr-5 sm:pl-4'
	return (
		<ChatLauncherContext.Provider value={value}>
			{children}
			{showLauncher ? (
				hydrated ? (
					<button
						type="button"
						className={launcherClass}
						onClick={openChat}
						onPointerEnter={preloadChat}
						onFocus={preloadChat}
						aria-haspopup="dialog"
					>
						<MessageCircle className="size-6" aria-hidden />
						<span className="sr-only sm:not-sr-only">{assistant.openLabel}</span>
					</button>
				) : (
					<a href="/chat" className={launcherClass}>
						<MessageCircle className="size-6" aria-hidden />
						<span className="sr-only sm:not-sr-only">{assistant.openLabel}</span>
					</a>
				)
			) : null}
			{Dialog ? <Dialog open={open} onOpenChange={setOpen} offline={offline} /> : null}
		</ChatLauncherContext.Provider>
	)
}

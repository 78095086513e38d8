// How any part of a page opens the site's chat (the hero's "AI Chat" card, for one) without knowing
// how the chat is built: the assistant feature provides it, shared UI only asks for it.
import { createContext, useContext } from 'react'

export type ChatLauncher = {
	/** Opens the chat; with a question, asks it at once (the hero's ask bar). */
	openChat: (question?: string) => void
	preloadChat: () => void
}

export const ChatLauncherContext = createContext<ChatLauncher>({ openChat: () => {}, preloadChat: () => {} })

export const useChatLauncher = () => useContext(ChatLauncherContext)

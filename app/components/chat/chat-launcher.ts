// How any part of a page opens the site's chat (the hero's "AI Chat" card and ask bar) without
// knowing how the chat is built: the assistant feature listens, shared UI only asks. A module-level
// channel, not React context: on the public pages the hero and the chat are separate islands, each
// a React root of its own (docs/decisions/0021-islands-on-public-pages.md).
import { useEffect } from 'react'
import { wakeIsland } from '~/lib/islands/wake.ts'

/** The island that answers; asking wakes it if it is not live yet. */
const CHAT_ISLAND = 'chat-widget'

type ChatListener = {
	/** Opens the chat; with a question, asks it at once. */
	open: (question: string | null) => void
	/** Starts fetching the chat's code (on hover or focus of something that opens it). */
	preload: () => void
}

let listener: ChatListener | null = null
/** A request made before the chat was listening, delivered when it starts. */
let pending: { question: string | null } | null = null

export function openChat(question?: string) {
	const asked = question?.trim() || null
	if (listener) return listener.open(asked)
	pending = { question: asked }
	wakeIsland(CHAT_ISLAND)
}

export function preloadChat() {
	if (listener) listener.preload()
	else wakeIsland(CHAT_ISLAND)
}

/** The chat's side: receives what openChat and preloadChat ask for, including what was asked earlier. */
export function useChatRequests(open: ChatListener['open'], preload: ChatListener['preload']) {
	useEffect(() => {
		const own = { open, preload }
		listener = own
		if (pending) {
			const { question } = pending
			pending = null
			open(question)
		}
		return () => {
			if (listener === own) listener = null
		}
	}, [open, preload])
}

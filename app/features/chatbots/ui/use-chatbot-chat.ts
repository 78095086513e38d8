import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, type UIMessage } from 'ai'
import { useEffect, useMemo, useRef } from 'react'
import { textOf } from '~/ai/chat-schema.ts'
import type { ThreadMessage, ThreadSource } from '~/components/chat/chat-thread.tsx'
// A user's chatbot in the browser (owner preview or embed): starts with the chatbot's greeting,
// streams replies, keeps the knowledge passages each reply drew on, and turns any failure into
// the spec's apology bubble.
import { replaceLastReply } from '~/components/chat/replace-last-reply.ts'

export type ChatbotMessage = UIMessage<
	unknown,
	{
		sources: ThreadSource[]
		answered: boolean
		handoff: boolean
		'handoff-state': string
		person: string
		notice: boolean
	}
>

/** The message a failed request carried: the server's JSON `error`, or the error's own text. */
export function chatErrorMessage(error: Error): string {
	try {
		const body = JSON.parse(error.message) as { error?: unknown }
		if (typeof body.error === 'string') return body.error
	} catch {
		// Not JSON: a network failure or an error part from the stream.
	}
	return error.message
}

/** How many messages a remembered conversation keeps. */
const REMEMBERED_MESSAGES = 60

/** The conversation kept in this browser under `key` (the embed: per visitor and chatbot). */
function rememberedConversation(key: string | undefined): ChatbotMessage[] | null {
	if (!key) return null
	try {
		const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown
		// Only what this code wrote: anything else (damaged, edited by hand) starts afresh.
		const valid =
			Array.isArray(stored) &&
			stored.length > 0 &&
			stored.every(
				(m) => typeof m?.id === 'string' && (m.role === 'user' || m.role === 'assistant') && Array.isArray(m.parts),
			)
		return valid ? (stored as ChatbotMessage[]) : null
	} catch {
		// Storage blocked (a privacy setting) or damaged: start afresh.
		return null
	}
}

function remember(key: string, messages: ChatbotMessage[], conversationId: string) {
	try {
		if (messages.some((message) => message.role === 'user')) {
			localStorage.setItem(key, JSON.stringify(messages.slice(-REMEMBERED_MESSAGES)))
			localStorage.setItem(`${key}:id`, conversationId)
		} else {
			localStorage.removeItem(key)
			localStorage.removeItem(`${key}:id`)
		}
	} catch {
		// Storage full or blocked: the conversation still works, it is just not remembered.
	}
}

/** The id the server files a conversation under: random, made here, new after "New conversation". */
const newConversationId = () =>
	typeof crypto?.randomUUID === 'function'
		? crypto.randomUUID()
		: `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

function rememberedConversationId(key: string | undefined) {
	try {
		const id = key ? localStorage.getItem(`${key}:id`) : null
		return id && /^[\w-]{8,64}$/.test(id) ? id : null
	} catch {
		return null
	}
}

export function useChatbotChat({
	api,
	greeting,
	errorReply,
	emptyReply,
	onError,
	headers,
	storageKey,
	requestBody,
}: {
	api: string
	greeting: string
	errorReply: string
	emptyReply: string
	/** Called with the failure; returns the bubble text to show instead of `errorReply`, if any. */
	onError?: (error: Error) => string | void
	/** Sent with every request (the embed's token). */
	headers?: Record<string, string>
	/** Where this browser remembers the conversation across reloads; not remembered without it. */
	storageKey?: string
	/** Sent in every request's body with the conversation's id (the embed: its visitor id and page). */
	requestBody?: Record<string, string>
}) {
	const conversationId = useRef('')
	const currentConversationId = () => (conversationId.current ||= newConversationId())
	const start = useMemo<ChatbotMessage[]>(
		() => [{ id: 'greeting', role: 'assistant', parts: [{ type: 'text', text: greeting }] }],
		[greeting],
	)
	const { messages, sendMessage, status, setMessages } = useChat<ChatbotMessage>({
		messages: start,
		transport: new DefaultChatTransport({
			api,
			headers,
			body: () => ({ ...requestBody, conversationId: currentConversationId() }),
		}),
		onError: (error) => {
			const text = onError?.(error) || errorReply
			setMessages((current) => replaceLastReply(current, text))
		},
		onFinish: ({ message, isError, isAbort }) => {
			if (isError || isAbort || message.role !== 'assistant' || textOf(message).trim()) return
			setMessages((current) => replaceLastReply(current, emptyReply))
		},
	})
	const busy = status === 'submitted' || status === 'streaming'
	// After hydration, the remembered conversation (the server renders the greeting alone).
	const restored = useRef(false)
	useEffect(() => {
		if (restored.current) return
		restored.current = true
		const remembered = rememberedConversation(storageKey)
		if (remembered) {
			conversationId.current = rememberedConversationId(storageKey) ?? ''
			setMessages(remembered)
		}
	}, [storageKey, setMessages])
	useEffect(() => {
		if (storageKey && restored.current && !busy) remember(storageKey, messages, currentConversationId())
	}, [storageKey, messages, busy])
	const thread: ThreadMessage[] = useMemo(
		() =>
			messages.map((m, index) => ({
				id: m.id,
				role: m.role === 'user' ? 'user' : 'assistant',
				text: textOf(m),
				sources: m.parts.find((p): p is { type: 'data-sources'; data: ThreadSource[] } => p.type === 'data-sources')
					?.data,
				// The server's verdict on the finished reply: an "I don't know" is shown with no sources.
				answered: m.parts.find((p): p is { type: 'data-answered'; data: boolean } => p.type === 'data-answered')?.data,
				handoff: m.parts.some((p) => p.type === 'data-handoff'),
				// A person of the team wrote it (the embed's live handoff, ADR 0061).
				notice: m.parts.some((p) => p.type === 'data-notice'),
				person: m.parts.find((p): p is { type: 'data-person'; data: string } => p.type === 'data-person')?.data,
				streaming: busy && index === messages.length - 1 && m.role === 'assistant',
			})),
		[messages, busy],
	)
	const last = thread.at(-1)
	return {
		thread,
		busy,
		typing: busy && !(last?.role === 'assistant' && last.text.length > 0),
		/** Starts a new conversation: the greeting alone, and nothing remembered. */
		reset: () => {
			if (busy) return
			setMessages(start)
			conversationId.current = newConversationId()
			if (storageKey) remember(storageKey, start, conversationId.current)
		},
		hasConversation: messages.some((message) => message.role === 'user'),
		/** The id the server files this conversation under. */
		conversationId: currentConversationId,
		/** The conversation's messages as the chat keeps them (the embed reads the server's handoff state from them). */
		messages,
		/** Adds messages that came another way (a person's, the visitor's to them), once each by id. */
		append: (added: ChatbotMessage[]) =>
			setMessages((current) => {
				const ids = new Set(current.map((message) => message.id))
				const fresh = added.filter((message) => !ids.has(message.id))
				return fresh.length > 0 ? [...current, ...fresh] : current
			}),
		/** Adds a message of the chatbot's own to the thread (the lead form's thanks), remembered with it. */
		say: (text: string) =>
			setMessages((current) => [
				...current,
				{ id: `said-${current.length}-${Date.now().toString(36)}`, role: 'assistant', parts: [{ type: 'text', text }] },
			]),
		send: (text: string) => {
			const clean = text.trim()
			if (!clean || busy) return false
			void sendMessage({ text: clean })
			return true
		},
	}
}

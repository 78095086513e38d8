import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, type UIMessage } from 'ai'
import { useMemo } from 'react'
import { textOf } from '~/ai/chat-schema.ts'
import type { ThreadMessage, ThreadSource } from '~/components/chat/chat-thread.tsx'
// A user's chatbot in the browser (owner preview or embed): starts with the chatbot's greeting,
// streams replies, keeps the knowledge passages each reply drew on, and turns any failure into
// the spec's apology bubble.
import { replaceLastReply } from '~/components/chat/replace-last-reply.ts'

type ChatbotMessage = UIMessage<unknown, { sources: ThreadSource[] }>

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

export function useChatbotChat({
	api,
	greeting,
	errorReply,
	emptyReply,
	onError,
}: {
	api: string
	greeting: string
	errorReply: string
	emptyReply: string
	/** Called with the failure; returns the bubble text to show instead of `errorReply`, if any. */
	onError?: (error: Error) => string | void
}) {
	const { messages, sendMessage, status, setMessages } = useChat<ChatbotMessage>({
		messages: [{ id: 'greeting', role: 'assistant', parts: [{ type: 'text', text: greeting }] }],
		transport: new DefaultChatTransport({ api }),
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
	const thread: ThreadMessage[] = useMemo(
		() =>
			messages.map((m) => ({
				id: m.id,
				role: m.role === 'user' ? 'user' : 'assistant',
				text: textOf(m),
				sources: m.parts.find((p): p is { type: 'data-sources'; data: ThreadSource[] } => p.type === 'data-sources')
					?.data,
			})),
		[messages],
	)
	const last = thread.at(-1)
	return {
		thread,
		busy,
		typing: busy && !(last?.role === 'assistant' && last.text.length > 0),
		send: (text: string) => {
			const clean = text.trim()
			if (!clean || busy) return false
			void sendMessage({ text: clean })
			return true
		},
	}
}

// A user's chatbot as a conversation (thread and composer), for the owner's preview dialog and the
// embedded chat: scrolls to each new message and gives the input focus back after every reply.
import { useEffect, useRef, useState, type RefObject } from 'react'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-schema.ts'
import { ChatComposer, ChatThread } from '~/components/chat/chat-thread.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { useChatbotChat } from './use-chatbot-chat.ts'

const { preview } = chatbotBuilder

export function ChatbotConversation({
	chatbot,
	api,
	inputId,
	inputLabel,
	showSources,
	onError,
	inputRef: givenInputRef,
	focusAfterReply = () => true,
}: {
	chatbot: { id: string; name: string }
	api: string
	inputId: string
	inputLabel: string
	showSources: boolean
	onError?: (error: Error) => string | void
	inputRef?: RefObject<HTMLTextAreaElement | null>
	/** Whether to take focus back after a reply (an iframe should not steal it from its host page). */
	focusAfterReply?: () => boolean
}) {
	const chat = useChatbotChat({
		api,
		greeting: preview.greeting(chatbot.name),
		errorReply: preview.errorReply,
		emptyReply: preview.emptyReply,
		onError,
	})
	const [input, setInput] = useState('')
	const listRef = useRef<HTMLDivElement>(null)
	const ownInputRef = useRef<HTMLTextAreaElement>(null)
	const inputRef = givenInputRef ?? ownInputRef
	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [chat.thread])
	useEffect(() => {
		if (!chat.busy && focusAfterReply()) inputRef.current?.focus()
	}, [chat.busy, inputRef, focusAfterReply])
	return (
		<>
			<ChatThread
				ref={listRef}
				messages={chat.thread}
				typing={chat.typing}
				assistantName={chatbot.name}
				sourcesLabel={showSources ? preview.sourcesLabel : undefined}
				passageLabel={preview.passage}
			/>
			<ChatComposer
				id={inputId}
				ref={inputRef}
				value={input}
				onChange={setInput}
				onSend={() => {
					if (chat.send(input)) setInput('')
				}}
				busy={chat.busy}
				label={inputLabel}
				sendLabel={preview.sendLabel}
				maxLength={CHAT_MESSAGE_MAX_CHARS}
			/>
		</>
	)
}

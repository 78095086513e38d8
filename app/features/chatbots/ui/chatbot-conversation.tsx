// A user's chatbot as a conversation (thread and composer), for the owner's preview dialog and the
// embedded chat: scrolls to each new message and gives the input focus back after every reply. The
// embed adds its welcome message, suggested questions, placeholder and a remembered conversation.
import { RotateCcw } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { ChatComposer, ChatThread, type ThreadMessage } from '~/components/chat/chat-thread.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { useChatbotChat } from './use-chatbot-chat.ts'

export type ChatbotChat = ReturnType<typeof useChatbotChat>

const { preview, embed } = chatbotBuilder
/** How close to the end of the list still counts as at the bottom. */
const NEAR_BOTTOM_PX = 48

export function ChatbotConversation({
	chatbot,
	api,
	inputId,
	inputLabel,
	showSources,
	onError,
	inputRef: givenInputRef,
	focusAfterReply = () => true,
	greeting = preview.greeting(chatbot.name),
	placeholder,
	suggestions = [],
	headers,
	storageKey,
	confirmNewConversation,
	requestBody,
	answerActions,
	aside,
	interceptSend,
	onTyping,
	typingAs,
	chatRef,
	onMessages,
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
	/** The first message (the spec's greeting unless the owner wrote a welcome). */
	greeting?: string
	placeholder?: string
	/** Questions offered as buttons before the visitor's first message. */
	suggestions?: string[]
	headers?: Record<string, string>
	/** Remembers the conversation in this browser, with a "New conversation" button. */
	storageKey?: string
	/**
	 * Asked before "New conversation" starts one (the embed, while a person has or is awaited for the
	 * conversation): `leave` runs on yes, before the old conversation is let go.
	 */
	confirmNewConversation?: { question: string; yes: string; no: string; leave: () => void } | null
	/** Sent in each request's body (the embed's visitor id and page). */
	requestBody?: Record<string, string>
	/** What goes under each answer (the embed's feedback). */
	answerActions?: (message: ThreadMessage) => ReactNode
	/** Shown above the composer (the embed's lead form); `blocking` hides the composer until it is done. */
	aside?: (chat: {
		thread: ThreadMessage[]
		busy: boolean
		conversationId: () => string
		/** Adds a message of the chatbot's own to the conversation (the lead form's thanks). */
		say: (text: string) => void
		/** Sends a message as the visitor typed it. */
		send: (text: string) => boolean
		/** Adds messages that came another way (a person's), once each. */
		append: ChatbotChat['append']
		messages: ChatbotChat['messages']
	}) => { node: ReactNode; blocking: boolean } | null
	/** Takes a message before the chatbot does (the embed, while a person has the conversation); true when it did. */
	interceptSend?: (text: string) => boolean
	/** Called as the visitor types. */
	onTyping?: () => void
	/** Someone other than the chatbot is typing (a person of the team): their name. */
	typingAs?: string | null
	/** Set to the chat on every render, for code beside it that adds to it (the embed's handoff). */
	chatRef?: RefObject<ChatbotChat | null>
	/** Called with the chat's messages whenever they change. */
	onMessages?: (messages: ChatbotChat['messages']) => void
}) {
	const chat = useChatbotChat({
		api,
		greeting: greeting || preview.greeting(chatbot.name),
		errorReply: preview.errorReply,
		emptyReply: preview.emptyReply,
		onError,
		headers,
		storageKey,
		requestBody,
	})
	useEffect(() => {
		if (chatRef) chatRef.current = chat
	})
	const onMessagesRef = useRef(onMessages)
	onMessagesRef.current = onMessages
	useEffect(() => onMessagesRef.current?.(chat.messages), [chat.messages])
	const shown =
		aside?.({
			thread: chat.thread,
			busy: chat.busy,
			conversationId: chat.conversationId,
			say: chat.say,
			send: chat.send,
			append: chat.append,
			messages: chat.messages,
		}) ?? null
	const [input, setInput] = useState('')
	const [confirming, setConfirming] = useState(false)
	const listRef = useRef<HTMLDivElement>(null)
	const ownInputRef = useRef<HTMLTextAreaElement>(null)
	const inputRef = givenInputRef ?? ownInputRef
	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [chat.thread])
	// The list also grows (a person's typing dots) and shrinks (the handoff bar below it grows) with
	// no new message: a visitor at the bottom stays there, one who scrolled up to read is left alone.
	// Instant, not smooth: nothing moves for those who asked for reduced motion.
	useEffect(() => {
		const list = listRef.current
		if (!list || typeof ResizeObserver === 'undefined') return
		let atBottom = true
		const onScroll = () => {
			atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_BOTTOM_PX
		}
		const follow = () => {
			if (atBottom) list.scrollTo({ top: list.scrollHeight })
		}
		const observer = new ResizeObserver(follow)
		observer.observe(list)
		if (list.firstElementChild) observer.observe(list.firstElementChild)
		list.addEventListener('scroll', onScroll, { passive: true })
		return () => {
			observer.disconnect()
			list.removeEventListener('scroll', onScroll)
		}
	}, [])
	useEffect(() => {
		if (!chat.busy && focusAfterReply()) inputRef.current?.focus()
	}, [chat.busy, inputRef, focusAfterReply])
	return (
		<>
			{storageKey && chat.hasConversation ? (
				<div className="flex justify-end border-b border-slate-200 bg-white px-3 py-1.5">
					<button
						type="button"
						onClick={() => {
							if (confirmNewConversation) return setConfirming(true)
							chat.reset()
							inputRef.current?.focus()
						}}
						disabled={chat.busy}
						className="text-brand-700 hover:bg-brand-50 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold disabled:opacity-50"
					>
						<RotateCcw className="size-3.5" aria-hidden />
						{embed.newConversation}
					</button>
				</div>
			) : null}
			{confirming && confirmNewConversation ? (
				<div
					role="alertdialog"
					aria-labelledby="new-conversation-question"
					className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 bg-amber-50 px-3 py-2 text-xs"
				>
					<p id="new-conversation-question" className="mr-auto font-medium text-slate-800">
						{confirmNewConversation.question}
					</p>
					<button
						type="button"
						autoFocus
						onClick={() => setConfirming(false)}
						className="rounded-full px-2.5 py-1 font-semibold text-slate-700 hover:bg-white"
					>
						{confirmNewConversation.no}
					</button>
					<button
						type="button"
						onClick={() => {
							confirmNewConversation.leave()
							setConfirming(false)
							chat.reset()
							inputRef.current?.focus()
						}}
						className="bg-brand-600 hover:bg-brand-700 rounded-full px-2.5 py-1 font-semibold text-white"
					>
						{confirmNewConversation.yes}
					</button>
				</div>
			) : null}
			<ChatThread
				ref={listRef}
				messages={chat.thread}
				typing={chat.typing || Boolean(typingAs)}
				assistantName={chatbot.name}
				typingName={typingAs && !chat.typing ? typingAs : undefined}
				sourcesLabel={showSources ? preview.sourcesLabel : undefined}
				closestLabel={preview.closestLabel}
				passageLabel={preview.passage}
				// Not under the answer still streaming: the server stores it as the stream ends, and a rating
				// sent before then was refused (404) and lost.
				answerActions={
					answerActions &&
					((message) => (chat.busy && message.id === chat.thread.at(-1)?.id ? null : answerActions(message)))
				}
			/>
			{suggestions.length > 0 && !chat.hasConversation && !shown?.blocking ? (
				<ul aria-label={embed.suggestionsLabel} className="flex flex-wrap gap-2 bg-slate-50 px-4 pb-3 sm:px-6">
					{suggestions.map((question) => (
						<li key={question}>
							<button
								type="button"
								disabled={chat.busy}
								onClick={() => chat.send(question)}
								className="border-brand-200 text-brand-700 hover:bg-brand-50 rounded-full border bg-white px-3 py-1.5 text-left text-xs font-medium [overflow-wrap:anywhere] disabled:opacity-50"
							>
								{question}
							</button>
						</li>
					))}
				</ul>
			) : null}
			{shown?.node}
			{shown?.blocking ? null : (
				<ChatComposer
					id={inputId}
					ref={inputRef}
					value={input}
					onChange={(value) => {
						setInput(value)
						if (value.trim()) onTyping?.()
					}}
					onSend={() => {
						if (!input.trim() || chat.busy) return
						if (interceptSend?.(input.trim()) || chat.send(input)) setInput('')
					}}
					busy={chat.busy}
					label={inputLabel}
					placeholder={placeholder}
					sendLabel={preview.sendLabel}
					maxLength={CHAT_MESSAGE_MAX_CHARS}
				/>
			)}
		</>
	)
}

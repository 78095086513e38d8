// The visitor's side of a handoff in the embedded widget: "Talk to a person", the wait, who joined,
// their messages and typing live (the conversation's stream), the visitor's messages sent to them
// rather than to the bot, and the handover back. The state survives a reload: the stream's first
// event says it, and the thread (with the person's messages) is remembered with the conversation.
// Without a working stream (no EventSource, refused) a visitor who waits gets the lead form.
// docs/decisions/0061-live-handoff-over-listen-notify.md
import { Headset } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import type { HandoffMessage, HandoffState } from '~/features/chatbots/handoff/handoff-schema.ts'
import { typingSince } from '~/features/chatbots/handoff/typing-signal.ts'
import { useHandoffStream, useTypingShown } from '~/features/chatbots/handoff/use-handoff-stream.ts'
import type { ChatbotChat } from '~/features/chatbots/ui/chatbot-conversation.tsx'
import type { ChatbotMessage } from '~/features/chatbots/ui/use-chatbot-chat.ts'
import { EMBED_TOKEN_HEADER } from '~/features/chatbots/widget/widget-settings.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const { widget: copy } = handoffCopy
/** What "Talk to a person" sends: the chat API recognises it as it does the visitor's own words. */
export const HANDOFF_ASK_TEXT = 'I want to speak to a person'
const TYPING_EVERY_MS = 3_000

function stored(key: string | null) {
	try {
		return key ? localStorage.getItem(key) : null
	} catch {
		return null
	}
}
function store(key: string | null, value: string) {
	try {
		if (key) localStorage.setItem(key, value)
	} catch {
		// Storage blocked: the next load asks the stream again.
	}
}

const text = (value: string) => ({ type: 'text' as const, text: value })

/** A message of the stream as the chat keeps it: a person's with their name, an offer of the lead form marked. */
function asChatMessage(message: HandoffMessage): ChatbotMessage {
	return {
		id: message.id,
		role: message.author === 'visitor' ? 'user' : 'assistant',
		parts: [
			text(message.text),
			...(message.author === 'person' && message.name ? [{ type: 'data-person' as const, data: message.name }] : []),
			...(message.leadForm ? [{ type: 'data-handoff' as const, data: true }] : []),
			...(message.notice ? [{ type: 'data-notice' as const, data: true }] : []),
		],
	}
}

export function useVisitorHandoff({
	enabled,
	chatbotId,
	token,
	visitorId,
	storageKey,
	onNews,
}: {
	enabled: boolean
	chatbotId: string
	token: string
	visitorId: string | null
	storageKey: string | undefined
	/** A person joined or wrote (the page that framed the widget shows it on a closed launcher). */
	onNews?: () => void
}) {
	const chatRef = useRef<ChatbotChat | null>(null)
	const stateKey = storageKey ? `${storageKey}:handoff` : null
	const [state, setStateValue] = useState<HandoffState>('bot')
	const stateRef = useRef<HandoffState>('bot')
	const [person, setPerson] = useState<string | null>(null)
	const personRef = useRef<string | null>(null)
	const [personTypingAt, setPersonTypingAt] = useState<number | null>(null)
	/** The conversation the server has (once it answered a first message), by the widget's id. */
	const [conversationId, setConversationId] = useState<string | null>(null)
	const seenStateParts = useRef(new Set<string>())
	const lastTyping = useRef(0)

	/** "state:name" as last seen for the conversation now in the chat (another conversation's says nothing). */
	const remembered = () => {
		const [conversation, value] = (stored(stateKey) ?? '').split(' ')
		return conversation && conversation === chatRef.current?.conversationId() && value ? value : 'bot:'
	}
	const remember = (value: string) => store(stateKey, `${chatRef.current?.conversationId() ?? ''} ${value}`)
	/**
	 * The state this conversation was last seen in (remembered with it), read once the conversation
	 * is known: a reload starts from it rather than from the restored thread's old replies.
	 */
	const loadedFor = useRef<string | null>(null)
	const loadRemembered = () => {
		const conversation = chatRef.current?.conversationId()
		const key = `${stateKey}|${conversation}`
		if (!stateKey || !conversation || loadedFor.current === key) return
		// Read once per conversation: "New conversation" starts from the bot again.
		loadedFor.current = key
		const [seen, ...name] = remembered().split(':')
		const state = seen === 'waiting' || seen === 'person' ? seen : 'bot'
		stateRef.current = state
		personRef.current = state === 'bot' ? null : name.join(':') || null
		setStateValue(state)
		setPerson(personRef.current)
	}

	/** `explained`: the server's own message came with the change (a person who left idle), said already. */
	const setState = (next: HandoffState, name: string | null, { explained = false } = {}) => {
		const chat = chatRef.current
		// Say who joined and who left, once: the last state is remembered with the conversation.
		const before = remembered()
		const now = `${next}:${name ?? ''}`
		if (chat && before !== now) {
			if (next === 'person') {
				chat.say(copy.joined(name ?? copy.someone))
				onNews?.()
			} else if (next === 'bot' && before.startsWith('person:') && !explained)
				chat.say(copy.handedBack(before.slice('person:'.length) || copy.someone))
		}
		remember(now)
		stateRef.current = next
		personRef.current = name
		setStateValue(next)
		setPerson(name)
	}

	/** The chat's messages changed: the server's word on the state in a reply, and whether the conversation exists. */
	const onMessages = (messages: ChatbotMessage[]) => {
		if (!enabled) return
		loadRemembered()
		const answered = messages.some((message) => message.role === 'assistant' && message.id !== 'greeting')
		const id = answered ? (chatRef.current?.conversationId() ?? null) : null
		setConversationId((current) => (current === id ? current : id))
		for (const message of messages) {
			const part = message.parts.find(
				(p): p is { type: 'data-handoff-state'; data: string } => p.type === 'data-handoff-state',
			)
			if (!part || seenStateParts.current.has(message.id)) continue
			seenStateParts.current.add(message.id)
			if (part.data === 'waiting' && stateRef.current === 'bot') setState('waiting', null)
		}
	}

	const sinceKey = storageKey ? `${storageKey}:handoff-since` : null
	// Read once per conversation: a new `since` with every message would reopen the stream each time.
	// oxlint-disable-next-line react-hooks/exhaustive-deps -- conversationId: read again for each conversation
	const since = useMemo(() => stored(sinceKey) ?? new Date(0).toISOString(), [sinceKey, conversationId])
	const url =
		enabled && visitorId && conversationId
			? `/api/embed/${chatbotId}/handoff/events?${new URLSearchParams({
					token,
					visitorId,
					conversationId,
					since,
				})}`
			: null
	const { failed } = useHandoffStream(url, (snapshot) => {
		loadRemembered()
		const chat = chatRef.current
		const changed = snapshot.state !== stateRef.current || snapshot.person !== personRef.current
		const changeState = () =>
			// The stream reads the state and the messages at once: a notice of the bot's that came with
			// the change (the idle hand-back's) has said what happened.
			setState(snapshot.state, snapshot.person, {
				explained: snapshot.messages.some((message) => message.author === 'bot'),
			})
		// A person who joined (and wrote) while the visitor was away: "joined" comes before their
		// messages, as it happened; a hand-back's notice after the messages before it.
		const joinedFirst = changed && snapshot.state === 'person'
		if (joinedFirst) changeState()
		if (snapshot.messages.length > 0) {
			chat?.append(snapshot.messages.map(asChatMessage))
			if (snapshot.messages.some((message) => message.author === 'person')) onNews?.()
			store(sinceKey, snapshot.messages[snapshot.messages.length - 1].createdAt)
		}
		if (changed && !joinedFirst) changeState()
		setPersonTypingAt(typingSince(snapshot.personTyping, Date.now()))
	})
	const personTyping = useTypingShown(personTypingAt)

	const post = (body: object) =>
		fetch(`/api/embed/${chatbotId}/handoff`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: token },
			body: JSON.stringify({ visitorId, conversationId: chatRef.current?.conversationId(), ...body }),
		}).catch(() => null)

	return {
		chatRef,
		onMessages,
		state,
		person,
		/** Who is typing for the team, while a person has the conversation. */
		typingAs: state === 'person' && personTyping ? (person ?? copy.someone) : null,
		/** The stream could not be had while the visitor waits: the lead form instead (without JavaScript's live parts). */
		degraded: state === 'waiting' && failed,
		/** While a person has (or is awaited for) the conversation, the visitor's messages go to them. */
		interceptSend: (message: string) => {
			if (!enabled || stateRef.current === 'bot' || !visitorId) return false
			const id = crypto.randomUUID()
			chatRef.current?.append([{ id, role: 'user', parts: [text(message)] }])
			lastTyping.current = 0
			void post({ intent: 'say', messageId: id, text: message }).then((response) => {
				// Back with the bot meanwhile: the bot answers it.
				if (response?.status === 409) {
					setState('bot', null)
					chatRef.current?.send(message)
				}
			})
			return true
		},
		/**
		 * Asked before "New conversation" while a person has (or is awaited for) this one; on yes the
		 * old one is ended for the owner (they see the visitor left), so nobody answers into the void.
		 */
		confirmNewConversation:
			enabled && state !== 'bot'
				? {
						question: state === 'person' ? copy.leaveConfirm(person ?? copy.someone) : copy.leaveWaiting,
						yes: copy.leaveYes,
						no: copy.leaveNo,
						leave: () => void post({ intent: 'leave' }),
					}
				: null,
		onTyping: () => {
			if (!enabled || stateRef.current === 'bot' || Date.now() - lastTyping.current < TYPING_EVERY_MS) return
			lastTyping.current = Date.now()
			void post({ intent: 'typing' })
		},
	}
}

/**
 * The message box's placeholder during a handoff: the visitor writes to the person (or the team they
 * wait for), not to the chatbot; null while the bot answers (the widget's own placeholder).
 */
export function handoffPlaceholder(state: HandoffState, person: string | null) {
	if (state === 'person') return copy.messagePerson(person ?? copy.someone)
	if (state === 'waiting') return copy.messageTeam
	return null
}

/** Above the composer: "Talk to a person", or the wait, or who the visitor is chatting with. */
export function HandoffBar({
	state,
	person,
	closed,
	busy,
	onAsk,
}: {
	state: HandoffState
	person: string | null
	/** Outside the opening hours: nobody joins now, the visitor leaves a message (the lead form). */
	closed: boolean
	busy: boolean
	onAsk: () => void
}) {
	// It needs the chat's JavaScript: a click before it runs would do nothing.
	const hydrated = useHydrated()
	return (
		<div className="flex items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-2 text-xs sm:px-6">
			{state === 'bot' ? (
				<button
					type="button"
					onClick={onAsk}
					disabled={busy || !hydrated}
					className="text-brand-700 hover:bg-brand-50 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-semibold disabled:opacity-50"
				>
					<Headset className="size-3.5" aria-hidden />
					{closed ? copy.askClosed : copy.ask}
				</button>
			) : (
				<p
					role="status"
					className="inline-flex items-center gap-1.5 font-medium text-slate-700"
					data-testid="handoff-status"
				>
					<Headset className="size-3.5" aria-hidden />
					{state === 'waiting' ? copy.waitingStatus : copy.chattingWith(person ?? copy.someone)}
				</p>
			)}
		</div>
	)
}

// The owner's side of a handoff in the conversation view: who has the conversation, Take over and
// Hand back (plain form posts: they work without JavaScript), and once taken over a reply box. With
// JavaScript the view is live: the conversation's stream brings new messages of every author and
// the visitor's typing, and replies go without reloading the page (with a typing signal).
import { Hand, Headset, Send, Undo2 } from 'lucide-react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { Form } from 'react-router'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { showToast } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import type { HandoffMessage, HandoffState } from '~/features/chatbots/handoff/handoff-schema.ts'
import { typingSignal } from '~/features/chatbots/handoff/typing-signal.ts'
import { useHandoffStream, useTypingShown } from '~/features/chatbots/handoff/use-handoff-stream.ts'

const { owner: copy } = handoffCopy

type Live = {
	state: HandoffState | null
	person: string | null
	visitorTypingAt: number | null
	messages: HandoffMessage[]
}

/** New messages (by id) after the ones known. */
function merged(known: HandoffMessage[], fresh: HandoffMessage[]) {
	const ids = new Set(known.map((message) => message.id))
	return [...known, ...fresh.filter((message) => !ids.has(message.id))]
}

/**
 * The conversation's live state and the messages that came after the page's load (without the ones
 * it has), for the view to show under its own.
 */
export function useOwnerHandoff({
	eventsUrl,
	since,
	loaded,
	loadedState,
}: {
	eventsUrl: string
	/** When the page's messages were read: the stream sends what came after. */
	since: string
	/** The ids the page shows already. */
	loaded: string[]
	/** The state as the page's data has it. */
	loadedState: HandoffState
}) {
	const [live, setLive] = useState<Live>({ state: null, person: null, visitorTypingAt: null, messages: [] })
	// A reload of the page's data (after Take over) is newer than what the stream said before it.
	const loadedKey = loaded.join()
	useEffect(() => setLive((current) => ({ ...current, state: null })), [loadedKey, loadedState])
	useHandoffStream(`${eventsUrl}?${new URLSearchParams({ since })}`, (snapshot) =>
		setLive((current) => ({
			state: snapshot.state,
			person: snapshot.person,
			visitorTypingAt: snapshot.visitorTyping
				? Date.now()
				: snapshot.messages.some((message) => message.author === 'visitor')
					? null
					: current.visitorTypingAt,
			messages: merged(current.messages, snapshot.messages),
		})),
	)
	const visitorTyping = useTypingShown(live.visitorTypingAt)
	const shown = new Set(loaded)
	return {
		state: live.state,
		person: live.person,
		visitorTyping,
		messages: live.messages.filter((message) => !shown.has(message.id)),
		/** A reply sent from here, shown at once (the stream's copy has the same id). */
		add: (message: HandoffMessage) =>
			setLive((current) => ({ ...current, messages: merged(current.messages, [message]) })),
		remove: (id: string) =>
			setLive((current) => ({ ...current, messages: current.messages.filter((message) => message.id !== id) })),
	}
}

/**
 * Keeps the newest message in view above the pinned reply box as messages arrive: when the owner
 * was at the end of the conversation or sent it. One who scrolled up to read stays where they are. Smooth unless reduced motion was asked for.
 */
export function useFollowNewest(
	listRef: RefObject<HTMLElement | null>,
	boxRef: RefObject<HTMLElement | null>,
	newest: { id: string; author: string } | undefined,
) {
	const count = useRef<number | null>(null)
	useEffect(() => {
		const list = listRef.current
		if (!list) return
		const items = list.children
		const before = count.current
		count.current = items.length
		// The page's own load is where the browser puts it; only what comes after is followed.
		if (before === null || items.length <= before || !newest) return
		const last = items[items.length - 1] as HTMLElement
		const box = boxRef.current
		// At the end of the conversation: the message before it was on screen, if perhaps behind the
		// box (a page opened at its top shows its end there). Scrolled up to read older ones: not.
		const previous = items[before - 1]?.getBoundingClientRect()
		const atEnd = !previous || (previous.top < window.innerHeight && previous.bottom > 0)
		if (!atEnd && newest.author !== 'person') return
		last.style.scrollMarginBottom = `${(box?.offsetHeight ?? 0) + 16}px`
		const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
		last.scrollIntoView({ block: 'end', behavior: reduced ? 'auto' : 'smooth' })
	}, [listRef, boxRef, newest])
}

/** The state's badge: waiting for a person, or with whom. */
export function HandoffBadge({ state, person }: { state: HandoffState; person: string | null }) {
	if (state === 'bot') return null
	return (
		<span
			data-testid="handoff-state"
			className={
				state === 'waiting'
					? 'inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200'
					: 'inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200'
			}
		>
			<Headset className="size-3.5" aria-hidden />
			{state === 'waiting' ? copy.waitingBadge : copy.personBadge(person ?? handoffCopy.widget.someone)}
		</span>
	)
}

/** Take over / Hand back, and the reply box while the owner has the conversation. */
export function HandoffControls({
	path,
	eventsUrl,
	state,
	person,
	visitorTyping,
	onSent,
	onFailed,
	boxRef,
}: {
	/** The conversation page (its form posts work without JavaScript). */
	path: string
	/** Its stream route, which also takes replies and typing as JSON posts. */
	eventsUrl: string
	state: HandoffState
	person: string | null
	visitorTyping: boolean
	onSent: (message: HandoffMessage) => void
	onFailed: (id: string) => void
	/** The pinned box, for the page to keep its newest message above it. */
	boxRef?: RefObject<HTMLDivElement | null>
}) {
	const [text, setText] = useState('')
	const formRef = useRef<HTMLFormElement>(null)
	// Taken over: the reply box takes the focus, so what the owner types next goes to the visitor.
	const wasState = useRef(state)
	useEffect(() => {
		if (state === 'person' && wasState.current !== 'person') formRef.current?.querySelector('textarea')?.focus()
		wasState.current = state
	}, [state])
	// One post at a time, in order: a "typing" still on its way must not land after the message
	// (which clears typing), or the visitor would see the dots again after it (trial).
	const queue = useRef<Promise<unknown>>(Promise.resolve())
	const post = (body: Record<string, string>) => {
		const result = queue.current.then(() =>
			fetch(eventsUrl, { method: 'POST', body: new URLSearchParams(body) }).then(
				async (response) => ({
					ok: response.ok,
					error: ((await response.json().catch(() => ({}))) as { error?: string }).error,
				}),
				() => ({ ok: false, error: undefined }),
			),
		)
		queue.current = result
		return result
	}
	const postRef = useRef(post)
	postRef.current = post
	const [typing] = useState(() =>
		typingSignal((now) => void postRef.current(now ? { intent: 'typing' } : { intent: 'typing', stopped: 'true' })),
	)
	useEffect(() => () => typing.dispose(), [typing])
	const send = async () => {
		const clean = text.trim()
		if (!clean) return
		const id = crypto.randomUUID()
		onSent({
			id,
			author: 'person',
			text: clean,
			createdAt: new Date().toISOString(),
			name: person,
			leadForm: false,
			notice: false,
		})
		setText('')
		typing.sent()
		const result = await post({ intent: 'say', text: clean, messageId: id })
		if (!result.ok) {
			onFailed(id)
			setText(clean)
			showToast({ type: 'error', title: copy.sendFailed, description: result.error })
		}
	}
	return (
		// Pinned to the bottom of the window like a chat's composer: however long the conversation, the
		// owner's reply box (and Take over) stay in view below the messages.
		<div
			ref={boxRef}
			className="sticky bottom-0 z-10 mt-6 space-y-3 rounded-2xl bg-slate-50 p-4 shadow-[0_-8px_16px_-12px_rgb(15_23_42/0.25)] ring-1 ring-slate-200"
			data-testid="handoff-controls"
		>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
					<HandoffBadge state={state} person={person} />
					{state === 'person' ? <span>{copy.paused}</span> : null}
				</div>
				<Form method="post" action={path} className="flex gap-2">
					{state === 'person' ? (
						<Button type="submit" name="intent" value="hand-back" variant="secondary">
							<Undo2 className="size-4" aria-hidden />
							{copy.handBack}
						</Button>
					) : (
						<Button type="submit" name="intent" value="take-over">
							<Hand className="size-4" aria-hidden />
							{copy.takeOver}
						</Button>
					)}
				</Form>
			</div>
			{visitorTyping ? (
				<p className="text-xs text-slate-500" role="status" data-testid="visitor-typing">
					{copy.visitorTyping}
				</p>
			) : null}
			{state === 'person' ? (
				<Form
					ref={formRef}
					method="post"
					action={path}
					className="flex items-end gap-2"
					onSubmit={(event) => {
						event.preventDefault()
						void send()
					}}
				>
					<input type="hidden" name="intent" value="say" />
					<TextareaField
						label={copy.replyLabel}
						name="text"
						rows={2}
						required
						maxLength={CHAT_MESSAGE_MAX_CHARS}
						value={text}
						className="flex-1"
						onChange={(event) => {
							setText(event.target.value)
							typing.input(event.target.value.trim() !== '')
						}}
						onKeyDown={(event) => {
							if (event.key === 'Enter' && !event.shiftKey) {
								event.preventDefault()
								formRef.current?.requestSubmit()
							}
						}}
					/>
					<Button type="submit">
						<Send className="size-4" aria-hidden />
						{copy.send}
					</Button>
				</Form>
			) : null}
		</div>
	)
}

import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai'
import { Bot, Mic, MicOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { CHAT_APOLOGY, textOf } from '~/ai/chat-schema.ts'
import { ChatComposer, ChatThread } from '~/components/chat/chat-thread.tsx'
import { replaceLastReply } from '~/components/chat/replace-last-reply.ts'
import { Dialog, DialogContent, DialogHeader } from '~/components/ui/dialog.tsx'
import { assistant } from '~/features/assistant/copy.ts'
import { cn } from '~/lib/misc.ts'
import { useVoiceChat, type AskRiya, type SpeechEvent, type VoicePhase } from './use-voice-chat.ts'

const STORAGE_KEY = 'riya-chat-v1'

/**
 * The chat's transport, which also hands each reply's text, piece by piece as it streams, to whoever
 * asked for it when the question was sent (the voice mode, which speaks each sentence as it completes).
 */
class ListenedChatTransport extends DefaultChatTransport<UIMessage> {
	private listener: ((delta: string) => void) | null = null
	private speech: ((event: SpeechEvent) => void) | null = null
	/** Who hears of each reply's deltas, end and speech tickets (the voice mode's server voice; null: nobody). */
	listenForSpeech(listener: ((event: SpeechEvent) => void) | null) {
		this.speech = listener
	}
	/** Who gets the text of the replies to questions sent from now on (null: nobody). */
	listen(listener: ((delta: string) => void) | null) {
		this.listener = listener
	}
	override async sendMessages(options: Parameters<DefaultChatTransport<UIMessage>['sendMessages']>[0]) {
		const stream = await super.sendMessages(options)
		const listener = this.listener
		const speech = this.speech
		if (!listener && !speech) return stream
		return stream.pipeThrough(
			new TransformStream<UIMessageChunk, UIMessageChunk>({
				transform(chunk, controller) {
					if (chunk.type === 'text-delta') {
						speech?.({ kind: 'delta' })
						listener?.(chunk.delta)
					} else if (chunk.type === 'text-end') speech?.({ kind: 'end' })
					else if (chunk.type === 'data-speech') {
						const data = chunk.data as { said?: unknown; ticket?: unknown }
						if (typeof data.said === 'string' && typeof data.ticket === 'string')
							speech?.({ kind: 'ticket', said: data.said, ticket: data.ticket })
					}
					controller.enqueue(chunk)
				},
			}),
		)
	}
}

function greeting(): UIMessage {
	return { id: 'greeting', role: 'assistant', parts: [{ type: 'text', text: assistant.greeting }] }
}

/** The conversation survives a reload within the same tab (sessionStorage), nothing longer. */
function savedMessages(): UIMessage[] {
	try {
		const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
		return Array.isArray(saved) && saved.length > 0 ? saved : []
	} catch {
		return []
	}
}

export function ChatDialog({
	open,
	onOpenChange,
	offline,
	question = null,
	onQuestionAsked,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	offline: boolean
	/** Asked as soon as the chat is open and idle (the hero's ask bar). */
	question?: string | null
	onQuestionAsked?: () => void
}) {
	const [transport] = useState(() => new ListenedChatTransport({ api: '/api/chat' }))
	const { messages, sendMessage, status, setMessages, stop } = useChat({
		messages: savedMessages(),
		transport,
		onError: () => setMessages((current) => replaceLastReply(current, CHAT_APOLOGY)),
	})
	const [input, setInput] = useState('')
	const [voiceOn, setVoiceOn] = useState(false)
	const notice = (text: string) =>
		setMessages((current) => [
			...current,
			{ id: `notice-${Date.now()}`, role: 'assistant', parts: [{ type: 'text', text }] },
		])
	// A voice turn: asked like a typed question (a reply still streaming is stopped: the visitor
	// talked over it), its reply's pieces handed to the voice as they arrive.
	const ask: AskRiya = async (text, onDelta) => {
		await stop()
		let reply = ''
		transport.listen((delta) => {
			reply += delta
			onDelta(delta)
		})
		try {
			await sendMessage({ text: text.slice(0, CHAT_MESSAGE_MAX_CHARS) })
		} finally {
			transport.listen(null)
		}
		return reply || CHAT_APOLOGY
	}
	const voice = useVoiceChat({ enabled: voiceOn && open, ask, onNotice: notice, onActiveChange: setVoiceOn })
	// In voice mode the stream's speech tickets go to the voice (Riya's server voice, ADR 0059).
	const { speechEvent } = voice
	useEffect(() => {
		transport.listenForSpeech(voiceOn ? speechEvent : null)
	}, [transport, voiceOn, speechEvent])
	const listRef = useRef<HTMLDivElement>(null)
	const inputRef = useRef<HTMLTextAreaElement>(null)
	const loading = status === 'submitted' || status === 'streaming'

	// First open with an empty history: Riya greets.
	useEffect(() => {
		if (open && messages.length === 0) setMessages([greeting()])
	}, [open, messages.length, setMessages])

	useEffect(() => {
		if (status === 'ready' || status === 'error') sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages))
	}, [messages, status])

	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [messages])

	useEffect(() => {
		if (!loading && open) inputRef.current?.focus()
	}, [loading, open])

	// A question brought from elsewhere on the page (the hero's ask bar) is asked once, when the
	// greeting is in place and no answer is streaming.
	useEffect(() => {
		if (!open || !question || messages.length === 0 || (status !== 'ready' && status !== 'error')) return
		onQuestionAsked?.()
		void sendMessage({ text: question.slice(0, CHAT_MESSAGE_MAX_CHARS) })
	}, [open, question, messages.length, status, sendMessage, onQuestionAsked])

	function send() {
		const text = input.trim()
		if (!text || loading) return
		setInput('')
		// In voice mode the reply is spoken too.
		if (voiceOn && voice.send(text)) return
		void sendMessage({ text })
	}

	const last = messages.at(-1)
	const showTyping = loading && !(last?.role === 'assistant' && textOf(last).length > 0)

	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="h-[700px] max-w-2xl" aria-describedby="chat-description">
				<DialogHeader
					icon={Bot}
					title={assistant.title}
					description={offline ? assistant.offlineNote : assistant.subtitle}
					descriptionId="chat-description"
				>
					<button
						type="button"
						aria-pressed={voiceOn}
						onClick={() => {
							if (voiceOn) return voice.stop()
							setVoiceOn(true)
							void voice.start(assistant.greeting)
						}}
						className={cn(
							'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold ring-1 transition-colors sm:px-3',
							voiceOn
								? 'bg-rose-50 text-rose-700 ring-rose-200'
								: 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
						)}
					>
						{voiceOn ? <MicOff className="size-4" aria-hidden /> : <Mic className="size-4" aria-hidden />}
						<span className="sr-only sm:not-sr-only">{voiceOn ? 'Stop voice' : 'Talk to Riya'}</span>
					</button>
				</DialogHeader>
				<ChatThread
					ref={listRef}
					messages={messages.map((m) => ({
						id: m.id,
						role: m.role === 'user' ? 'user' : 'assistant',
						text: textOf(m),
					}))}
					typing={showTyping}
					assistantName={assistant.name}
				/>
				{voiceOn ? <VoiceStatus phase={voice.phase} heard={voice.heard} handsFree={voice.handsFree} /> : null}
				<ChatComposer
					id="chat-input"
					ref={inputRef}
					value={input}
					onChange={setInput}
					onSend={send}
					busy={loading}
					label={assistant.inputLabel}
					sendLabel={assistant.sendLabel}
					maxLength={CHAT_MESSAGE_MAX_CHARS}
				/>
			</DialogContent>
		</Dialog>
	)
}

const VOICE_STATUS: Record<Exclude<VoicePhase, 'off'>, string> = {
	starting: assistant.voiceStarting,
	preparing: assistant.voicePreparing,
	listening: assistant.voiceListening,
	hearing: assistant.voiceHearing,
	thinking: assistant.voiceThinking,
	speaking: assistant.voiceSpeaking,
}

/**
 * The voice mode's state where the visitor looks (a polite live region): the microphone open (and,
 * with the browser's recognizer, what it heard so far), hearing them, Riya thinking or talking.
 */
function VoiceStatus({ phase, heard, handsFree }: { phase: VoicePhase; heard: string; handsFree: boolean }) {
	const open = phase === 'listening' || phase === 'hearing'
	const text = phase === 'off' ? '' : phase === 'listening' && heard ? `“${heard}”` : VOICE_STATUS[phase]
	return (
		<div
			role="status"
			data-testid="voice-status"
			data-phase={phase}
			className="flex items-center gap-2.5 border-t border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700 sm:px-6"
		>
			<span aria-hidden className="relative flex size-3 shrink-0">
				{open ? (
					<span className="absolute inline-flex size-full rounded-full bg-rose-400 opacity-75 motion-safe:animate-ping" />
				) : null}
				<span className={cn('relative inline-flex size-3 rounded-full', open ? 'bg-rose-500' : 'bg-brand-500')} />
			</span>
			{open ? <Mic className="size-4 shrink-0 text-rose-600" aria-hidden /> : null}
			<span className="min-w-0 truncate">{text}</span>
			{handsFree && phase === 'speaking' ? (
				<span className="ml-auto hidden shrink-0 text-xs text-slate-500 sm:inline">{assistant.voiceInterruptHint}</span>
			) : null}
		</div>
	)
}

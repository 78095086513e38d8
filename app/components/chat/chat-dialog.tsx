import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, type UIMessage } from 'ai'
import { Bot, Mic, MicOff, Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { assistant } from '~/content/assistant.ts'
import { CHAT_APOLOGY, CHAT_MESSAGE_MAX_CHARS, textOf } from '~/utils/ai/chat-schema.ts'
import { cn } from '~/utils/misc.ts'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx'
import { useVoiceChat } from './use-voice-chat.ts'

const STORAGE_KEY = 'riya-chat-v1'

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

/** Spec: on any failure the last assistant message becomes the apology. */
export function withApology(messages: UIMessage[]): UIMessage[] {
	const apology = { type: 'text' as const, text: CHAT_APOLOGY }
	const last = messages.at(-1)
	if (last?.role === 'assistant' && last.id !== 'greeting') return [...messages.slice(0, -1), { ...last, parts: [apology] }]
	return [...messages, { id: `apology-${Date.now()}`, role: 'assistant', parts: [apology] }]
}

export function ChatDialog({ open, onOpenChange, offline }: { open: boolean; onOpenChange: (open: boolean) => void; offline: boolean }) {
	const { messages, sendMessage, status, setMessages } = useChat({
		messages: savedMessages(),
		transport: new DefaultChatTransport({ api: '/api/chat' }),
		onError: () => setMessages((current) => withApology(current)),
	})
	const [input, setInput] = useState('')
	const [voiceOn, setVoiceOn] = useState(false)
	const notice = (text: string) =>
		setMessages((current) => [...current, { id: `notice-${Date.now()}`, role: 'assistant', parts: [{ type: 'text', text }] }])
	const voice = useVoiceChat({
		enabled: voiceOn && open,
		onTranscript: (text) => {
			if (status === 'ready' || status === 'error') void sendMessage({ text })
		},
		onNotice: notice,
		onActiveChange: setVoiceOn,
	})
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

	// In voice mode, each finished reply (or the apology) is spoken.
	const spokenRef = useRef<string | null>(null)
	useEffect(() => {
		const last = messages.at(-1)
		if (!voiceOn || loading || last?.role !== 'assistant' || spokenRef.current === last.id) return
		spokenRef.current = last.id
		if (last.id !== 'greeting' && !last.id.startsWith('notice-')) voice.speak(textOf(last))
	}, [messages, loading, voiceOn, voice])

	function send() {
		const text = input.trim()
		if (!text || loading) return
		setInput('')
		void sendMessage({ text })
	}

	const last = messages.at(-1)
	const showTyping = loading && !(last?.role === 'assistant' && textOf(last).length > 0)

	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="h-[700px] max-w-2xl" aria-describedby="chat-description">
				<div className="flex items-center gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
					<span className="grid size-10 place-items-center rounded-full bg-brand-600 text-white">
						<Bot className="size-5" aria-hidden />
					</span>
					<div className="flex-1">
						<DialogTitle className="font-display text-base font-bold text-slate-900">{assistant.title}</DialogTitle>
						<DialogDescription id="chat-description" className="line-clamp-1 text-xs text-slate-500">
							{offline ? assistant.offlineNote : assistant.subtitle}
						</DialogDescription>
					</div>
					<button
						type="button"
						aria-pressed={voiceOn}
						onClick={() => {
							if (voiceOn) return voice.stop()
							spokenRef.current = messages.at(-1)?.id ?? null
							void voice.start(assistant.greeting)
						}}
						className={cn(
							'mr-10 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold ring-1 transition-colors sm:px-3',
							voiceOn ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
						)}
					>
						{voiceOn ? <MicOff className="size-4" aria-hidden /> : <Mic className="size-4" aria-hidden />}
						<span className="sr-only sm:not-sr-only">{voiceOn ? 'Stop voice' : 'Talk to Riya'}</span>
					</button>
				</div>
				<div ref={listRef} role="log" aria-live="polite" aria-label="Conversation" className="flex-1 overflow-y-auto bg-slate-50 px-6 py-6">
				<ol className="space-y-4">
					{messages.map((message) => {
						const text = textOf(message)
						if (message.role === 'assistant' && !text) return null
						return (
							<li key={message.id} className={cn('flex', message.role === 'user' ? 'justify-end' : 'justify-start')} data-role={message.role}>
								<p
									className={cn(
										'max-w-[85%] rounded-2xl px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap',
										message.role === 'user'
											? 'rounded-tr-sm bg-brand-600 text-white'
											: 'rounded-tl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200',
									)}
								>
									<span className="sr-only">{message.role === 'user' ? 'You: ' : `${assistant.name}: `}</span>
									{text}
								</p>
							</li>
						)
					})}
					{showTyping ? (
						<li className="flex justify-start" data-testid="typing-indicator">
							<span className="flex gap-1 rounded-2xl rounded-tl-sm bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200">
								<span className="sr-only">{assistant.name} is typing</span>
								{[0, 150, 300].map((delay) => (
									<span key={delay} aria-hidden className="size-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
								))}
							</span>
						</li>
					) : null}
				</ol>
				</div>
				<form
					className="flex items-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-6"
					onSubmit={(event) => {
						event.preventDefault()
						send()
					}}
				>
					<label htmlFor="chat-input" className="sr-only">
						{assistant.inputLabel}
					</label>
					<textarea
						id="chat-input"
						ref={inputRef}
						rows={1}
						value={input}
						maxLength={CHAT_MESSAGE_MAX_CHARS}
						disabled={loading}
						placeholder={assistant.inputLabel}
						onChange={(event) => setInput(event.target.value)}
						onKeyDown={(event) => {
							if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
								event.preventDefault()
								send()
							}
						}}
						className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border-0 px-3.5 py-2.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100"
					/>
					<button
						type="submit"
						disabled={loading || !input.trim()}
						aria-label={assistant.sendLabel}
						className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-600 text-white transition-colors hover:bg-brand-700 disabled:opacity-50"
					>
						<Send className="size-5" aria-hidden />
					</button>
				</form>
			</DialogContent>
		</Dialog>
	)
}

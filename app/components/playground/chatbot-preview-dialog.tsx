// The owner's live test chat for one chatbot: 500 px tall (spec section 9), streamed replies with
// the knowledge passages they drew on.
import { Bot } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { chatbotBuilder } from '~/content/chatbot-builder.ts'
import { CHAT_MESSAGE_MAX_CHARS } from '~/utils/ai/chat-schema.ts'
import { ChatComposer, ChatThread } from '../chat/chat-thread.tsx'
import { useChatbotChat } from '../chat/use-chatbot-chat.ts'
import { showToast } from '../toast-message.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx'

const { preview, toasts } = chatbotBuilder

export type PreviewTarget = { id: string; name: string }

function PreviewChat({ chatbot }: { chatbot: PreviewTarget }) {
	const chat = useChatbotChat({
		api: `/api/chatbots/${chatbot.id}/chat`,
		greeting: preview.greeting(chatbot.name),
		errorReply: preview.errorReply,
		emptyReply: preview.emptyReply,
		onError: () => showToast({ type: 'error', title: toasts.previewFailed }),
	})
	const [input, setInput] = useState('')
	const listRef = useRef<HTMLDivElement>(null)
	const inputRef = useRef<HTMLTextAreaElement>(null)
	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [chat.thread])
	useEffect(() => {
		if (!chat.busy) inputRef.current?.focus()
	}, [chat.busy])
	return (
		<>
			<ChatThread
				ref={listRef}
				messages={chat.thread}
				typing={chat.typing}
				assistantName={chatbot.name}
				sourcesLabel={preview.sourcesLabel}
				passageLabel={preview.passage}
			/>
			<ChatComposer
				id="preview-input"
				ref={inputRef}
				value={input}
				onChange={setInput}
				onSend={() => {
					if (chat.send(input)) setInput('')
				}}
				busy={chat.busy}
				label={preview.inputLabel}
				sendLabel={preview.sendLabel}
				maxLength={CHAT_MESSAGE_MAX_CHARS}
			/>
		</>
	)
}

export function ChatbotPreviewDialog({ chatbot, onClose }: { chatbot: PreviewTarget | null; onClose: () => void }) {
	return (
		<Dialog open={chatbot !== null} onOpenChange={(open) => !open && onClose()}>
			{chatbot ? (
				<DialogContent className="h-[500px] max-w-xl" aria-describedby="preview-description">
					<div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 pr-14 sm:px-6">
						<span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
							<Bot className="size-5" aria-hidden />
						</span>
						<div className="min-w-0">
							<DialogTitle className="truncate font-display text-base font-bold text-slate-900">{preview.title(chatbot.name)}</DialogTitle>
							<DialogDescription id="preview-description" className="line-clamp-1 text-xs text-slate-500">
								{preview.description}
							</DialogDescription>
						</div>
					</div>
					{/* A new chat for each chatbot opened. */}
					<PreviewChat key={chatbot.id} chatbot={chatbot} />
				</DialogContent>
			) : null}
		</Dialog>
	)
}

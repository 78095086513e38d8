// The owner's live test chat for one chatbot: 500 px tall (spec section 9), streamed replies with
// the knowledge passages they drew on.
import { Bot } from 'lucide-react'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ChatbotConversation } from './chatbot-conversation.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog.tsx'

const { preview, toasts } = chatbotBuilder

export type PreviewTarget = { id: string; name: string }

export function ChatbotPreviewDialog({ chatbot, onClose }: { chatbot: PreviewTarget | null; onClose: () => void }) {
	return (
		<Dialog open={chatbot !== null} onOpenChange={(open) => !open && onClose()}>
			{chatbot ? (
				<DialogContent className="h-[500px] max-w-xl" aria-describedby="preview-description">
					<div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 pr-14 sm:px-6">
						<span className="bg-brand-600 grid size-9 shrink-0 place-items-center rounded-full text-white">
							<Bot className="size-5" aria-hidden />
						</span>
						<div className="min-w-0">
							<DialogTitle className="font-display truncate text-base font-bold text-slate-900">
								{preview.title(chatbot.name)}
							</DialogTitle>
							<DialogDescription id="preview-description" className="line-clamp-1 text-xs text-slate-500">
								{preview.description}
							</DialogDescription>
						</div>
					</div>
					{/* A new chat for each chatbot opened. */}
					<ChatbotConversation
						key={chatbot.id}
						chatbot={chatbot}
						api={`/api/chatbots/${chatbot.id}/chat`}
						inputId="preview-input"
						inputLabel={preview.inputLabel}
						showSources
						onError={() => showToast({ type: 'error', title: toasts.previewFailed })}
					/>
				</DialogContent>
			) : null}
		</Dialog>
	)
}

// The owner's live test chat for one chatbot: 500 px tall (spec section 9), streamed replies with
// the knowledge passages they drew on.
import { Bot } from 'lucide-react'
import type { ModelSummary } from '~/ai/model-notice.ts'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { Dialog, DialogContent, DialogHeader } from '~/components/ui/dialog.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ChatbotConversation } from './chatbot-conversation.tsx'

const { preview, toasts } = chatbotBuilder

export type PreviewTarget = { id: string; name: string }

export function ChatbotPreviewDialog({
	chatbot,
	model,
	onClose,
}: {
	chatbot: PreviewTarget | null
	model: ModelSummary
	onClose: () => void
}) {
	return (
		<Dialog open={chatbot !== null} onOpenChange={(open) => !open && onClose()}>
			{chatbot ? (
				<DialogContent className="h-[500px] max-w-xl" aria-describedby="preview-description">
					<DialogHeader
						icon={Bot}
						title={preview.title(chatbot.name)}
						description={preview.description}
						descriptionId="preview-description"
					/>
					<ModelNotice model={model} className="sm:px-6" />
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

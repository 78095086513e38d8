// The live preview beside a chatbot's sections: the same chat as the Preview dialog. Without
// JavaScript it links to the preview page, which works with plain form posts.
import { Bot, MessageSquare } from 'lucide-react'
import { lazy, Suspense, useCallback, useRef } from 'react'
import type { ModelSummary } from '~/ai/model-notice.ts'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import { SidePanel } from '~/components/playground/workspace-parts.tsx'
import { showToast } from '~/components/toast-message.tsx'
import { ButtonLink } from '~/components/ui/button-link.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

// The chat (the AI SDK's client, the reply renderer: about 200 KB) loads after the page has painted
// and hydrated, so a chatbot's sections paint as fast as any Playground page (Lighthouse, issue 30).
const ChatbotConversation = lazy(() =>
	import('./chatbot-conversation.tsx').then((module) => ({
		default: module.ChatbotConversation,
	})),
)

const { page, preview, toasts } = chatbotBuilder

export function PreviewPanel({
	chatbot,
	version,
	model,
	textIndexing = false,
}: {
	chatbot: { id: string; name: string }
	version: string
	/** The model that answers, named above the chat. */
	model: ModelSummary
	/** The typed text is queued or being indexed: answers may not know it yet, and the panel says so. */
	textIndexing?: boolean
}) {
	const hydrated = useHydrated()
	// The input takes focus back after a reply only once the owner is using the preview: on load the
	// form beside it keeps the focus.
	const engaged = useRef(false)
	const focusAfterReply = useCallback(() => engaged.current, [])
	return (
		<SidePanel
			id="preview"
			title={page.previewTitle}
			description={textIndexing ? page.previewIndexing : page.previewHint}
			onFocusCapture={() => {
				engaged.current = true
			}}
			icon={
				<span className="bg-brand-600 grid size-9 shrink-0 place-items-center rounded-full text-white">
					<Bot className="size-5" aria-hidden />
				</span>
			}
		>
			<ModelNotice model={model} />
			{hydrated ? (
				<Suspense fallback={<PreviewPlaceholder chatbotId={chatbot.id} />}>
					{/* A fresh conversation whenever the saved chatbot changes. */}
					<ChatbotConversation
						key={version}
						chatbot={chatbot}
						api={`/api/chatbots/${chatbot.id}/chat`}
						inputId="preview-panel-input"
						inputLabel={preview.inputLabel}
						showSources
						focusAfterReply={focusAfterReply}
						onError={() => showToast({ type: 'error', title: toasts.previewFailed })}
					/>
				</Suspense>
			) : (
				<PreviewPlaceholder chatbotId={chatbot.id} />
			)}
		</SidePanel>
	)
}

/** Before the chat has loaded, and without JavaScript: the way to the preview page. */
function PreviewPlaceholder({ chatbotId }: { chatbotId: string }) {
	return (
		<div className="grid flex-1 place-items-center bg-slate-50 p-6 text-center">
			<div>
				<MessageSquare className="text-brand-600 mx-auto size-8" aria-hidden />
				<p className="mt-3 text-sm text-slate-600">{preview.description}</p>
				<ButtonLink to={`/playground/chatbots/${chatbotId}/preview`} className="mt-4">
					{page.previewOpen}
				</ButtonLink>
			</div>
		</div>
	)
}

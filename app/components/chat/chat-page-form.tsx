// The question form of the chat pages that work without JavaScript (/chat and the chatbot
// preview page): the conversation so far rides along in a hidden field.
import { Send } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { Button } from '~/components/ui/button.tsx'

export function ChatPageForm({
	history,
	inputId,
	label,
	error,
}: {
	history: unknown[]
	inputId: string
	label: string
	error?: string | null
}) {
	const busy = useNavigation().state === 'submitting'
	return (
		<Form method="post" className="border-t border-slate-200 px-6 py-4">
			<input type="hidden" name="history" value={JSON.stringify(history)} />
			<label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<div className="mt-2 flex gap-2">
				<input
					id={inputId}
					name="message"
					required
					maxLength={CHAT_MESSAGE_MAX_CHARS}
					autoComplete="off"
					className="focus:ring-brand-500 h-11 min-w-0 flex-1 rounded-xl border-0 px-3.5 text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:outline-none"
				/>
				<Button type="submit" disabled={busy} className="rounded-xl">
					<Send className="size-4" aria-hidden />
					<span className="sr-only sm:not-sr-only">Send</span>
				</Button>
			</div>
			{error ? (
				<p role="alert" className="mt-2 text-sm text-rose-600">
					{error}
				</p>
			) : null}
		</Form>
	)
}

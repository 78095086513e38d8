// The question form of the chat pages that work without JavaScript (/chat and the chatbot
// preview page): the conversation so far rides along in a hidden field. With JavaScript the
// server's schema checks it first (a message of spaces is not sent), and says what the server would.
import { Send } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { CHAT_MESSAGE_REQUIRED, ChatPagePostSchema } from '~/ai/chat-page.ts'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { useClientValidation } from '~/lib/use-client-validation.ts'

export function ChatPageForm({
	history,
	inputId,
	label,
	error,
	ignoreBlank = false,
}: {
	history: unknown[]
	inputId: string
	label: string
	error?: string | null
	/** A blank message is ignored without a word (the preview, by the spec), rather than "Type a message first." */
	ignoreBlank?: boolean
}) {
	const busy = useNavigation().state === 'submitting'
	const { clientErrors, validate } = useClientValidation(ChatPagePostSchema, () => {})
	const problem = clientErrors ? clientErrors.message : error
	const shown = ignoreBlank && problem === CHAT_MESSAGE_REQUIRED ? null : problem
	return (
		<Form method="post" onSubmit={validate} className="border-t border-slate-200 px-6 py-4">
			<input type="hidden" name="history" value={JSON.stringify(history)} />
			<div className="flex items-end gap-2">
				<Field
					id={inputId}
					label={label}
					name="message"
					required
					maxLength={CHAT_MESSAGE_MAX_CHARS}
					autoComplete="off"
					className="min-w-0 flex-1"
				/>
				<Button type="submit" disabled={busy} className="h-11 rounded-xl">
					<Send className="size-4" aria-hidden />
					<span className="sr-only sm:not-sr-only">Send</span>
				</Button>
			</div>
			{shown ? (
				<p role="alert" className="mt-2 text-sm text-rose-600">
					{shown}
				</p>
			) : null}
		</Form>
	)
}

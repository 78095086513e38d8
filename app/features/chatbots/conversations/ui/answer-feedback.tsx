// Thumbs up and down under an embedded chatbot's answer, with an optional comment after a thumbs
// down. The choice shows at once and is sent in the background; pressing it again takes it back.
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { useState } from 'react'
import type { ThreadMessage } from '~/components/chat/chat-thread.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { cn } from '~/lib/misc.ts'

const { feedback: copy } = activityCopy

export type Rating = 'up' | 'down'
export type SendFeedback = (messageId: string, rating: Rating | null, comment?: string) => Promise<boolean>

/**
 * Only the chatbot's answers the server stored (their ids are the server's UUIDs) take feedback: not a
 * person's message in a handoff, the handoff's notices ("I've asked the team…") or an offer of the
 * lead form, which rate nobody's answer.
 */
export const takesFeedback = (message: Pick<ThreadMessage, 'id' | 'role' | 'person' | 'notice' | 'handoff'>) =>
	message.role === 'assistant' &&
	!message.person &&
	!message.notice &&
	!message.handoff &&
	/^[0-9a-f-]{36}$/i.test(message.id)

export function AnswerFeedback({ messageId, send }: { messageId: string; send: SendFeedback }) {
	const [rating, setRating] = useState<Rating | null>(null)
	const [commenting, setCommenting] = useState(false)
	const [comment, setComment] = useState('')
	const [state, setState] = useState<'idle' | 'sending' | 'thanks' | 'failed'>('idle')
	const rate = async (next: Rating) => {
		const value = rating === next ? null : next
		const before = rating
		setRating(value)
		setCommenting(value === 'down')
		setState('idle')
		if (!(await send(messageId, value))) {
			setRating(before)
			setState('failed')
		} else if (value === 'up') setState('thanks')
	}
	const button = (value: Rating, Icon: typeof ThumbsUp, label: string) => (
		<button
			type="button"
			aria-pressed={rating === value}
			aria-label={label}
			title={label}
			onClick={() => void rate(value)}
			className={cn(
				'grid size-7 place-items-center rounded-full text-slate-400 transition-colors hover:bg-slate-200 hover:text-slate-700',
				rating === value && 'bg-brand-50 text-brand-700 hover:bg-brand-100 hover:text-brand-700',
			)}
		>
			<Icon className="size-3.5" aria-hidden />
		</button>
	)
	return (
		<div className="mt-1 flex max-w-[85%] flex-col items-start gap-1" data-testid="answer-feedback">
			<div className="flex items-center gap-0.5">
				{button('up', ThumbsUp, copy.helpful)}
				{button('down', ThumbsDown, copy.notHelpful)}
				<span role="status" className="ml-1 text-xs text-slate-500">
					{state === 'thanks' ? copy.thanks : state === 'failed' ? copy.failed : ''}
				</span>
			</div>
			{commenting ? (
				<form
					className="flex w-full min-w-56 items-center gap-1.5"
					onSubmit={async (event) => {
						event.preventDefault()
						setState('sending')
						const sent = await send(messageId, 'down', comment.trim())
						setState(sent ? 'thanks' : 'failed')
						if (sent) setCommenting(false)
					}}
				>
					<label htmlFor={`${messageId}-comment`} className="sr-only">
						{copy.commentLabel}
					</label>
					<input
						id={`${messageId}-comment`}
						value={comment}
						maxLength={500}
						onChange={(event) => setComment(event.target.value)}
						placeholder={copy.commentPlaceholder}
						className="focus:ring-brand-500 h-8 min-w-0 flex-1 rounded-lg border-0 bg-white px-2.5 text-xs text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none"
					/>
					<button
						type="submit"
						disabled={state === 'sending'}
						className="bg-brand-600 text-on-brand hover:bg-brand-700 inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-xs font-semibold disabled:opacity-60"
					>
						{state === 'sending' ? <Spinner className="size-3" /> : null}
						{copy.send}
					</button>
				</form>
			) : null}
		</div>
	)
}

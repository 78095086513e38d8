// The chat as a page (no JavaScript needed): the site's /chat and a chatbot's preview page. A card
// with the assistant's header, an optional notice, the conversation so far and the form that posts
// the next message with the history (chat-page-form.tsx).
import { Bot } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/misc.ts'
import { ChatPageForm } from './chat-page-form.tsx'
import { MessageBubble, type ThreadMessage } from './chat-thread.tsx'

type BubbleLabels = Pick<ComponentProps<typeof MessageBubble>, 'sourcesLabel' | 'closestLabel' | 'passageLabel'>

export function ChatPageCard({
	heading,
	subtitle,
	notice,
	turns,
	assistantName,
	labels,
	form,
	className,
}: {
	/** The card's title as a heading of the page's level (h1 on /chat, h2 under the Playground's). */
	heading: ReactNode
	subtitle: ReactNode
	notice?: ReactNode
	/** The conversation so far, oldest first, the greeting included. */
	turns: Array<Omit<ThreadMessage, 'id'>>
	assistantName: string
	labels?: BubbleLabels
	form: ComponentProps<typeof ChatPageForm>
	className?: string
}) {
	return (
		<div className={cn('overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200', className)}>
			<header className="flex items-center gap-3 border-b border-slate-200 px-6 py-4">
				<span className="bg-brand-600 grid size-10 place-items-center rounded-full text-white">
					<Bot className="size-5" aria-hidden />
				</span>
				<div>
					{heading}
					<p className="text-xs text-slate-500">{subtitle}</p>
				</div>
			</header>
			{notice}
			<ol aria-label="Conversation" aria-live="polite" className="min-h-64 space-y-4 bg-slate-50 px-6 py-6">
				{turns.map((turn, i) => (
					<MessageBubble key={i} message={{ id: String(i), ...turn }} assistantName={assistantName} {...labels} />
				))}
			</ol>
			<ChatPageForm {...form} />
		</div>
	)
}

/** The title of a chat page's card. */
export const chatPageTitleClass = 'font-display text-base font-bold text-slate-900'

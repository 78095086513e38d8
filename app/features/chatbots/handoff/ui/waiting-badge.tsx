// The Playground header's badge: how many visitors wait for a person and how many held conversations
// have a visitor's message not seen yet, a link to the one to open first. Rendered from the page's data (so without JavaScript it is right as of the page's load)
// and kept live by its stream with JavaScript. docs/decisions/0061-live-handoff-over-listen-notify.md
import { Headset } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import type { WaitingSummary } from '~/features/chatbots/handoff/handoff-schema.ts'

export function WaitingBadge({ initial, className }: { initial: WaitingSummary; className?: string }) {
	const [summary, setSummary] = useState(initial)
	useEffect(() => setSummary(initial), [initial])
	useEffect(() => {
		if (typeof EventSource === 'undefined') return
		const source = new EventSource('/playground/handoff/events')
		source.addEventListener('waiting', (event) => setSummary(JSON.parse((event as MessageEvent<string>).data)))
		return () => source.close()
	}, [])
	if (summary.count + summary.unread === 0 || !summary.first) return null
	const { chatbotId, conversationId } = summary.first
	return (
		<Link
			to={`/playground/chatbots/${chatbotId}/conversations/${conversationId}`}
			data-testid="waiting-badge"
			// Named in full (the visible text, each part said of whom); one label, so no stray pause before the comma.
			aria-label={[
				summary.count > 0 ? `${handoffCopy.owner.navBadge(summary.count)} ${handoffCopy.owner.navBadgeMore}` : null,
				summary.unread > 0
					? `${handoffCopy.owner.navBadgeUnread(summary.unread)} ${handoffCopy.owner.navBadgeUnreadMore}`
					: null,
			]
				.filter(Boolean)
				.join(', ')}
			className={className}
		>
			<span className="relative flex size-2" aria-hidden>
				<span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-400 opacity-75 motion-reduce:animate-none" />
				<span className="relative inline-flex size-2 rounded-full bg-amber-500" />
			</span>
			<Headset className="size-4" aria-hidden />
			{/* On a phone the header has room for the sum only ("1 waiting, 1 new message" overflowed 320 px); the label says it in full. */}
			<span className="sm:hidden">{summary.count + summary.unread}</span>
			<span className="hidden sm:inline">
				{[
					summary.count > 0 ? handoffCopy.owner.navBadge(summary.count) : null,
					summary.unread > 0 ? handoffCopy.owner.navBadgeUnread(summary.unread) : null,
				]
					.filter(Boolean)
					.join(', ')}
			</span>
		</Link>
	)
}

// The parts every chat in the product shares: the message list (with a typing indicator and,
// for chatbots, the knowledge passages an answer drew on) and the composer (Enter sends,
// Shift+Enter starts a new line). Used by the site widget, the chatbot preview and the embed.
import { BookOpen, Send } from 'lucide-react'
import { forwardRef, useState, type ReactNode, type Ref } from 'react'
import { FieldShell } from '~/components/ui/field.tsx'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { quotedSpans } from './quoted-spans.ts'
import { ReplyText } from './reply-text.tsx'
import { shownSources, type ThreadSource } from './shown-sources.ts'

export type { ThreadSource }

/** Only web addresses become links: a stored URL is shown, never trusted as a scheme. */
const linkable = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null)
export type ThreadMessage = {
	id: string
	role: 'user' | 'assistant'
	text: string
	sources?: ThreadSource[]
	/** Whether the finished reply answered (false: an "I don't know"); unknown while it streams. */
	answered?: boolean
	/** Still arriving: its sources are listed once it is complete and known to answer. */
	streaming?: boolean
	/** The chatbot's offer of its lead form to a visitor who asked for a person (the embed shows the form). */
	handoff?: boolean
	/** Written by a person of the team (their name), not the chatbot: the embed's live handoff. */
	person?: string
	/** The chatbot's notice about the handoff ("I've asked the team…"), not an answer: it takes no feedback. */
	notice?: boolean
}

/** "[2]" in an answer: a small numbered link to the page it cites (or to its place in the list). */
function CitationLink({ number, label, href }: { number: number; label: string; href: string }) {
	const external = !href.startsWith('#')
	return (
		<a
			href={href}
			{...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
			title={label}
			aria-label={`Source ${number}: ${label}`}
			className="bg-brand-50 text-brand-700 hover:bg-brand-100 ml-0.5 inline-grid min-w-4 place-items-center rounded px-1 align-super text-[0.65rem] leading-4 font-semibold no-underline"
			data-testid="citation"
		>
			{number}
		</a>
	)
}

/** A listed passage: its page's name, its address as a link, its excerpt; a cited one in the brand colour. */
function SourceBody({
	label,
	source,
	cited,
	answer,
}: {
	label: string
	source: ThreadSource
	cited: boolean
	/** The answer it is listed with: the lines it quotes are marked. */
	answer: string
}) {
	const href = linkable(source.url)
	return (
		<>
			<span className={cited ? 'font-semibold text-slate-800' : 'font-medium text-slate-700'}>{label}</span>
			{href ? (
				<a
					href={href}
					target="_blank"
					rel="noopener noreferrer nofollow"
					className={cn(
						'mt-0.5 block truncate underline-offset-2 hover:underline',
						cited ? 'text-brand-700' : 'text-slate-600',
					)}
				>
					{href}
				</a>
			) : null}
			<span className={cn('mt-0.5 block', cited && 'text-slate-600')}>
				{quotedSpans(source.excerpt, answer).map((span, index) =>
					span.quoted ? (
						<mark key={index} data-testid="quoted" className="rounded bg-amber-100 px-0.5 text-slate-900">
							{span.text}
						</mark>
					) : (
						span.text
					),
				)}
			</span>
		</>
	)
}

export function MessageBubble({
	message,
	assistantName,
	sourcesLabel,
	closestLabel,
	passageLabel,
	after,
}: {
	message: ThreadMessage
	assistantName: string
	sourcesLabel?: string
	/** The label of the passages shown apart with a reply that cites none. */
	closestLabel?: string
	passageLabel?: (position: number) => string
	/** Shown under the message (an answer's feedback buttons). */
	after?: ReactNode
}) {
	const mine = message.role === 'user'
	// An "I don't know" has no citations: its passages are neither linked nor listed (ADR 0033).
	const sources = sourcesLabel && message.answered !== false ? (message.sources ?? []) : []
	const labelOf = (source: ThreadSource) =>
		source.title || (passageLabel ? passageLabel(source.position) : `#${source.position + 1}`)
	// "[2]" in an answer points at the second source and the list shows those cited; a reply that
	// cites none has its passages apart, unnumbered, as the closest pages.
	const { cited: listed, closest } = message.streaming
		? { cited: [], closest: [] }
		: shownSources(message.text, sources, message.answered)
	const anchor = (number: number) => `${message.id}-source-${number}`
	return (
		<li
			className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
			data-role={message.role}
			data-person={message.person ? true : undefined}
		>
			{message.person ? (
				<span className="mb-1 px-1 text-xs font-semibold text-slate-600" aria-hidden>
					{message.person}
				</span>
			) : null}
			{mine ? (
				<p className="bg-brand-600 text-on-brand max-w-[85%] rounded-2xl rounded-tr-sm px-4 py-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap">
					<span className="sr-only">You: </span>
					{message.text}
				</p>
			) : (
				// A reply's paragraphs, lists and code blocks: one renderer for every chat (reply-text.tsx).
				<div className="max-w-[85%] min-w-0 rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm leading-relaxed [overflow-wrap:anywhere] text-slate-800 shadow-sm ring-1 ring-slate-200">
					<span className="sr-only">{`${message.person ?? assistantName}: `}</span>
					<ReplyText
						text={message.text}
						sources={sources.length}
						cite={(number, key) => (
							<CitationLink
								key={key}
								number={number}
								label={labelOf(sources[number - 1])}
								href={linkable(sources[number - 1].url) ?? `#${anchor(number)}`}
							/>
						)}
					/>
				</div>
			)}
			{listed.length > 0 ? (
				<details className="group mt-1.5 max-w-[85%] text-xs text-slate-600" data-testid="sources">
					<summary className="text-brand-700 hover:bg-brand-50 inline-flex cursor-pointer list-none items-center gap-1.5 rounded-full px-2 py-1 font-medium [&::-webkit-details-marker]:hidden">
						<BookOpen className="size-3.5" aria-hidden />
						{sourcesLabel} ({listed.length})
					</summary>
					<ol className="mt-1 space-y-1.5">
						{listed.map(({ source, number }) => {
							return (
								<li
									key={number}
									id={anchor(number)}
									className="flex gap-2 rounded-xl bg-white/80 px-3 py-2 ring-1 ring-slate-200"
								>
									<span
										aria-hidden
										className="bg-brand-50 text-brand-700 mt-px grid size-4 shrink-0 place-items-center rounded text-[0.65rem] font-semibold"
									>
										{number}
									</span>
									<span className="min-w-0">
										<SourceBody label={labelOf(source)} source={source} cited answer={message.text} />
									</span>
								</li>
							)
						})}
					</ol>
				</details>
			) : null}
			{closest.length > 0 && closestLabel ? (
				<details className="mt-1.5 max-w-[85%] text-xs text-slate-500" data-testid="closest-pages">
					<summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-full px-2 py-1 font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
						{closestLabel} ({closest.length})
					</summary>
					<ul className="mt-1 space-y-1.5">
						{closest.map((source) => {
							return (
								<li key={source.position} className="rounded-xl px-3 py-2 ring-1 ring-slate-200">
									<SourceBody label={labelOf(source)} source={source} cited={false} answer={message.text} />
								</li>
							)
						})}
					</ul>
				</details>
			) : null}
			{after}
		</li>
	)
}

function TypingIndicator({ assistantName }: { assistantName: string }) {
	return (
		<li className="flex justify-start" data-testid="typing-indicator">
			<span className="flex gap-1 rounded-2xl rounded-tl-sm bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200">
				<span className="sr-only">{assistantName} is typing</span>
				{[0, 150, 300].map((delay) => (
					<span
						key={delay}
						aria-hidden
						className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
						style={{ animationDelay: `${delay}ms` }}
					/>
				))}
			</span>
		</li>
	)
}

type ThreadProps = {
	messages: ThreadMessage[]
	typing: boolean
	assistantName: string
	sourcesLabel?: string
	closestLabel?: string
	passageLabel?: (position: number) => string
	/** What goes under an answer (feedback), given the answer. */
	answerActions?: (message: ThreadMessage) => ReactNode
	className?: string
	/** Who is typing, when not the assistant (a person of the team). */
	typingName?: string
}

/** The conversation as a live region: screen readers hear each reply as it arrives. */
export const ChatThread = forwardRef(function ChatThread(
	{
		messages,
		typing,
		assistantName,
		sourcesLabel,
		closestLabel,
		passageLabel,
		answerActions,
		className,
		typingName,
	}: ThreadProps,
	ref: Ref<HTMLDivElement>,
) {
	return (
		<div
			ref={ref}
			role="log"
			aria-live="polite"
			aria-label="Conversation"
			// Scrollable by keyboard too: a conversation with nothing focusable in it (a person's
			// messages, notices: no feedback buttons) could not be scrolled otherwise.
			tabIndex={0}
			className={cn('flex-1 overflow-y-auto bg-slate-50 px-4 py-5 sm:px-6', className)}
		>
			<ol className="space-y-4">
				{messages.map((message) =>
					message.role === 'assistant' && !message.text ? null : (
						<MessageBubble
							key={message.id}
							message={message}
							assistantName={assistantName}
							sourcesLabel={sourcesLabel}
							closestLabel={closestLabel}
							passageLabel={passageLabel}
							after={message.role === 'assistant' ? answerActions?.(message) : undefined}
						/>
					),
				)}
				{typing ? <TypingIndicator assistantName={typingName ?? assistantName} /> : null}
			</ol>
		</div>
	)
})

type ComposerProps = {
	id: string
	value: string
	onChange: (value: string) => void
	onSend: () => void
	busy: boolean
	label: string
	/** Shown in the empty box; the label when not given. */
	placeholder?: string
	sendLabel: string
	maxLength: number
	className?: string
}

/** Send is disabled while a reply is pending or the text is blank; Enter sends, Shift+Enter does not. */
export const ChatComposer = forwardRef(function ChatComposer(
	{ id, value, onChange, onSend, busy, label, placeholder, sendLabel, maxLength, className }: ComposerProps,
	ref: Ref<HTMLTextAreaElement>,
) {
	// Server-rendered (the embed), it waits for JavaScript: a message typed before would be lost.
	const hydrated = useHydrated()
	// The box stops at the limit (the API refuses longer messages); near it, the count says so, and
	// a paste the box had to cut says that it was cut (the browser drops the rest without a word).
	const nearLimit = value.length >= maxLength * 0.9
	const atLimit = value.length >= maxLength
	// Set by a paste that does not fit (its event comes before the box's new value); cleared once the
	// message is shorter than the limit again.
	const [clipped, setClipped] = useState(false)
	return (
		<form
			className={cn('flex items-end gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:px-6', className)}
			onSubmit={(event) => {
				event.preventDefault()
				onSend()
			}}
		>
			<FieldShell id={id} label={label} hideLabel className="flex min-w-0 flex-1 flex-col gap-1">
				{(control) => (
					<>
						<textarea
							id={control.id}
							aria-describedby={nearLimit ? `${id}-count` : undefined}
							ref={ref}
							rows={1}
							value={value}
							maxLength={maxLength}
							disabled={busy || !hydrated}
							placeholder={placeholder || label}
							onChange={(event) => {
								if (event.target.value.length < maxLength) setClipped(false)
								onChange(event.target.value)
							}}
							onPaste={(event) => {
								const box = event.currentTarget
								const kept = box.value.length - (box.selectionEnd - box.selectionStart)
								if (kept + event.clipboardData.getData('text').length > maxLength) setClipped(true)
							}}
							onKeyDown={(event) => {
								if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
									event.preventDefault()
									onSend()
								}
							}}
							className="focus:ring-brand-500 max-h-32 min-h-11 w-full min-w-0 resize-none rounded-xl border-0 px-3.5 py-2.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:overflow-hidden placeholder:text-ellipsis placeholder:whitespace-nowrap placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100"
						/>
						{nearLimit ? (
							<p
								id={`${id}-count`}
								aria-live="polite"
								className={cn('text-right text-xs', atLimit ? 'font-medium text-red-700' : 'text-slate-500')}
							>
								{clipped && atLimit
									? `Your message was cut to ${maxLength.toLocaleString('en-US')} characters, the most one message can hold.`
									: `${value.length.toLocaleString('en-US')} of ${maxLength.toLocaleString('en-US')} characters`}
							</p>
						) : null}
					</>
				)}
			</FieldShell>
			<button
				type="submit"
				disabled={busy || !value.trim()}
				aria-label={sendLabel}
				className="bg-brand-600 hover:bg-brand-700 text-on-brand grid size-11 shrink-0 place-items-center rounded-xl transition-colors disabled:opacity-50"
			>
				<Send className="size-5" aria-hidden />
			</button>
		</form>
	)
})

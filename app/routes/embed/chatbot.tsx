// /embed/:chatbotId: the chat that embed.js opens in an iframe on other sites. Served from our
// origin, so the host page's CSS and scripts cannot reach it; it talks to the loader only through
// postMessage (close, open), and only with the page that framed it. With allowed sites set, it is
// only shown framed by one of them (frame-ancestors, and the framing site checked here), and its
// chat carries a token bound to that site. docs/decisions/0018-embed-widget.md
// Without JavaScript it offers the lead form as a plain post (ADR 0066).
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { data, redirect } from 'react-router'
import { CHAT_MESSAGE_TOO_LONG } from '~/ai/chat-limits.ts'
import type { ThreadMessage } from '~/components/chat/chat-thread.tsx'
import { activityCopy } from '~/features/chatbots/conversations/activity-copy.ts'
import { LEAD_MAX_BYTES } from '~/features/chatbots/conversations/conversation-schema.ts'
import { acceptLead } from '~/features/chatbots/conversations/leads.server.ts'
import {
	AnswerFeedback,
	takesFeedback,
	type SendFeedback,
} from '~/features/chatbots/conversations/ui/answer-feedback.tsx'
import { LeadForm, NoScriptLeadForm, type SendLead } from '~/features/chatbots/conversations/ui/lead-form.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffClosedNow } from '~/features/chatbots/handoff/handoff.server.ts'
import {
	handoffPlaceholder,
	HANDOFF_ASK_TEXT,
	HandoffBar,
	useVisitorHandoff,
} from '~/features/chatbots/handoff/ui/visitor-handoff.tsx'
import { ChatbotConversation } from '~/features/chatbots/ui/chatbot-conversation.tsx'
import { chatErrorMessage } from '~/features/chatbots/ui/use-chatbot-chat.ts'
import { currentVisitorId } from '~/features/chatbots/widget/visitor-id.ts'
import { avatarSrc, WidgetHeader } from '~/features/chatbots/widget/widget-parts.tsx'
import {
	DEFAULT_APPEARANCE,
	EMBED_TOKEN_HEADER,
	EMBED_TOKEN_PARAM,
	widgetTheme,
	type WidgetAppearance,
} from '~/features/chatbots/widget/widget-settings.ts'
import {
	embedPageAccess,
	frameAncestors,
	getActiveWidget,
	issueEmbedToken,
	noteRefusedOrigin,
} from '~/features/chatbots/widget/widget.server.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { logValue } from '~/lib/log.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { embedAccess } from '~/routes/api/embed-access.server.ts'
import type { Route } from './+types/chatbot'

const { embed } = chatbotBuilder
// The same message types are in public/embed.js.
const EMBED_MESSAGE = {
	close: 'zenvora-chat:close',
	open: 'zenvora-chat:open',
	/**
	 * A person joined or wrote: a closed launcher shows it. With `live` (a person is awaited or has
	 * the conversation), embed.js loads the chat on the partner's next pages too, so it keeps
	 * listening there (trial: a visitor who moved on missed the person joining).
	 */
	news: 'zenvora-chat:news',
	live: 'zenvora-chat:live',
} as const

/** Set on the page the no-JavaScript lead form redirects to: the details were taken. */
const LEAD_SENT_PARAM = 'lead'

/**
 * The root layout renders this page bare: no site header, footer or widget inside the iframe. Its
 * only post, the no-JavaScript lead form, takes no more than the lead API.
 */
export const handle = { bare: true, bodyLimit: { maxBytes: LEAD_MAX_BYTES, label: '8 KB' } }

export async function loader({ request, params }: Route.LoaderArgs) {
	const chatbot = await getActiveWidget(params.chatbotId)
	if (!chatbot)
		return data(
			{ state: 'unavailable' as const, appearance: DEFAULT_APPEARANCE },
			{ status: 404, headers: { 'Cache-Control': 'no-store' } },
		)
	const access = embedPageAccess(request, chatbot.allowedSites, chatbot.id)
	// A second Content-Security-Policy header: the browser enforces both, so frame-ancestors narrows
	// the site-wide policy's "*" to the allowed sites.
	const headers = {
		'Cache-Control': 'no-store',
		'Content-Security-Policy': `frame-ancestors ${frameAncestors(chatbot.allowedSites)}`,
	}
	if (!access.allowed) {
		console.warn(`Embed of chatbot ${chatbot.id} refused: ${logValue(access.reason)}`)
		if (access.framedBy) await noteRefusedOrigin(chatbot.id, access.framedBy)
		return data({ state: 'refused' as const, appearance: chatbot.appearance }, { status: 403, headers })
	}
	const url = new URL(request.url)
	return data(
		{
			state: 'ready' as const,
			appearance: chatbot.appearance,
			chatbot: { id: chatbot.id, name: chatbot.name },
			token: issueEmbedToken(chatbot.id, access.parentOrigin),
			// Whether visitors can ask for a person (ADR 0061).
			handoff: chatbot.handoff.enabled,
			// Outside the opening hours the widget's action says what it does: a message, not a person now.
			handoffClosed: chatbot.handoff.enabled && handoffClosedNow(chatbot.handoff),
			// The host page's path, as embed.js passes it: the owner sees where visitors chat from.
			page: hostPagePath(url.searchParams.get('page')),
			// Without JavaScript the chat cannot run: the lead form stands in (when the chatbot takes
			// details, as the lead API decides), with ids the widget would otherwise make.
			noScript: {
				takesLeads: chatbot.appearance.leadForm.mode !== 'off' || chatbot.handoff.enabled,
				visitorId: crypto.randomUUID(),
				conversationId: crypto.randomUUID(),
				sent: url.searchParams.get(LEAD_SENT_PARAM) === 'sent',
			},
		},
		{ headers },
	)
}

/**
 * The lead form posted without JavaScript: the same checks as the lead API (the visitor's rate
 * limit, an active chatbot, the token from the page, the chatbot taking details, the lead schema),
 * then back to the page with the confirmation (post, redirect, get). The form is in our own document
 * (in the host's frame, but on our origin), so the cross-site refusal (server/cross-site.ts) lets it
 * through, while a form on another site posting here is refused there. The page's Referer is then our
 * own page: the host site stays known through the signed token the URLs carry (EMBED_TOKEN_PARAM).
 */
export async function action({ request, params }: Route.ActionArgs) {
	const form = await readFormData(request)
	const field = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const token = field('token')
	const values = { name: field('name'), email: field('email'), phone: field('phone') }
	const access = await embedAccess(request, params.chatbotId, 'lead', { token: token || null })
	if ('response' in access) {
		const { error } = (await access.response.json().catch(() => ({}))) as { error?: string }
		return data(
			{ values, errors: {}, refused: error ?? embed.refusedText },
			{ status: access.response.status, headers: retryAfterOf(access.response) },
		)
	}
	const lead = await acceptLead(request, access.chatbot, access.siteOrigin, Object.fromEntries(form))
	if (!lead.ok)
		return data(
			{ values, errors: lead.errors, refused: lead.status === 400 ? undefined : lead.error },
			{
				status: lead.status,
				headers: lead.status === 429 ? { 'Retry-After': String(lead.retryAfterSeconds) } : undefined,
			},
		)
	const back = new URLSearchParams({ page: field('page'), [EMBED_TOKEN_PARAM]: token, [LEAD_SENT_PARAM]: 'sent' })
	return redirect(`/embed/${access.chatbot.id}?${back}`, 303)
}

function retryAfterOf(response: Response): Record<string, string> {
	const retryAfter = response.headers.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : {}
}

/** A path on the host site ("/pricing"), at most 500 characters; anything else is dropped. */
function hostPagePath(value: string | null) {
	return value && value.startsWith('/') && !value.startsWith('//') ? value.slice(0, 500) : ''
}

// The loader's headers (no-store, frame-ancestors) are the page's.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: data?.state === 'ready' ? `Chat with ${data.chatbot.name}` : embed.unavailableTitle },
	{ name: 'robots', content: 'noindex' },
]

/** The page that framed us, as far as the browser tells (the referrer's origin). */
function parentOrigin() {
	try {
		return document.referrer ? new URL(document.referrer).origin : null
	} catch {
		return null
	}
}

function tellParent(type: string, detail: Record<string, unknown> = {}) {
	if (window.parent === window) return
	// The message carries nothing private; with no referrer we cannot name the parent's origin.
	window.parent.postMessage({ ...detail, type }, parentOrigin() ?? '*')
}

const focusOnlyWhenFocused = () => document.hasFocus()

/** This browser's anonymous visitor id for the widget (visitor-id.ts), read once the page runs. */
function useVisitorId() {
	const [id, setId] = useState<string | null>(null)
	useEffect(() => setId(currentVisitorId()), [])
	return id
}

/** Posts JSON to one of the embed's APIs with its token; the parsed answer, or null when it failed. */
async function postToEmbed(url: string, token: string, body: object) {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', [EMBED_TOKEN_HEADER]: token },
			body: JSON.stringify(body),
		})
		return { ok: response.ok, body: (await response.json().catch(() => ({}))) as Record<string, unknown> }
	} catch {
		return { ok: false, body: {} }
	}
}

type LeadState = {
	outcome: 'open' | 'sent' | 'skipped'
	/** The offer put off with "Not now". */ dismissed: string | null
}

/** Reads what useLeadState stored: "sent", "skipped", or "skipped:<id of the offer put off>". */
function storedLeadState(stored: string | null): LeadState | null {
	if (stored === 'sent') return { outcome: 'sent', dismissed: null }
	if (stored === 'skipped' || stored?.startsWith('skipped:'))
		return { outcome: 'skipped', dismissed: stored.slice('skipped:'.length) || null }
	return null
}

/**
 * Whether this visitor has already sent (or put off) the lead form, kept with their conversation;
 * `dismissed` is the chatbot's offer of the form (to a request for a person) that was put off, so
 * only a new request offers it again.
 */
function useLeadState(key: string | null) {
	const [state, setState] = useState<LeadState>({ outcome: 'open', dismissed: null })
	useEffect(() => {
		try {
			const stored = storedLeadState(key ? localStorage.getItem(key) : null)
			if (stored) setState(stored)
		} catch {
			// Storage blocked: the form may be asked again on the next visit.
		}
	}, [key])
	return [
		state,
		(outcome: 'sent' | 'skipped', dismissed: string | null = null) => {
			setState({ outcome, dismissed })
			try {
				if (key) localStorage.setItem(key, outcome === 'skipped' && dismissed ? `skipped:${dismissed}` : outcome)
			} catch {
				// As above.
			}
		},
	] as const
}

function EmbedChat({
	chatbot,
	appearance,
	token,
	page,
	handoffEnabled,
	handoffClosed,
}: {
	chatbot: { id: string; name: string }
	appearance: WidgetAppearance
	token: string
	page: string
	handoffEnabled: boolean
	handoffClosed: boolean
}) {
	const inputRef = useRef<HTMLTextAreaElement>(null)
	const visitorId = useVisitorId()
	const storageKey = visitorId ? `zenvora-chat:${visitorId}:${chatbot.id}` : undefined
	const [leadState, setLeadState] = useLeadState(storageKey ? `${storageKey}:lead` : null)
	// With handoff on, a visitor nobody could take gets the lead form even when it is otherwise off.
	const leadForm =
		handoffEnabled && appearance.leadForm.mode === 'off'
			? { ...appearance.leadForm, mode: 'human' as const }
			: appearance.leadForm
	const handoff = useVisitorHandoff({
		enabled: handoffEnabled,
		chatbotId: chatbot.id,
		token,
		visitorId,
		storageKey,
		onNews: () => tellParent(EMBED_MESSAGE.news),
	})
	const live = handoff.state !== 'bot'
	useEffect(() => {
		if (visitorId) tellParent(EMBED_MESSAGE.live, { live })
	}, [live, visitorId])
	const sendFeedback: SendFeedback = async (messageId, rating, comment) =>
		visitorId
			? (await postToEmbed(`/api/embed/${chatbot.id}/feedback`, token, { visitorId, messageId, rating, comment })).ok
			: false
	const sendLead: SendLead = async (values) => {
		const result = await postToEmbed(`/api/embed/${chatbot.id}/lead`, token, { ...values, page })
		if (result.ok) return { ok: true }
		const errors = (result.body.errors as Record<string, string> | undefined) ?? {}
		return { ok: false, errors }
	}
	useEffect(() => {
		const expected = parentOrigin()
		const onMessage = (event: MessageEvent) => {
			if (event.source !== window.parent || (expected && event.origin !== expected)) return
			if ((event.data as { type?: unknown })?.type === EMBED_MESSAGE.open) inputRef.current?.focus()
		}
		window.addEventListener('message', onMessage)
		return () => window.removeEventListener('message', onMessage)
	}, [])
	/** The lead form, when it is due (its mode) or offered (asked for a person; nobody could take it). */
	const leadFormAside = ({
		thread,
		busy,
		conversationId,
		say,
	}: {
		thread: ThreadMessage[]
		busy: boolean
		conversationId: () => string
		say: (text: string) => void
	}) => {
		if (leadForm.mode === 'off' || leadState.outcome === 'sent' || !visitorId) return null
		const asked = thread.filter((message) => message.role === 'user')
		// Asked for a person, the chatbot answered with an offer of the form (handoff.server.ts), in
		// every mode: it stays until the details are sent or the offer is put off.
		const offer = thread.findLast((message) => message.role === 'assistant' && message.handoff)
		// A person who joins after the offer (the owner took over once the wait had ended) answers
		// instead: the offer lapses (ADR 0066).
		const offered =
			(handoff.state !== 'person' && !busy && offer !== undefined && offer.id !== leadState.dismissed) ||
			handoff.degraded
		const open = leadState.outcome === 'open'
		const due =
			offered ||
			(open && leadForm.mode === 'before') ||
			(open && leadForm.mode === 'after' && asked.length >= leadForm.afterMessages && !busy)
		if (!due) return null
		return {
			blocking: open && leadForm.mode === 'before' && !offered,
			node: (
				<LeadForm
					settings={leadForm}
					mode={offered ? 'human' : leadForm.mode}
					ids={{ visitorId, conversationId: conversationId() }}
					send={sendLead}
					onDone={(outcome) => {
						setLeadState(outcome, offer?.id ?? null)
						// The conversation says it was received, where the visitor is looking.
						if (outcome === 'sent') say(activityCopy.leadForm.thanks)
					}}
				/>
			),
		}
	}
	return (
		<ChatbotConversation
			// A new key once the visitor is known: the remembered conversation is read then.
			key={visitorId ?? 'anonymous'}
			chatbot={chatbot}
			api={`/api/embed/${chatbot.id}/chat`}
			inputId="embed-input"
			inputLabel={embed.inputLabel(chatbot.name)}
			placeholder={handoffPlaceholder(handoff.state, handoff.person) ?? appearance.placeholder}
			greeting={appearance.welcomeMessage}
			suggestions={appearance.suggestedQuestions}
			showSources={appearance.showSources}
			headers={{ [EMBED_TOKEN_HEADER]: token }}
			storageKey={storageKey}
			confirmNewConversation={handoff.confirmNewConversation}
			requestBody={visitorId ? { visitorId, page } : { page }}
			answerActions={(message) =>
				visitorId && takesFeedback(message) ? <AnswerFeedback messageId={message.id} send={sendFeedback} /> : null
			}
			chatRef={handoff.chatRef}
			onMessages={handoff.onMessages}
			interceptSend={handoff.interceptSend}
			onTyping={handoff.onTyping}
			typingAs={handoff.typingAs}
			aside={({ thread, busy, conversationId, say, send }) => {
				const bar = handoffEnabled ? (
					<HandoffBar
						state={handoff.state}
						person={handoff.person}
						closed={handoffClosed}
						busy={busy}
						onAsk={() => send(HANDOFF_ASK_TEXT)}
					/>
				) : null
				const form = leadFormAside({ thread, busy, conversationId, say })
				if (!bar) return form
				return {
					blocking: form?.blocking ?? false,
					node: (
						<>
							{form?.node}
							{form?.blocking ? null : bar}
						</>
					),
				}
			}}
			inputRef={inputRef}
			focusAfterReply={focusOnlyWhenFocused}
			onError={(error) => {
				const message = chatErrorMessage(error)
				return [embed.unavailableText, embed.busyReply, embed.refusedText, CHAT_MESSAGE_TOO_LONG].includes(message)
					? message
					: undefined
			}}
		/>
	)
}

export default function EmbedChatbotRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { appearance } = loaderData
	const ready = loaderData.state === 'ready' ? loaderData : null
	// Escape closes the widget wherever the focus is in the frame: while a reply streams the message
	// box is disabled and the focus falls back to the body, outside any element's own key handler.
	useEffect(() => {
		const closeOnEscape = (event: KeyboardEvent) => {
			if (event.key === 'Escape') tellParent(EMBED_MESSAGE.close)
		}
		document.addEventListener('keydown', closeOnEscape)
		return () => document.removeEventListener('keydown', closeOnEscape)
	}, [])
	// After the no-JavaScript form was posted (its answer, or the confirmation it was redirected to)
	// the page is that form's; otherwise the chat, with the form for a browser that runs no scripts.
	const noScriptOnly = ready && (actionData !== undefined || ready.noScript.sent)
	const hydrated = useHydrated()
	return (
		<div className="flex h-dvh flex-col bg-white" style={widgetTheme(appearance.brandColor) as CSSProperties}>
			<WidgetHeader
				appearance={appearance}
				name={ready?.chatbot.name ?? embed.unavailableTitle}
				picture={ready ? avatarSrc(ready.chatbot.id, appearance) : null}
				// Closing is the page's script telling embed.js: without it (off, blocked, failed) the
				// button would do nothing, and the host page keeps the frame as it is (trial).
				onClose={hydrated ? () => tellParent(EMBED_MESSAGE.close) : undefined}
			/>
			{ready && noScriptOnly ? (
				<NoScriptView ready={ready} appearance={appearance} answer={actionData} />
			) : ready ? (
				<div className="relative flex min-h-0 flex-1 flex-col">
					<noscript>
						{/* The chat's own controls do nothing without scripts: only the form is shown, at once. */}
						<style>
							{`[data-needs-js] { display: none !important; } [${FALLBACK_ATTRIBUTE}] { visibility: visible !important; animation: none !important; }`}
						</style>
					</noscript>
					<div data-needs-js className="contents">
						<EmbedChat
							chatbot={ready.chatbot}
							appearance={appearance}
							token={ready.token}
							page={ready.page}
							handoffEnabled={ready.handoff}
							handoffClosed={ready.handoffClosed}
						/>
					</div>
					{/* Until the chat runs: scripts on but blocked or failing (a site's CSP, a script error)
					    would leave a chat that does nothing, so after a few seconds without the page's
					    JavaScript the note and the form take its place, by CSS alone. */}
					{hydrated ? null : <UntilHydrated ready={ready} appearance={appearance} />}
				</div>
			) : (
				<div
					role="status"
					className="flex flex-1 flex-col items-center justify-center gap-2 bg-slate-50 px-6 text-center"
				>
					<p className="font-display font-bold text-slate-900">
						{loaderData.state === 'refused' ? embed.refusedTitle : embed.unavailableTitle}
					</p>
					<p className="text-sm text-slate-600">
						{loaderData.state === 'refused' ? embed.refusedText : embed.unavailableText}
					</p>
				</div>
			)}
		</div>
	)
}

type ReadyData = Extract<Route.ComponentProps['loaderData'], { state: 'ready' }>

const FALLBACK_ATTRIBUTE = 'data-until-hydrated'
/** How long the page's JavaScript may take to start before the chat counts as not running. */
const FALLBACK_AFTER_SECONDS = 5

/**
 * The note and the lead form, server-rendered over the chat and shown by CSS alone: at once without
 * JavaScript (the noscript style), after FALLBACK_AFTER_SECONDS when scripts run but the chat's do
 * not (then the chat under it is hidden too). Gone once the page is hydrated.
 */
function UntilHydrated({ ready, appearance }: { ready: ReadyData; appearance: WidgetAppearance }) {
	const after = `${FALLBACK_AFTER_SECONDS}s`
	return (
		<>
			<style>
				{`@keyframes embed-fallback-show { to { visibility: visible; } }
@keyframes embed-fallback-hide { to { visibility: hidden; } }
[${FALLBACK_ATTRIBUTE}] { visibility: hidden; animation: embed-fallback-show 0s ${after} forwards; }
[data-needs-js] > * { animation: embed-fallback-hide 0s ${after} forwards; }`}
			</style>
			<div {...{ [FALLBACK_ATTRIBUTE]: '' }} className="absolute inset-0 flex flex-col bg-slate-50">
				<NoScriptView ready={ready} appearance={appearance} />
			</div>
		</>
	)
}

/**
 * The embed page without JavaScript (issue 34): a note that the chat needs it and, when the chatbot
 * takes contact details, the lead form as a plain post; after it is sent, the confirmation.
 */
function NoScriptView({
	ready,
	appearance,
	answer,
}: {
	ready: ReadyData
	appearance: WidgetAppearance
	answer?: Route.ComponentProps['actionData']
}) {
	const { noScript } = ready
	if (noScript.sent)
		return (
			<p role="status" className="flex-1 bg-slate-50 px-4 py-6 text-sm text-slate-800 sm:px-6" data-testid="lead-sent">
				{activityCopy.leadForm.thanks}
			</p>
		)
	const action = `/embed/${ready.chatbot.id}?${new URLSearchParams({ page: ready.page, [EMBED_TOKEN_PARAM]: ready.token })}`
	return (
		<div className="flex-1 overflow-y-auto bg-slate-50">
			<p className="px-4 pt-4 text-sm text-slate-700 sm:px-6" data-testid="no-script-note">
				{noScript.takesLeads ? embed.noScript.withForm : embed.noScript.withoutForm}
			</p>
			{noScript.takesLeads ? (
				<NoScriptLeadForm
					settings={appearance.leadForm}
					action={action}
					hidden={{
						token: ready.token,
						visitorId: noScript.visitorId,
						conversationId: noScript.conversationId,
						page: ready.page,
					}}
					values={answer?.values}
					errors={answer?.errors}
					refused={answer?.refused}
				/>
			) : null}
		</div>
	)
}

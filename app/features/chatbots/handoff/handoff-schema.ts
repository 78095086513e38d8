// What the widget posts while a person has the conversation, and the owner's actions on it: one
// schema each, shared by the browser and the server. docs/decisions/0061-live-handoff-over-listen-notify.md
import { z } from 'zod'
import { CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG } from '~/ai/chat-limits.ts'

/** The widget's ids: letters, digits, _ and -, 8 to 64 (as conversation-log.server.ts keeps them). */
const widgetId = z.string().regex(/^[\w-]{8,64}$/, 'Not a conversation of this chat.')

const messageText = z.string().trim().min(1, 'Type a message.').max(CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG)

/** POST /api/embed/:chatbotId/handoff. */
export const VisitorHandoffSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('say'),
		visitorId: widgetId,
		conversationId: widgetId,
		messageId: z.uuid('Not a message id.'),
		text: messageText,
	}),
	z.object({ intent: z.literal('typing'), visitorId: widgetId, conversationId: widgetId }),
	/** The visitor started a new conversation and left this one (the widget asked them first). */
	z.object({ intent: z.literal('leave'), visitorId: widgetId, conversationId: widgetId }),
])

/** GET /api/embed/:chatbotId/handoff/events: the visitor's conversation, by the widget's ids. */
export const VisitorStreamSchema = z.object({ visitorId: widgetId, conversationId: widgetId })

/** The owner's conversation view: take over, hand back, a reply, typing. */
export const OwnerHandoffSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('take-over') }),
	z.object({ intent: z.literal('hand-back') }),
	// `stopped`: the owner stopped typing (a second without a key, or the box emptied).
	z.object({ intent: z.literal('typing'), stopped: z.literal('true').optional() }),
	z.object({ intent: z.literal('say'), text: messageText, messageId: z.uuid().optional() }),
])

export type HandoffState = 'bot' | 'waiting' | 'person'
export type Author = 'bot' | 'person' | 'visitor'

/** A message as a conversation's live stream sends it. */
export type HandoffMessage = {
	id: string
	author: Author
	text: string
	createdAt: string
	/** A person's name as the visitor sees it. */
	name: string | null
	/** The chatbot's offer of the lead form (nobody joined in time). */
	leadForm: boolean
	/** The product's own notice (the handoff's, the lead form's offer), not an answer of the bot. */
	notice: boolean
}

/** A conversation's live stream's `handoff` event: its state now, and the messages not sent before. */
export type HandoffSnapshot = {
	state: HandoffState
	/** Who has the conversation (their first name), while a person has it. */
	person: string | null
	visitorTyping: boolean
	personTyping: boolean
	messages: HandoffMessage[]
}

/**
 * Visitors waiting for a person on a user's chatbots, held conversations with a visitor's message the
 * owner has not seen, and the one to open first: the longest waiting, else the oldest unread (the
 * Playground's badge).
 */
export type WaitingSummary = {
	count: number
	unread: number
	first: { chatbotId: string; conversationId: string } | null
}

// The posts of the chat pages that work without JavaScript: a message and the conversation so far.
import { z } from 'zod'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG } from './chat-limits.ts'
import { CHAT_HISTORY_MAX_MESSAGES } from './chat-schema.ts'

const ChatPageTurnSchema = z.object({
	role: z.enum(['user', 'assistant']),
	text: z.string().max(CHAT_MESSAGE_MAX_CHARS * 4),
	sources: z
		.array(
			z.object({
				position: z.number().int(),
				excerpt: z.string().max(400),
				url: z.string().max(2048).nullish(),
				title: z.string().max(300).nullish(),
			}),
		)
		.max(8)
		.optional(),
	/** Whether a reply answered; false: an "I don't know", shown with no sources. */
	answered: z.boolean().optional(),
})
export type ChatPageTurn = z.infer<typeof ChatPageTurnSchema>

/** What a chat page says to a blank message (the preview page ignores it instead, as the spec asks). */
export const CHAT_MESSAGE_REQUIRED = 'Type a message first.'

/**
 * The conversation so far, as the page wrote it into its hidden field (JSON). A history that is not
 * that (tampered with, too long) is dropped: the conversation starts afresh, the message still counts.
 */
const ChatPageHistorySchema = z
	.string()
	.transform((text, ctx) => {
		try {
			return JSON.parse(text) as unknown
		} catch {
			ctx.addIssue({ code: 'custom', message: 'The conversation could not be read.' })
			return z.NEVER
		}
	})
	.pipe(z.array(ChatPageTurnSchema).max(CHAT_HISTORY_MAX_MESSAGES))
	.catch([])

/** A chat page's form (/chat and the chatbot preview page), checked in the browser and on the server. */
export const ChatPagePostSchema = z.object({
	message: z.string().trim().min(1, CHAT_MESSAGE_REQUIRED).max(CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG),
	history: ChatPageHistorySchema,
})

/**
 * A chat page's post: the message (trimmed) and the history, or the history and the message's
 * problem (CHAT_MESSAGE_REQUIRED or CHAT_MESSAGE_TOO_LONG) for the page to say or ignore.
 */
export function readChatPagePost(
	form: FormData,
): { message: string; history: ChatPageTurn[]; problem: null } | { history: ChatPageTurn[]; problem: string } {
	const fields = textFieldsOf(form, ['message', 'history'])
	const parsed = ChatPagePostSchema.safeParse(fields)
	if (parsed.success) return { ...parsed.data, problem: null }
	const { message = CHAT_MESSAGE_REQUIRED } = fieldErrorsOf(parsed.error)
	return { history: ChatPageHistorySchema.parse(fields.history), problem: message }
}

/** The turns to send: history plus the new message, the most recent ones so limits are never outgrown. */
export function withQuestion(history: ChatPageTurn[], message: string): ChatPageTurn[] {
	return [...history, { role: 'user' as const, text: message }].slice(-(CHAT_HISTORY_MAX_MESSAGES - 1))
}

export const asModelMessages = (turns: ChatPageTurn[]) =>
	turns.map((t) => ({ role: t.role, parts: [{ type: 'text', text: t.text }] }))

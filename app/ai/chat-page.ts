// The posts of the chat pages that work without JavaScript: a message and the conversation so far.
import { z } from 'zod'
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

/** The posted message (trimmed), the history (empty when tampered with) and a length problem, if any. */
export function readChatPagePost(form: FormData) {
	const message = String(form.get('message') ?? '').trim()
	let history: ChatPageTurn[] = []
	try {
		history = z
			.array(ChatPageTurnSchema)
			.max(CHAT_HISTORY_MAX_MESSAGES)
			.parse(JSON.parse(String(form.get('history') ?? '[]')))
	} catch {
		history = []
	}
	const tooLong = message.length > CHAT_MESSAGE_MAX_CHARS ? CHAT_MESSAGE_TOO_LONG : null
	return { message, history, tooLong }
}

/** The turns to send: history plus the new message, the most recent ones so limits are never outgrown. */
export function withQuestion(history: ChatPageTurn[], message: string): ChatPageTurn[] {
	return [...history, { role: 'user' as const, text: message }].slice(-(CHAT_HISTORY_MAX_MESSAGES - 1))
}

export const asModelMessages = (turns: ChatPageTurn[]) =>
	turns.map((t) => ({ role: t.role, parts: [{ type: 'text', text: t.text }] }))

// The chat request body, shared by the widget (before sending) and the server.
import { z } from 'zod'
import { CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG } from './chat-limits.ts'

export const CHAT_HISTORY_MAX_MESSAGES = 30
export const CHAT_BODY_MAX_BYTES = 64 * 1024

export const CHAT_APOLOGY = "I'm sorry, I'm experiencing technical difficulties. Please try again later."

// Every part that carries text is length-checked; other part kinds (step markers and the like)
// pass through and are ignored, since only text reaches the model.
const Part = z
	.object({
		type: z.string().max(50),
		text: z.string().max(CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG).optional(),
	})
	.loose()

const ChatMessageSchema = z
	.object({
		id: z.string().max(100),
		role: z.enum(['user', 'assistant']),
		parts: z.array(Part).max(50),
	})
	// The visitor's message is what gets stored: its whole text is capped, not each part (50 parts
	// of 2,000 characters made one 50,000-character message that the log kept whole).
	.refine((message) => message.role !== 'user' || textOf(message).length <= CHAT_MESSAGE_MAX_CHARS, {
		message: CHAT_MESSAGE_TOO_LONG,
		path: ['parts'],
	})

export const ChatRequestSchema = z.object({
	id: z.string().max(100).optional(),
	// What a chatbot's log files the conversation under (the embed's and the preview's; checked where used).
	conversationId: z.string().max(100).optional(),
	visitorId: z.string().max(100).optional(),
	/** The path of the host page the embed is on. */
	page: z.string().max(2000).optional(),
	messages: z
		.array(ChatMessageSchema)
		.min(1, 'Nothing to answer.')
		.max(
			CHAT_HISTORY_MAX_MESSAGES,
			`Conversations are limited to ${CHAT_HISTORY_MAX_MESSAGES} messages. Start a new one.`,
		),
})
export type ChatRequest = z.infer<typeof ChatRequestSchema>

export function textOf(message: { parts: Array<{ type: string; text?: unknown }> }) {
	return message.parts
		.filter((p) => p.type === 'text' && typeof p.text === 'string')
		.map((p) => p.text as string)
		.join('')
}

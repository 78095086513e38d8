// The chat request body, shared by the widget (before sending) and the server.
import { z } from 'zod'

export const CHAT_MESSAGE_MAX_CHARS = 2000
export const CHAT_HISTORY_MAX_MESSAGES = 30
export const CHAT_BODY_MAX_BYTES = 64 * 1024

export const CHAT_APOLOGY = "I'm sorry, I'm experiencing technical difficulties. Please try again later."

const TextPart = z.object({ type: z.literal('text'), text: z.string().max(CHAT_MESSAGE_MAX_CHARS, `Messages are limited to ${CHAT_MESSAGE_MAX_CHARS} characters.`) })

export const ChatMessageSchema = z.object({
	id: z.string().max(100),
	role: z.enum(['user', 'assistant']),
	// Other part kinds (step markers and the like) are ignored; only text reaches the model.
	parts: z.array(z.union([TextPart, z.object({ type: z.string() }).loose()])).max(50),
})

export const ChatRequestSchema = z.object({
	id: z.string().max(100).optional(),
	messages: z
		.array(ChatMessageSchema)
		.min(1, 'Nothing to answer.')
		.max(CHAT_HISTORY_MAX_MESSAGES, `Conversations are limited to ${CHAT_HISTORY_MAX_MESSAGES} messages. Start a new one.`),
})
export type ChatRequest = z.infer<typeof ChatRequestSchema>

export function textOf(message: { parts: Array<{ type: string; text?: unknown }> }) {
	return message.parts
		.filter((p) => p.type === 'text' && typeof p.text === 'string')
		.map((p) => p.text as string)
		.join('')
}

// Reading a chat request body (AI SDK UI messages): size-capped, validated, ending with a question.
import { jsonError, readJsonBody } from '~/lib/http.server.ts'
import { CHAT_BODY_MAX_BYTES, ChatRequestSchema, textOf, type ChatRequest } from './chat-schema.ts'

/** The conversation, or the 4xx response that explains what is wrong with it. */
export async function readChatRequest(request: Request): Promise<ChatRequest | { response: Response }> {
	const body = await readJsonBody(request, {
		maxBytes: CHAT_BODY_MAX_BYTES,
		tooLarge: 'The conversation is too long. Start a new one.',
	})
	if (!body.ok) return { response: jsonError(body.message, body.status) }
	const parsed = ChatRequestSchema.safeParse(body.value)
	if (!parsed.success) return { response: jsonError(parsed.error.issues[0].message, 400) }
	const last = parsed.data.messages.at(-1)!
	if (last.role !== 'user' || !textOf(last).trim()) return { response: jsonError('Type a message first.', 400) }
	return parsed.data
}

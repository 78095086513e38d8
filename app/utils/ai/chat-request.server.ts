// Reading a chat request body (AI SDK UI messages): size-capped, validated, ending with a question.
import { CHAT_BODY_MAX_BYTES, ChatRequestSchema, textOf, type ChatRequest } from './chat-schema.ts'

export const jsonError = (error: string, status: number, headers?: HeadersInit) => Response.json({ error }, { status, headers })

/** The conversation, or the 4xx response that explains what is wrong with it. */
export async function readChatRequest(request: Request): Promise<{ messages: ChatRequest['messages'] } | { response: Response }> {
	const declared = Number(request.headers.get('content-length'))
	if (declared > CHAT_BODY_MAX_BYTES) return { response: jsonError('The conversation is too long. Start a new one.', 413) }
	const raw = await request.text()
	if (Buffer.byteLength(raw) > CHAT_BODY_MAX_BYTES) return { response: jsonError('The conversation is too long. Start a new one.', 413) }
	let json: unknown
	try {
		json = JSON.parse(raw)
	} catch {
		return { response: jsonError('The request is not valid JSON.', 400) }
	}
	const parsed = ChatRequestSchema.safeParse(json)
	if (!parsed.success) return { response: jsonError(parsed.error.issues[0].message, 400) }
	const last = parsed.data.messages.at(-1)!
	if (last.role !== 'user' || !textOf(last).trim()) return { response: jsonError('Type a message first.', 400) }
	return { messages: parsed.data.messages }
}

export const tooManyRequests = (message: string, retryAfterSeconds: number) => jsonError(message, 429, { 'Retry-After': String(retryAfterSeconds) })

import { CHAT_BODY_MAX_BYTES, ChatRequestSchema, textOf } from '~/utils/ai/chat-schema.ts'
import { streamWidgetReply } from '~/utils/ai/widget-chat.server.ts'
import { clientIp } from '~/utils/client-ip.ts'
import { consumeRateLimit, rateLimits, tooManyAttemptsMessage } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/api-chat'

// POST /api/chat: the floating widget's streamed replies (AI SDK UI message stream).
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Use POST.' }, { status: 405 })
	const limit = await consumeRateLimit(`chat:ip:${clientIp(request)}`, rateLimits.publicChatPerIp)
	if (!limit.allowed) {
		return Response.json({ error: tooManyAttemptsMessage(limit.retryAfterSeconds) }, { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
	}
	const raw = await request.text()
	if (Buffer.byteLength(raw) > CHAT_BODY_MAX_BYTES) return Response.json({ error: 'The conversation is too long. Start a new one.' }, { status: 413 })
	let json: unknown
	try {
		json = JSON.parse(raw)
	} catch {
		return Response.json({ error: 'The request is not valid JSON.' }, { status: 400 })
	}
	const parsed = ChatRequestSchema.safeParse(json)
	if (!parsed.success) return Response.json({ error: parsed.error.issues[0].message }, { status: 400 })
	const last = parsed.data.messages.at(-1)!
	if (last.role !== 'user' || !textOf(last).trim()) return Response.json({ error: 'Type a message first.' }, { status: 400 })
	return streamWidgetReply(parsed.data.messages, request.signal)
}

export async function loader() {
	return Response.json({ error: 'Use POST.' }, { status: 405 })
}

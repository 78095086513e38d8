import { readChatRequest } from '~/ai/chat-request.server.ts'
import { chargeSiteChat } from '~/features/assistant/assistant-limits.server.ts'
import { streamWidgetReply } from '~/features/assistant/reply.server.ts'
import { withSpeechTickets } from '~/features/voice/site-speech.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { postOnly, tooManyRequests } from '~/lib/http.server.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import type { Route } from './+types/chat'

// POST /api/chat: the floating widget's streamed replies (AI SDK UI message stream).
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const address = clientKey(request)
	const limit = await chargeSiteChat(address)
	if (!limit.allowed) return tooManyRequests(tooManyAttemptsMessage(limit.retryAfterSeconds), limit.retryAfterSeconds)
	const body = await readChatRequest(request)
	if ('response' in body) return body.response
	// Each sentence of the reply brings its speech ticket, for the voice mode (site-speech.server.ts).
	return streamWidgetReply(body.messages, request.signal, { transform: withSpeechTickets(address) })
}

export async function loader() {
	return postOnly()
}

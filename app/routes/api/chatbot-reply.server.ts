// What the preview and the embed chat APIs share once they know which chatbot answers: the
// conversation read from the body, where it is logged, and the streamed reply.
import { readChatRequest } from '~/ai/chat-request.server.ts'
import type { ChatRequest } from '~/ai/chat-schema.ts'
import type { TurnContext } from '~/features/chatbots/conversations/conversation-log.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { streamChatbotReply, type ChatbotForReply } from '~/features/chatbots/reply.server.ts'

export async function chatbotReplyResponse(
	request: Request,
	chatbot: ChatbotForReply,
	{
		label,
		withSources,
		log,
		beforeReply,
		answerFirst,
	}: {
		label: string
		withSources: boolean
		log: (body: ChatRequest) => TurnContext
		/** Runs once the body is read and valid; a Response it returns is the answer instead (a 429). */
		beforeReply?: () => Promise<Response | null>
		/** A reply of the product's own that comes before the model's, if it returns one (the lead form's offer). */
		answerFirst?: (body: ChatRequest, turn: TurnContext) => Promise<Response | null>
	},
) {
	const body = await readChatRequest(request)
	if ('response' in body) return body.response
	const refusal = await beforeReply?.()
	if (refusal) return refusal
	const turn = log(body)
	const own = await answerFirst?.(body, turn)
	if (own) return own
	return streamChatbotReply(chatbot, body.messages, {
		label,
		abortSignal: request.signal,
		withSources,
		errorText: chatbotBuilder.preview.errorReply,
		log: turn,
	})
}

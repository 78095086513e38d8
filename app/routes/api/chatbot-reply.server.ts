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
	{ label, withSources, log }: { label: string; withSources: boolean; log: (body: ChatRequest) => TurnContext },
) {
	const body = await readChatRequest(request)
	if ('response' in body) return body.response
	return streamChatbotReply(chatbot, body.messages, {
		label,
		abortSignal: request.signal,
		withSources,
		errorText: chatbotBuilder.preview.errorReply,
		log: log(body),
	})
}

// A user's chatbot answering: the best-ranked chunks of its knowledge base, its own system prompt,
// the model module. Used by the owner's preview and by the public embed.
import type { UIMessageChunk } from 'ai'
import { textOf } from '~/ai/chat-schema.ts'
import { generateModelReply, streamModelReply, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { withEarlierSubject } from '~/ai/retrieval.ts'
import { firstChunks, searchKnowledge, type KnowledgeChunk } from './knowledge.server.ts'

export type ChatbotForReply = { id: string; name: string; systemPrompt: string }
type CitedPassage = { position: number; excerpt: string; url: string | null; title: string | null }

const GROUNDING =
	'Answer only from the knowledge base between the markers below. If it does not contain the answer, say that you do not know rather than guessing. Keep answers short and friendly.'

/** The search for a conversation: the latest question, with the earlier subject for a follow-up. */
export function retrievalQuestion(messages: IncomingMessage[]) {
	return withEarlierSubject(messages.filter((message) => message.role === 'user').map(textOf))
}

/** The chunks a question draws on: the best matches, or the opening chunks when nothing matches. */
async function retrieveContext(chatbotId: string, messages: IncomingMessage[]) {
	const matches = await searchKnowledge(chatbotId, retrievalQuestion(messages))
	const context = matches.length > 0 ? matches : await firstChunks(chatbotId)
	return { context, sources: matches.map(toSource) }
}

function toSource(chunk: KnowledgeChunk): CitedPassage {
	const flat = chunk.content.replace(/\s+/g, ' ').trim()
	const excerpt = flat.length > 280 ? `${flat.slice(0, 277)}…` : flat
	return { position: chunk.position, excerpt, url: chunk.url, title: chunk.title?.slice(0, 300) ?? null }
}

function replyRequest(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	context: KnowledgeChunk[],
	label: string,
	abortSignal?: AbortSignal,
) {
	return {
		instructions: `${chatbot.systemPrompt}\n\nYou are "${chatbot.name}". ${GROUNDING}`,
		knowledge: context.map((c) => c.content).join('\n\n'),
		messages,
		label,
		abortSignal,
	}
}

/** Streams the reply; with `withSources`, a data-sources part lists the passages it drew on. */
export async function streamChatbotReply(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	{
		label,
		abortSignal,
		withSources,
		errorText,
	}: { label: string; abortSignal?: AbortSignal; withSources: boolean; errorText: string },
) {
	const { context, sources } = await retrieveContext(chatbot.id, messages)
	const extraParts: UIMessageChunk[] =
		withSources && sources.length > 0 ? [{ type: 'data-sources', data: sources }] : []
	return streamModelReply({ ...replyRequest(chatbot, messages, context, label, abortSignal), errorText, extraParts })
}

/** The whole reply at once (the no-JavaScript preview); text null on failure. */
export async function answerChatbotQuestion(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	{ label, abortSignal }: { label: string; abortSignal?: AbortSignal },
) {
	const { context, sources } = await retrieveContext(chatbot.id, messages)
	const text = await generateModelReply(replyRequest(chatbot, messages, context, label, abortSignal))
	return { text, sources }
}

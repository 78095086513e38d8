// The public chat: Riya answers from the site's own content, streamed to the widget or, for the
// no-JavaScript page, answered in one piece.
import type { UIMessageChunk } from 'ai'
import { CHAT_APOLOGY } from '~/ai/chat-schema.ts'
import { generateModelReply, streamModelReply, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { assistant } from './copy.ts'
import { siteKnowledge } from './site-knowledge.server.ts'

const widget = (messages: IncomingMessage[], abortSignal?: AbortSignal, timeoutMs?: number) => ({
	// The company is Riya's owner: her system prompt is its instructions, whose quoted "I don't know"
	// is the one sentence of it the offline model says (ADR 0028). No product scaffolding is added.
	instructions: assistant.systemPrompt,
	scaffolding: '',
	knowledge: siteKnowledge(),
	messages,
	abortSignal,
	timeoutMs,
})

export function streamWidgetReply(
	messages: IncomingMessage[],
	abortSignal?: AbortSignal,
	{ timeoutMs, transform }: { timeoutMs?: number; transform?: TransformStream<UIMessageChunk, UIMessageChunk> } = {},
) {
	return streamModelReply({
		...widget(messages, abortSignal, timeoutMs),
		label: 'Widget chat',
		errorText: CHAT_APOLOGY,
		transform,
	})
}

/** The whole answer at once, for the no-JavaScript chat page; the apology on any failure. */
export async function answerWidgetQuestion(messages: IncomingMessage[], abortSignal?: AbortSignal) {
	const { text } = await generateModelReply({ ...widget(messages, abortSignal), label: 'Widget chat (no-JS page)' })
	return text || CHAT_APOLOGY
}

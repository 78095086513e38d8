import type { UIMessage } from 'ai'

/**
 * The conversation with its last answer replaced by `text` (spec: on a failure the last assistant
 * message becomes the apology), or with `text` added when no answer has started. The greeting is
 * never replaced.
 */
export function replaceLastReply<M extends UIMessage>(messages: M[], text: string): M[] {
	const part = { type: 'text' as const, text }
	const last = messages.at(-1)
	if (last?.role === 'assistant' && last.id !== 'greeting')
		return [...messages.slice(0, -1), { ...last, parts: [part] }]
	return [...messages, { id: `reply-${Date.now()}`, role: 'assistant', parts: [part] } as M]
}

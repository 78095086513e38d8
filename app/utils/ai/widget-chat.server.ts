// The public chat: Riya answers from the site's own content, streamed to the widget or, for the
// no-JavaScript page, answered in one piece.
import { APICallError, createUIMessageStreamResponse, generateText, RetryError, streamText, type ModelMessage, type UIMessageChunk } from 'ai'
import { assistant } from '~/content/assistant.ts'
import { getEnv } from '../env.server.ts'
import { CHAT_APOLOGY, textOf } from './chat-schema.ts'
import { getChatModel, getModelInfo } from './models.server.ts'
import { KNOWLEDGE_END, KNOWLEDGE_START } from './offline-model.server.ts'
import { siteKnowledge } from './site-knowledge.server.ts'

type IncomingMessage = { role: 'user' | 'assistant'; parts: Array<{ type: string; text?: unknown }> }

// Spec section 9: temperature 0.7, at most 1024 tokens; retries (408, 409, 429, 5xx) with backoff.
const SETTINGS = { temperature: 0.7, maxOutputTokens: 1024, maxRetries: 2 } as const

function callOptions(messages: IncomingMessage[], abortSignal?: AbortSignal, timeoutMs = getEnv().AI_TIMEOUT_MS) {
	const modelMessages: ModelMessage[] = messages
		.map((m) => ({ role: m.role, content: textOf(m).trim() }))
		.filter((m) => m.content.length > 0)
	return {
		model: getChatModel(),
		system: `${assistant.systemPrompt}\n\n${KNOWLEDGE_START}\n${siteKnowledge()}\n${KNOWLEDGE_END}`,
		messages: modelMessages,
		...SETTINGS,
		// The visitor leaving, or the time limit (retries included), ends the call.
		abortSignal: abortSignal ? AbortSignal.any([abortSignal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
	}
}

/** What went wrong, for the server log: status, provider message, attempts. */
export function describeAiError(error: unknown): string {
	const model = getModelInfo()
	if (RetryError.isInstance(error)) {
		return `${model.label}: gave up after ${error.errors.length} attempts (${error.reason}); last: ${describeAiError(error.lastError)}`
	}
	if (APICallError.isInstance(error)) {
		return `${model.label}: HTTP ${error.statusCode ?? 'no status'} from ${error.url}: ${error.message}${error.isRetryable ? ' (retryable)' : ''}`
	}
	if (error instanceof Error) return `${model.label}: ${error.name}: ${error.message}`
	return `${model.label}: ${String(error)}`
}

export function streamWidgetReply(messages: IncomingMessage[], abortSignal?: AbortSignal, { timeoutMs }: { timeoutMs?: number } = {}) {
	const result = streamText({
		...callOptions(messages, abortSignal, timeoutMs),
		onError: ({ error }) => console.error(`Widget chat failed: ${describeAiError(error)}`),
	})
	// Any failure reaches the widget as an error part carrying the spec's apology; details stay here.
	const stream = endWithApologyOnFailure(result.toUIMessageStream({ onError: () => CHAT_APOLOGY }), abortSignal, timeoutMs)
	return createUIMessageStreamResponse({ stream, headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
}

/** The whole answer at once, for the no-JavaScript chat page; the apology on any failure. */
export async function answerWidgetQuestion(messages: IncomingMessage[], abortSignal?: AbortSignal) {
	try {
		const { text } = await generateText(callOptions(messages, abortSignal))
		return text.trim() || CHAT_APOLOGY
	} catch (error) {
		console.error(`Widget chat (no-JS page) failed: ${describeAiError(error)}`)
		return CHAT_APOLOGY
	}
}

/**
 * Errors inside the model stream already arrive as an error part (onError above). Two do not: a
 * time-out, which the SDK reports as an abort, and a connection that breaks mid-answer, which
 * breaks the stream itself. Both become the apology too, unless the visitor is the one who left.
 */
function endWithApologyOnFailure(source: ReadableStream<UIMessageChunk>, visitorSignal: AbortSignal | undefined, timeoutMs?: number) {
	const reader = source.getReader()
	const apologise = (controller: ReadableStreamDefaultController<UIMessageChunk>, reason: string) => {
		console.error(`Widget chat failed: ${getModelInfo().label}: ${reason}`)
		controller.enqueue({ type: 'error', errorText: CHAT_APOLOGY })
		controller.close()
	}
	return new ReadableStream<UIMessageChunk>({
		async pull(controller) {
			try {
				const { done, value } = await reader.read()
				if (done) return controller.close()
				if (value.type === 'abort' && !visitorSignal?.aborted) {
					return apologise(controller, `no complete answer within ${timeoutMs ?? getEnv().AI_TIMEOUT_MS} ms`)
				}
				controller.enqueue(value)
			} catch (error) {
				if (visitorSignal?.aborted) return controller.close()
				apologise(controller, `the answer broke off: ${describeAiError(error)}`)
			}
		},
		cancel(reason) {
			return reader.cancel(reason)
		},
	})
}

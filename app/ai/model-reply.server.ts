// One way to ask the model for a reply, shared by the site widget, chatbot previews, embedded
// chatbots and voice agents: the same settings, time limit, error logging and failure handling.
import type { LanguageModelV3 } from '@ai-sdk/provider'
import {
	APICallError,
	createUIMessageStreamResponse,
	generateText,
	RetryError,
	streamText,
	type ModelMessage,
	type UIMessageChunk,
} from 'ai'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { textOf } from './chat-schema.ts'
import { answeringModel, offlineInfo, offlineModel, type AnsweringModel, type ModelInfo } from './models.server.ts'
import { failureOf, scrubbed, timeoutFailure } from './provider-failure.ts'
import { buildSystemPrompt } from './system-prompt.ts'

export type IncomingMessage = { role: 'user' | 'assistant'; parts: Array<{ type: string; text?: unknown }> }

// Spec section 9: at most 1024 tokens (temperature 0.7 unless the chatbot chooses its own);
// retries (408, 409, 429, 5xx) with backoff.
const SETTINGS = { maxOutputTokens: 1024, maxRetries: 2 } as const

export type ReplyRequest = {
	/** The owner's own instructions (a System Prompt, a voice assistant's Instructions); '' for none. */
	instructions: string
	/** The product's own prompt text (grounding, citing, the voice rules): never the owner's. */
	scaffolding: string
	/** Text the answer must come from. The three are kept apart in the prompt (./system-prompt.ts). */
	knowledge: string
	messages: IncomingMessage[]
	/** Names the caller in the server log ("Widget chat", "Chatbot 1f2e… preview"). */
	label: string
	abortSignal?: AbortSignal
	timeoutMs?: number
	/** The model that answers (a chatbot's or voice assistant's choice); the server's default when absent. */
	model?: AnsweringModel
}

type Deadline = ReturnType<typeof deadlineSignal>

/**
 * Which model answered a call and, when the chosen one failed, why, in words for the owner. With the
 * owner's offline fallback the offline model then answers and `failure` still says why.
 */
type ModelOutcome = { model: ModelInfo; failure: string | null }

/** The call's own record of its model and outcome, filled in as the call goes. */
function outcomeOf(chosen: AnsweringModel): ModelOutcome {
	return { model: chosen.info, failure: null }
}

/**
 * The chosen model, wrapped so that when it fails before answering (an error status, no connection,
 * no first answer within half the time limit) the offline model answers instead and `outcome` says
 * why. Only used where the owner chose the fallback; a visitor who left is not a failure.
 */
function withOfflineFallback(chosen: AnsweringModel, outcome: ModelOutcome, timeoutMs: number): LanguageModelV3 {
	const waitMs = Math.max(1000, Math.floor(timeoutMs / 2))
	const attempt = async <T>(
		call: (signal: AbortSignal) => PromiseLike<T>,
		parent: AbortSignal | undefined,
		fallback: () => PromiseLike<T>,
	): Promise<T> => {
		const deadline = deadlineSignal(waitMs, parent)
		try {
			return await call(deadline.signal)
		} catch (error) {
			if (parent?.aborted) throw error
			outcome.failure = deadline.timedOut()
				? timeoutFailure(chosen.target.where, waitMs).message
				: failureOf(error, chosen.target).message
			outcome.model = offlineInfo
			console.error(`${chosen.info.label} failed (${outcome.failure}); the offline model answers instead`)
			return fallback()
		} finally {
			// For a stream: the time limit is for its first answer; the rest runs under the call's own.
			deadline.done()
		}
	}
	return {
		...chosen.model,
		doGenerate: (options) =>
			attempt(
				(signal) => chosen.model.doGenerate({ ...options, abortSignal: signal }),
				options.abortSignal,
				() => offlineModel().doGenerate(options),
			),
		doStream: (options) =>
			attempt(
				(signal) => chosen.model.doStream({ ...options, abortSignal: signal }),
				options.abortSignal,
				() => offlineModel().doStream(options),
			),
	}
}

/** The call's settings; the deadline (the visitor leaving, or the time limit, retries included) ends it. */
function callOptions(request: ReplyRequest, chosen: AnsweringModel, outcome: ModelOutcome, deadline: Deadline) {
	const { instructions, scaffolding, knowledge, messages } = request
	const modelMessages: ModelMessage[] = messages
		.map((m) => ({ role: m.role, content: textOf(m).trim() }))
		.filter((m) => m.content.length > 0)
	const fallback = chosen.offlineFallback && chosen.info.kind !== 'offline'
	return {
		model: fallback ? withOfflineFallback(chosen, outcome, timeoutOf(request)) : chosen.model,
		system: buildSystemPrompt({ instructions, scaffolding, knowledge }),
		messages: modelMessages,
		temperature: chosen.temperature,
		...SETTINGS,
		// With the fallback the offline model answers at once: retrying a provider that is down only delays it.
		...(fallback ? { maxRetries: 0 } : {}),
		abortSignal: deadline.signal,
	}
}

const timeoutOf = ({ timeoutMs = getEnv().AI_TIMEOUT_MS }: ReplyRequest) => timeoutMs

const deadlineFor = (request: ReplyRequest) => deadlineSignal(timeoutOf(request), request.abortSignal)

/** What went wrong, for the server log: status, provider message, attempts. */
export function describeAiError(
	error: unknown,
	model: ModelInfo = answeringModel().info,
	secrets: string[] = [],
): string {
	// The provider's words are scrubbed of the key and of anything shaped like one, on one line.
	const said = (text: string) => scrubbed(text, secrets)
	if (RetryError.isInstance(error)) {
		return `${model.label}: gave up after ${error.errors.length} attempts (${error.reason}); last: ${describeAiError(error.lastError, model, secrets)}`
	}
	if (APICallError.isInstance(error)) {
		return `${model.label}: HTTP ${error.statusCode ?? 'no status'} from ${said(error.url)}: ${said(error.message)}${error.isRetryable ? ' (retryable)' : ''}`
	}
	if (error instanceof Error) return `${model.label}: ${error.name}: ${said(error.message)}`
	return `${model.label}: ${said(String(error))}`
}

/** How a streamed reply ended, for whoever records it: its text, when its first word went out, whether it failed. */
type StreamedReply = ModelOutcome & { text: string; firstTextAt: number | null; failed: boolean; aborted: boolean }

type StreamRequest = ReplyRequest & {
	errorText: string
	/** Parts (sources, say) sent right after the stream's start. */
	extraParts?: UIMessageChunk[]
	/** Parts sent once the reply's text is complete, before the stream's finish (whether it answered). */
	closingParts?: (text: string) => UIMessageChunk[]
	/** The answer's id as the client will know it (its feedback names it). */
	messageId?: string
	/** Called once when the stream ends, however it ends. */
	onDone?: (reply: StreamedReply) => void | Promise<void>
	/** What the stream passes through last (the site widget adds its speech tickets). */
	transform?: TransformStream<UIMessageChunk, UIMessageChunk>
}

/**
 * The reply as an AI SDK UI message stream. Any failure reaches the client as an error part with
 * `errorText`; details stay in the log.
 */
export function streamModelReply(request: StreamRequest) {
	const deadline = deadlineFor(request)
	const chosen = request.model ?? answeringModel()
	const outcome = outcomeOf(chosen)
	const result = streamText({
		...callOptions(request, chosen, outcome, deadline),
		onError: ({ error }) => {
			// A visitor who left is not a provider failure.
			if (request.abortSignal?.aborted) return
			console.error(`${request.label} failed: ${describeAiError(error, chosen.info, chosen.target.secrets)}`)
			outcome.failure ??= failureOf(error, chosen.target).message
		},
	})
	const ended = endWithErrorOnFailure(
		result.toUIMessageStream({ onError: () => request.errorText }),
		request,
		deadline,
		{ chosen, outcome },
	)
	const stream = request.transform ? ended.pipeThrough(request.transform) : ended
	return createUIMessageStreamResponse({ stream, headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
}

/**
 * A reply the product writes itself rather than the model (a chatbot offering its lead form), as the
 * same UI message stream a model's reply is: the client cannot tell them apart, and `parts` (data
 * parts such as `data-handoff`) follow its text.
 */
export function streamFixedReply(
	text: string,
	{ messageId, parts = [] }: { messageId: string; parts?: UIMessageChunk[] },
) {
	const chunks: UIMessageChunk[] = [
		{ type: 'start', messageId },
		{ type: 'text-start', id: 'text' },
		{ type: 'text-delta', id: 'text', delta: text },
		{ type: 'text-end', id: 'text' },
		...parts,
		{ type: 'finish' },
	]
	const stream = new ReadableStream<UIMessageChunk>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk)
			controller.close()
		},
	})
	return createUIMessageStreamResponse({ stream, headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
}

export type ModelReply = ModelOutcome & { text: string | null }

/** A reply that failed: logged (unless the caller left) and named in words on the outcome. */
function failedReply(
	error: unknown,
	request: ReplyRequest,
	chosen: AnsweringModel,
	outcome: ModelOutcome,
	deadline: Deadline,
): ModelReply {
	if (!request.abortSignal?.aborted) {
		console.error(`${request.label} failed: ${describeAiError(error, chosen.info, chosen.target.secrets)}`)
		outcome.failure ??= deadline.timedOut()
			? timeoutFailure(chosen.target.where, timeoutOf(request)).message
			: failureOf(error, chosen.target).message
	}
	return { ...outcome, text: null }
}

/** The whole reply at once (no-JavaScript pages, voice); text null on any failure, which is logged. */
export async function generateModelReply(request: ReplyRequest): Promise<ModelReply> {
	const deadline = deadlineFor(request)
	const chosen = request.model ?? answeringModel()
	const outcome = outcomeOf(chosen)
	try {
		const { text } = await generateText(callOptions(request, chosen, outcome, deadline))
		return { ...outcome, text: text.trim() }
	} catch (error) {
		return failedReply(error, request, chosen, outcome, deadline)
	} finally {
		deadline.done()
	}
}

/**
 * The whole reply, its text handed to `onDelta` piece by piece as the model writes it (the voice
 * turn engine speaks each sentence as it completes, issue 32). Ends like generateModelReply: text
 * null on any failure, which is logged.
 */
export async function streamModelReplyText(
	request: ReplyRequest,
	onDelta: (delta: string) => void,
): Promise<ModelReply> {
	const deadline = deadlineFor(request)
	const chosen = request.model ?? answeringModel()
	const outcome = outcomeOf(chosen)
	let streamError: unknown = null
	try {
		const result = streamText({
			...callOptions(request, chosen, outcome, deadline),
			onError: ({ error }) => {
				streamError = error
			},
		})
		let text = ''
		for await (const delta of result.textStream) {
			text += delta
			onDelta(delta)
		}
		if (streamError) throw streamError
		return { ...outcome, text: text.trim() }
	} catch (error) {
		return failedReply(error, request, chosen, outcome, deadline)
	} finally {
		deadline.done()
	}
}

/** The product's request to rewrite a follow-up (sent to a connected LLM only). */
export const STANDALONE_INSTRUCTION =
	'Rewrite the last question of the conversation below as one standalone question that names what it is about, so it can be understood without the conversation. Reply with the question only.'

/**
 * A follow-up ("how much does it cost?") rewritten by the model as a standalone question ("How much
 * does the Falcon cost?"), to search the knowledge with. Null when the model fails or takes longer
 * than AI_REWRITE_TIMEOUT_MS (logged): the caller then searches without it.
 */
export async function standaloneQuestion(
	messages: IncomingMessage[],
	{
		label,
		abortSignal,
		model = answeringModel(),
	}: { label: string; abortSignal?: AbortSignal; model?: AnsweringModel },
): Promise<string | null> {
	const timeoutMs = getEnv().AI_REWRITE_TIMEOUT_MS
	const deadline = deadlineSignal(timeoutMs, abortSignal)
	const transcript = messages
		.slice(-6)
		.map((m) => `${m.role === 'user' ? 'Visitor' : 'Assistant'}: ${textOf(m).trim().slice(0, 500)}`)
		.join('\n')
	try {
		const { text } = await generateText({
			model: model.model,
			system: STANDALONE_INSTRUCTION,
			prompt: `${transcript}\n\nStandalone question:`,
			temperature: 0,
			maxOutputTokens: 100,
			maxRetries: 0,
			abortSignal: deadline.signal,
		})
		const question = text
			.trim()
			.split('\n')[0]
			.replace(/^["“']|["”']$/g, '')
			.trim()
		return question ? question.slice(0, 500) : null
	} catch (error) {
		if (abortSignal?.aborted) return null
		const reason = deadline.timedOut()
			? `no answer within ${timeoutMs} ms`
			: describeAiError(error, model.info, model.target.secrets)
		console.error(`${label}: rewriting a follow-up failed (${reason}); searching with the earlier question's words`)
		return null
	} finally {
		deadline.done()
	}
}

/**
 * Errors inside the model stream already arrive as an error part (onError above). Two do not: a
 * time-out, which the SDK reports as an abort, and a connection that breaks mid-answer, which
 * breaks the stream itself. Both become the error part too, unless the visitor is the one who left:
 * then the stream just ends, and the deadline's abort has already cancelled the provider's request.
 */
function endWithErrorOnFailure(
	source: ReadableStream<UIMessageChunk>,
	{ abortSignal, timeoutMs, label, errorText, extraParts = [], closingParts, messageId, onDone }: StreamRequest,
	deadline: Deadline,
	{ chosen, outcome }: { chosen: AnsweringModel; outcome: ModelOutcome },
) {
	const reader = source.getReader()
	let finished = false
	let text = ''
	let firstTextAt: number | null = null
	let failed = false
	// The model's 'finish' part, held back until the reply is recorded: the client takes the answer as
	// whole on that part (not on the stream's end) and shows its feedback buttons, whose first click
	// came back 404 when it beat the recording.
	let finishPart: UIMessageChunk | null = null
	// The reply is recorded before the stream closes: by the time the client has the whole answer,
	// it is stored (its feedback can name it at once).
	const finish = async (controller?: ReadableStreamDefaultController<UIMessageChunk>) => {
		if (finished) return
		finished = true
		deadline.done()
		try {
			await onDone?.({ ...outcome, text, firstTextAt, failed, aborted: !controller || Boolean(abortSignal?.aborted) })
		} catch (error) {
			console.error(`${label}: recording the reply failed: ${(error as Error).message}`)
		}
		if (finishPart) controller?.enqueue(finishPart)
		controller?.close()
	}
	const fail = (controller: ReadableStreamDefaultController<UIMessageChunk>, reason: string, failure: string) => {
		console.error(`${label} failed: ${outcome.model.label}: ${reason}`)
		outcome.failure ??= failure
		failed = true
		controller.enqueue({ type: 'error', errorText })
		return finish(controller)
	}
	return new ReadableStream<UIMessageChunk>({
		async pull(controller) {
			try {
				const { done, value } = await reader.read()
				if (finished) return
				if (done) return finish(controller)
				if (value.type === 'abort' && deadline.timedOut()) {
					const ms = timeoutMs ?? getEnv().AI_TIMEOUT_MS
					return fail(controller, `no complete answer within ${ms} ms`, timeoutFailure(chosen.target.where, ms).message)
				}
				if (value.type === 'error') failed = true
				if (value.type === 'text-delta') {
					firstTextAt ??= performance.now()
					text += value.delta
				}
				if (value.type === 'finish') {
					if (!failed && closingParts) for (const part of closingParts(text)) controller.enqueue(part)
					finishPart = value
					return
				}
				controller.enqueue(value.type === 'start' && messageId ? { ...value, messageId } : value)
				if (value.type === 'start') for (const part of extraParts) controller.enqueue(part)
			} catch (error) {
				if (finished) return
				if (abortSignal?.aborted) return finish(controller)
				return fail(
					controller,
					`the answer broke off: ${describeAiError(error, outcome.model, chosen.target.secrets)}`,
					`The answer broke off: ${failureOf(error, chosen.target).message}`,
				)
			}
		},
		cancel(reason) {
			// The visitor went away: the provider's request is aborted, not left to run (and bill) to the end.
			deadline.abort(reason)
			void finish()
			return reader.cancel(reason)
		},
	})
}

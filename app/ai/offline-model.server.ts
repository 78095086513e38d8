// The built-in offline model: a real AI SDK language model (specification v3) that answers from
// the knowledge in its system prompt, so the product works end to end without an LLM provider.
// It retrieves the passages that best match the question and streams a short answer built from them.
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { rankPassages, splitPassages, withEarlierSubject } from './retrieval.ts'

export const KNOWLEDGE_START = '<knowledge>'
export const KNOWLEDGE_END = '</knowledge>'
const OFFLINE_MODEL_ID = 'offline-retrieval'

const GREETINGS = /^(hi|hello|hey|namaste|good (morning|afternoon|evening))\b/i

export type OfflineModelOptions = {
	/** Pause between streamed words, for a natural typing pace (0 in tests). */
	wordDelayMs?: number
	/** Said when nothing in the knowledge matches. */
	fallback?: string
}

/** The user's questions, oldest first. */
function userTexts(prompt: LanguageModelV3CallOptions['prompt']) {
	return prompt
		.filter((message) => message.role === 'user')
		.map((message) =>
			message.content
				.map((p) => (p.type === 'text' ? p.text : ''))
				.join(' ')
				.trim(),
		)
}

function knowledgeOf(prompt: LanguageModelV3CallOptions['prompt']) {
	const system = prompt
		.filter((m) => m.role === 'system')
		.map((m) => m.content)
		.join('\n')
	const start = system.indexOf(KNOWLEDGE_START)
	const end = system.indexOf(KNOWLEDGE_END)
	return start >= 0 && end > start ? system.slice(start + KNOWLEDGE_START.length, end).trim() : ''
}

/**
 * The reply text for a question, from the best-matching passages of the knowledge. `searchFor` is
 * what to rank them by: the question, with the earlier subject for a follow-up.
 */
export function composeOfflineAnswer(question: string, knowledge: string, fallback: string, searchFor = question) {
	if (!question) return fallback
	if (GREETINGS.test(question) && question.split(/\s+/).length <= 4) return 'Hello! How can I help you today?'
	const passages = splitPassages(knowledge)
	const ranked = rankPassages(searchFor, passages, 1)
	if (ranked.length === 0) return fallback
	// The single best passage: short replies, as the spec asks, and no half-relevant tail.
	return ranked[0].text
}

export function createOfflineModel({ wordDelayMs = 12, fallback }: OfflineModelOptions = {}): LanguageModelV3 {
	const defaultFallback =
		"I'm sorry, I don't know the answer to that from the information I have. Please contact our team and they will be glad to help."
	const answerFor = (options: LanguageModelV3CallOptions) => {
		const asked = userTexts(options.prompt)
		const knowledge = knowledgeOf(options.prompt)
		return composeOfflineAnswer(asked.at(-1) ?? '', knowledge, fallback ?? defaultFallback, withEarlierSubject(asked))
	}
	const usage = (text: string) => ({
		inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
		outputTokens: { total: text.split(/\s+/).length, text: undefined, reasoning: undefined },
	})

	const model: LanguageModelV3 = {
		specificationVersion: 'v3',
		provider: 'offline',
		modelId: OFFLINE_MODEL_ID,
		supportedUrls: {},
		async doGenerate(options) {
			const text = answerFor(options)
			return {
				content: [{ type: 'text', text }],
				finishReason: { unified: 'stop', raw: 'stop' },
				usage: usage(text),
				warnings: [],
			}
		},
		async doStream(options) {
			const text = answerFor(options)
			const words = text.match(/\S+\s*/g) ?? []
			const signal = options.abortSignal
			const stream = new ReadableStream<LanguageModelV3StreamPart>({
				async start(controller) {
					controller.enqueue({ type: 'stream-start', warnings: [] })
					controller.enqueue({ type: 'text-start', id: 't0' })
					for (const word of words) {
						if (signal?.aborted) break
						controller.enqueue({ type: 'text-delta', id: 't0', delta: word })
						if (wordDelayMs > 0) await new Promise((r) => setTimeout(r, wordDelayMs))
					}
					controller.enqueue({ type: 'text-end', id: 't0' })
					controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(text) })
					controller.close()
				},
			})
			return { stream }
		},
	}
	return model
}

// The built-in offline model: a real AI SDK language model (specification v3) that answers from
// the knowledge in its system prompt, so the product works end to end without an LLM provider.
// It retrieves the passages that best match the question and streams a short answer built from them.
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { CITATION_INSTRUCTION } from './citations.ts'
import { withoutContactDetails } from './contact-details.ts'
import { composeOfflineAnswer } from './offline-answer.ts'
import { withEarlierSubject } from './retrieval.ts'
import { ownDontKnow, readSystemPrompt } from './system-prompt.ts'

// The markers are the system prompt's (./system-prompt.ts); the tests build prompts with them.
export { KNOWLEDGE_END, KNOWLEDGE_START } from './system-prompt.ts'
const OFFLINE_MODEL_ID = 'offline-retrieval'

export type OfflineModelOptions = {
	/** Pause between streamed words, for a natural typing pace (0 in tests). */
	wordDelayMs?: number
	/** Said when nothing in the knowledge matches (and the owner's instructions quote no phrase for it). */
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

function systemOf(prompt: LanguageModelV3CallOptions['prompt']) {
	return prompt
		.filter((m) => m.role === 'system')
		.map((m) => m.content)
		.join('\n')
}

/** What the offline model says when the knowledge does not answer the question. */
export const OFFLINE_DONT_KNOW =
	"I'm sorry, I don't know the answer to that from the information I have. Please contact our team and they will be glad to help."

export function createOfflineModel({ wordDelayMs = 12, fallback }: OfflineModelOptions = {}): LanguageModelV3 {
	const defaultFallback = OFFLINE_DONT_KNOW
	const answerFor = (options: LanguageModelV3CallOptions) => {
		// What was asked, without the asker's name, number and address given with it (they are not
		// what the knowledge is searched for, and a name it lacks would read as "not about this").
		const asked = userTexts(options.prompt).map((text) => withoutContactDetails(text) || text)
		// Only the knowledge can be quoted. The owner's instructions give at most the phrase they
		// quoted for "I don't know"; the product's scaffolding only says whether to cite (ADR 0028).
		const { instructions, scaffolding, knowledge } = readSystemPrompt(systemOf(options.prompt))
		return composeOfflineAnswer(
			asked.at(-1) ?? '',
			knowledge,
			ownDontKnow(instructions) ?? fallback ?? defaultFallback,
			withEarlierSubject(asked),
			{ cite: scaffolding.includes(CITATION_INSTRUCTION) },
		)
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

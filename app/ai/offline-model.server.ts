// The built-in offline model: a real AI SDK language model (specification v3) that answers from
// the knowledge in its system prompt, so the product works end to end without an LLM provider.
// It retrieves the passages that best match the question and streams a short answer built from them.
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { CITATION_INSTRUCTION, PASSAGE_HEADER } from './citations.ts'
import {
	coverage,
	meanings,
	questionTerms,
	rankPassages,
	rarity,
	sentencesOf,
	splitPassages,
	tokenize,
	withEarlierSubject,
} from './retrieval.ts'

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

function systemOf(prompt: LanguageModelV3CallOptions['prompt']) {
	return prompt
		.filter((m) => m.role === 'system')
		.map((m) => m.content)
		.join('\n')
}

function knowledgeOf(system: string) {
	const start = system.indexOf(KNOWLEDGE_START)
	const end = system.indexOf(KNOWLEDGE_END)
	return start >= 0 && end > start ? system.slice(start + KNOWLEDGE_START.length, end).trim() : ''
}

/**
 * What the owner told the chatbot to say when it does not know, if they did: "If you don't know,
 * say "Please e-mail hello@acme.in."" (quoted, or after a colon to the end of the line).
 */
const OWN_DONT_KNOW =
	/(?:n['’]t|\bnot|\bno|\bnever|\bunable|\bcannot)\b[^.!?\n]{0,120}?\b(?:say|reply|respond|answer|tell (?:them|the visitor|the user))\b[^"“:\n]{0,40}?(?:["“]([^"”\n]{3,400})["”]|:\s*([^"“\n][^\n]{2,400}))/i

export function ownDontKnow(instructions: string) {
	const match = OWN_DONT_KNOW.exec(instructions)
	return (match?.[1] ?? match?.[2])?.trim() || undefined
}

type KnowledgePassage = { text: string; source?: { number: number; name: string } }

/** The knowledge's passages, each with its numbered source when the knowledge names them. */
function knowledgePassages(knowledge: string): KnowledgePassage[] {
	const headers = [...knowledge.matchAll(PASSAGE_HEADER)]
	if (headers.length === 0) return splitPassages(knowledge).map((text) => ({ text }))
	return headers.flatMap((header, i) => {
		const body = knowledge.slice(header.index + header[0].length, headers[i + 1]?.index ?? knowledge.length)
		const source = { number: Number(header[1]), name: header[2].trim() }
		return splitPassages(body).map((text) => ({ text, source }))
	})
}

/**
 * How much of what the question is about the evidence must contain, or the model says it does not
 * know rather than guess (calibrated with `npm run eval:answers`).
 */
const MIN_COVERAGE = 0.5

/** Words that open a sentence about what the one before it named. */
const REFERS_BACK = /^(it|its|it's|they|their|theirs|this|these|he|his|she|her)\b/i

/** The sentence(s) of a passage that best answer the question, in their order. */
function bestSentences(passage: string, searchFor: string) {
	const sentences = sentencesOf(passage)
	if (sentences.length <= 1) return passage
	// Each meaning the question asks for, weighted by how few of the passage's sentences have it: the
	// product's name is in many, the fact asked about ("weighs") in one.
	const groups = meanings(questionTerms(searchFor))
	const weight = rarity(sentences)
	// A sentence that opens with "It…" or "Its…" is about what the sentence before it was about: it
	// carries that sentence's words at half weight ("The Falcon sells for… Its frame is titanium"
	// answers the Falcon's frame, and not the next widget's).
	const wordsOf: Array<Map<string, number>> = []
	sentences.forEach((sentence, index) => {
		const words = new Map<string, number>()
		if (index > 0 && REFERS_BACK.test(sentence))
			for (const [word, share] of wordsOf[index - 1]) words.set(word, share / 2)
		for (const word of tokenize(sentence)) words.set(word, 1)
		wordsOf.push(words)
	})
	const scored = sentences.map((_, index) => {
		const words = wordsOf[index]
		const score = groups.reduce(
			(sum, group) => sum + weight(group) * Math.max(0, ...[...group].map((term) => words.get(term) ?? 0)),
			0,
		)
		return { index, score }
	})
	// The best sentence; sentences that tie with it come along (up to two in all), in their order.
	const top = Math.max(...scored.map((sentence) => sentence.score))
	const tied = scored.filter((sentence) => sentence.score === top).slice(0, 2)
	const best = tied[0]
	const chosen = tied.map((sentence) => sentences[sentence.index])
	// A heading ("Delivery:") that opens the passage names what a sentence after it is about.
	const heading = best.index > 0 ? /^[^:.!?]{3,60}:/.exec(passage)?.[0] : undefined
	return `${heading ? `${heading} ` : ''}${chosen.join(' ')}`
}

/**
 * The reply text for a question: the sentence(s) of the best-matching passage that answer it, or
 * the fallback when the evidence is weak, that is when the passage (with its source's name) holds
 * under half of what the question is about. `searchFor` is what to rank by: the question, with the
 * earlier subject for a follow-up (whose words then count as covered). With `cite`, the answer ends
 * with its passage's number ("[2]").
 */
export function composeOfflineAnswer(
	question: string,
	knowledge: string,
	fallback: string,
	searchFor = question,
	{ cite = false } = {},
) {
	if (!question) return fallback
	if (GREETINGS.test(question) && question.split(/\s+/).length <= 4) return 'Hello! How can I help you today?'
	const passages = knowledgePassages(knowledge)
	// A passage is found by its source's name too (a page called "Refund policy").
	const texts = passages.map((passage) => (passage.source ? `${passage.source.name}\n${passage.text}` : passage.text))
	const [best] = rankPassages(searchFor, texts, 1)
	if (!best) return fallback
	const earlier = searchFor === question ? '' : searchFor
	if (coverage(questionTerms(question), `${best.text} ${earlier}`, texts) < MIN_COVERAGE) return fallback
	const { text, source } = passages[best.index]
	const answer = bestSentences(text, searchFor)
	return cite && source ? `${answer} [${source.number}]` : answer
}

/** What the offline model says when the knowledge does not answer the question. */
export const OFFLINE_DONT_KNOW =
	"I'm sorry, I don't know the answer to that from the information I have. Please contact our team and they will be glad to help."

export function createOfflineModel({ wordDelayMs = 12, fallback }: OfflineModelOptions = {}): LanguageModelV3 {
	const defaultFallback = OFFLINE_DONT_KNOW
	const answerFor = (options: LanguageModelV3CallOptions) => {
		const asked = userTexts(options.prompt)
		const system = systemOf(options.prompt)
		const instructions = system.split(KNOWLEDGE_START)[0]
		return composeOfflineAnswer(
			asked.at(-1) ?? '',
			knowledgeOf(system),
			ownDontKnow(instructions) ?? fallback ?? defaultFallback,
			withEarlierSubject(asked),
			{ cite: instructions.includes(CITATION_INSTRUCTION) },
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

// The built-in offline model: a real AI SDK language model (specification v3) that answers from
// the knowledge in its system prompt, so the product works end to end without an LLM provider.
// It retrieves the passages that best match the question and streams a short answer built from them.
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { CITATION_INSTRUCTION, PASSAGE_HEADER } from './citations.ts'
import {
	coverage,
	isHeading,
	meanings,
	questionTerms,
	rankPassages,
	rarity,
	searchText,
	sentencesOf,
	splitPassages,
	tokenize,
	weightedTerms,
	withEarlierSubject,
	type SearchQuery,
} from './retrieval.ts'
import { ownDontKnow, readSystemPrompt } from './system-prompt.ts'

// The markers are the system prompt's (./system-prompt.ts); the tests build prompts with them.
export { KNOWLEDGE_END, KNOWLEDGE_START } from './system-prompt.ts'
const OFFLINE_MODEL_ID = 'offline-retrieval'

const GREETINGS = /^(hi|hello|hey|namaste|good (morning|afternoon|evening))\b/i

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

type KnowledgePassage = { text: string; source?: { number: number; name: string } }

/**
 * A text's passages, a heading on a line of its own joined to the paragraph after it as "Shipping:
 * We ship…", so that the heading is not an answer by itself but names what follows.
 */
function passagesOf(text: string) {
	const passages: string[] = []
	let heading = ''
	for (const passage of splitPassages(text)) {
		if (isHeading(passage)) heading = heading ? `${heading} ${passage}` : passage
		else {
			passages.push(heading ? `${heading}: ${passage}` : passage)
			heading = ''
		}
	}
	if (heading) passages.push(heading)
	return passages
}

/** The knowledge's passages, each with its numbered source when the knowledge names them. */
function knowledgePassages(knowledge: string): KnowledgePassage[] {
	const headers = [...knowledge.matchAll(PASSAGE_HEADER)]
	if (headers.length === 0) return passagesOf(knowledge).map((text) => ({ text }))
	return headers.flatMap((header, i) => {
		const body = knowledge.slice(header.index + header[0].length, headers[i + 1]?.index ?? knowledge.length)
		const source = { number: Number(header[1]), name: header[2].trim() }
		return passagesOf(body).map((text) => ({ text, source }))
	})
}

/**
 * How much of what the question is about the evidence must contain, or the model says it does not
 * know rather than guess (calibrated with `npm run eval:answers`).
 */
const MIN_COVERAGE = 0.5

/** Words that open a sentence about what the one before it named. */
const REFERS_BACK = /^(it|its|it's|they|their|theirs|this|these|he|his|she|her)\b/i

/** How many of the best passages the answer's sentence is chosen from. */
const CANDIDATE_PASSAGES = 3

/**
 * Scores each sentence of a passage by the meanings of the question it holds, each weighted by
 * `weight` (how rare it is among the candidate sentences: the product's name is in many, the fact
 * asked about, "weighs", in one) and by how much the question asked for it (an earlier question's
 * words count for less than the latest one's: "And the Eagle?").
 */
function scoreSentences(sentences: string[], searchFor: SearchQuery, weight: (group: Set<string>) => number) {
	const asked = weightedTerms(searchFor)
	const terms = questionTerms(searchText(searchFor))
	const groups = meanings(terms).map((group, i) => ({ group, share: asked.get(terms[i]) ?? 1 }))
	// A sentence that opens with "It…" or "Its…" is about what the sentence before it named: it
	// carries that sentence's names ("The Falcon sells for… Its frame is titanium. It weighs 0.8 kg"
	// answers the Falcon's frame and weight, and not the next widget's).
	const namesOf: string[][] = []
	const wordsOf = sentences.map((sentence, index) => {
		const refersBack = index > 0 && REFERS_BACK.test(sentence)
		const inherited = refersBack ? namesOf[index - 1] : []
		const own = (sentence.match(/\p{Lu}[\p{L}\p{N}'’-]*/gu) ?? [])
			.filter((word) => !REFERS_BACK.test(word))
			.flatMap(tokenize)
		namesOf.push(refersBack ? [...own, ...inherited] : own)
		return new Set([...tokenize(sentence), ...inherited])
	})
	const scores = wordsOf.map((words) =>
		groups.reduce(
			(sum, { group, share }) => sum + ([...group].some((term) => words.has(term)) ? share * weight(group) : 0),
			0,
		),
	)
	// A question in the knowledge (an FAQ's, or one the owner answered from the Unanswered list) is
	// never the answer: it names the sentence after it, which gets its score ("When are you open?
	// What are your hours? We open at 9." passes the best of both questions on to the answer).
	for (let index = 0; index < sentences.length - 1; index++) {
		if (!sentences[index].trim().endsWith('?')) continue
		scores[index + 1] = Math.max(scores[index + 1], scores[index])
		scores[index] = 0
	}
	return scores
}

/** The best sentence of a passage and those tied with it (up to two in all, in their order). */
function answerFrom(passage: string, sentences: string[], scores: number[]) {
	const top = Math.max(...scores)
	const tied = scores.flatMap((score, index) => (score === top ? [index] : [])).slice(0, 2)
	let chosen = tied.map((index) => sentences[index])
	// The answer to a question in the knowledge: the sentences after it, up to the next question.
	if (tied[0] > 0 && sentences[tied[0] - 1].trim().endsWith('?')) {
		const end = sentences.findIndex((sentence, index) => index > tied[0] && sentence.trim().endsWith('?'))
		chosen = sentences.slice(tied[0], end === -1 ? tied[0] + 3 : Math.min(end, tied[0] + 3))
	}
	// A heading ("Delivery:") that opens the passage names what a sentence after it is about.
	const heading = tied[0] > 0 ? /^[^:.!?]{3,60}:/.exec(passage)?.[0] : undefined
	return `${heading ? `${heading} ` : ''}${chosen.join(' ')}`
}

/**
 * The reply text for a question: the sentence(s) that best answer it from the best-matching
 * passages, or the fallback when the evidence is weak, that is when no passage (with its source's
 * name) holds half of what the question is about. `searchFor` is what to rank by: the question,
 * with the earlier question for a follow-up (whose words then count as covered). With `cite`, the
 * answer ends with its passage's number ("[2]").
 */
export function composeOfflineAnswer(
	question: string,
	knowledge: string,
	fallback: string,
	searchFor: SearchQuery = { question },
	{ cite = false } = {},
) {
	if (!question) return fallback
	if (GREETINGS.test(question) && question.split(/\s+/).length <= 4) return 'Hello! How can I help you today?'
	const passages = knowledgePassages(knowledge)
	// A passage is found by its source's name too (a page called "Refund policy").
	const texts = passages.map((passage) => (passage.source ? `${passage.source.name}\n${passage.text}` : passage.text))
	const earlier = searchFor.earlier ?? ''
	const terms = questionTerms(question)
	const candidates = rankPassages(searchFor, texts, CANDIDATE_PASSAGES)
		.filter((candidate) => coverage(terms, `${candidate.text} ${earlier}`, texts) >= MIN_COVERAGE)
		.map((candidate) => ({ ...passages[candidate.index], sentences: sentencesOf(passages[candidate.index].text) }))
	if (candidates.length === 0) return fallback
	// The sentence that answers best among the candidates; a tie goes to the better-ranked passage.
	// A meaning counts by how rare it is among the candidates' sentences. Between two sentences that
	// score the same, the one with the word rarer among all the passages wins ("PDFs" is in one of
	// the site's passages, "questions" in several); as a weight of its own it cost follow-ups 6-17
	// points in eval:answers, so it only breaks ties.
	const local = rarity(candidates.flatMap((candidate) => candidate.sentences))
	const global = rarity(texts)
	const weight = (group: Set<string>) => local(group) + TIE_BREAK * global(group)
	// What a passage's heading says it is about counts for its sentences: "How long does delivery
	// take?" is about the "Delivery:" passage, not the "Returns:" one that mentions delivery in passing.
	// Only a heading the question mostly names says so: "Our Custom Software Development service"
	// is about one service, not about "What services do you offer?".
	const scored = candidates.map((candidate) => {
		const heading = /^([^:.!?]{3,60}):/.exec(candidate.text)?.[1]
		const about =
			heading && namedByQuestion(heading, searchFor)
				? scoreSentences([heading], searchFor, weight)[0] * HEADING_SHARE
				: 0
		const scores = scoreSentences(candidate.sentences, searchFor, weight)
		return { ...candidate, scores: scores.map((score) => (score > 0 ? score + about : score)) }
	})
	const best = scored.reduce((winner, candidate) =>
		Math.max(...candidate.scores) > Math.max(...winner.scores) ? candidate : winner,
	)
	const answer = answerFrom(best.text, best.sentences, best.scores)
	return cite && best.source ? `${answer} [${best.source.number}]` : answer
}

/** Small enough that the passages' rarity decides only between equal scores. */
const TIE_BREAK = 1e-6

/** How much a question's terms in a passage's heading add to the passage's matching sentences. */
const HEADING_SHARE = 0.5

/** Whether the question names at least half of a heading's words (by meaning). */
function namedByQuestion(heading: string, searchFor: SearchQuery) {
	const words = [...new Set(tokenize(heading))]
	const asked = meanings(questionTerms(searchText(searchFor)))
	const named = words.filter((word) => asked.some((group) => group.has(word)))
	return words.length > 0 && named.length * 2 >= words.length
}

/** What the offline model says when the knowledge does not answer the question. */
export const OFFLINE_DONT_KNOW =
	"I'm sorry, I don't know the answer to that from the information I have. Please contact our team and they will be glad to help."

export function createOfflineModel({ wordDelayMs = 12, fallback }: OfflineModelOptions = {}): LanguageModelV3 {
	const defaultFallback = OFFLINE_DONT_KNOW
	const answerFor = (options: LanguageModelV3CallOptions) => {
		const asked = userTexts(options.prompt)
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

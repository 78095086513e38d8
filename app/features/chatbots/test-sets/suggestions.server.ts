// The suggestions for a test set (a chatbot's or a voice assistant's), made from the passages of the
// knowledge it answers from. Where the subject answers with a connected model, that model writes
// them (question, expected words, the passage to cite), through the model layer's one call with its
// time limit; where it answers offline, or its model fails or has written its share this hour, they
// are made offline (suggest.ts) and each is asked of the subject answering offline before it is
// shown, only those that pass on the knowledge they came from kept (suggest-check.ts). The page
// says which made them.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md,
// docs/decisions/0064-navigation-is-not-knowledge.md
import { passageHeader } from '~/ai/citations.ts'
import { generateModelReply } from '~/ai/model-reply.server.ts'
import { chosenModel, type AnsweringModel } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { consumeRateLimit } from '~/lib/rate-limit.server.ts'
import { subjectAnswerer, subjectKnowledge } from './subject.server.ts'
import { subjectWhere, type TestSubject } from './subject.ts'
import { answeredSuggestions } from './suggest-check.ts'
import {
	MODEL_SUGGESTIONS,
	parseModelSuggestions,
	SUGGEST_INSTRUCTION,
	suggestTests,
	type SuggestionChunk,
} from './suggest.ts'
import { TEST_LIMITS, type TestForm } from './test-schema.ts'
import { testSetCopy } from './test-set-copy.ts'

const { suggestions: copy } = testSetCopy

/** Passages read for suggestions: the first ones of each source, enough for 20 suggestions. */
const CHUNKS_READ = 400
/** What of a passage the model is shown: enough for its facts, within a modest prompt. */
const PASSAGE_CHARS = 1_500
const HOUR_MS = 60 * 60_000
/** Offline suggestions shown, candidates asked for them, and the time the asking may take (the page waits for it). */
const OFFLINE_SUGGESTIONS = 20
const OFFLINE_CANDIDATES = 60
const CHECK_BUDGET_MS = 5_000

/** The knowledge base's first passages, source by source, as suggestions read them. */
type SourcePassage = SuggestionChunk & { sourceId: string }

async function passagesOf(knowledgeBaseId: string): Promise<SourcePassage[]> {
	const chunks = await prisma.knowledgeChunk.findMany({
		where: { chatbotId: knowledgeBaseId },
		orderBy: [{ sourceId: 'asc' }, { position: 'asc' }],
		take: CHUNKS_READ,
		select: {
			heading: true,
			content: true,
			sourceId: true,
			source: { select: { title: true, origin: true, kind: true } },
			page: { select: { url: true, title: true } },
		},
	})
	return chunks.map((chunk) => ({
		heading: chunk.heading,
		content: chunk.content,
		url: chunk.page?.url ?? null,
		title: chunk.page?.title ?? (chunk.source.kind === 'file' ? (chunk.source.title ?? chunk.source.origin) : null),
		sourceId: chunk.sourceId,
	}))
}

/** Passages for the model: taken in turn from each source (a site's first pages, each file), up to `count`. */
function spreadOverSources(passages: SourcePassage[], count: number) {
	const bySource = new Map<string, SourcePassage[]>()
	for (const passage of passages) {
		const list = bySource.get(passage.sourceId)
		if (list) list.push(passage)
		else bySource.set(passage.sourceId, [passage])
	}
	const picked: SuggestionChunk[] = []
	for (let round = 0; picked.length < count; round++) {
		const before = picked.length
		for (const list of bySource.values()) if (list[round] && picked.length < count) picked.push(list[round])
		if (picked.length === before) break
	}
	return picked
}

/** The connected model's tests over the passages; its failure in words when it wrote none that hold. */
async function modelSuggestions(
	model: AnsweringModel,
	passages: SuggestionChunk[],
	asked: Set<string>,
): Promise<{ suggestions: TestForm[] } | { failure: string }> {
	const knowledge = passages
		.map(
			(passage, i) =>
				`${passageHeader(i + 1, passage.title?.trim() || passage.url || 'Knowledge base')}\n${passage.content.slice(0, PASSAGE_CHARS)}`,
		)
		.join('\n\n')
	const reply = await generateModelReply({
		model,
		instructions: '',
		scaffolding: SUGGEST_INSTRUCTION,
		knowledge,
		messages: [{ role: 'user', parts: [{ type: 'text', text: 'Write the tests.' }] }],
		label: 'Test suggestions',
	})
	if (reply.text === null) return { failure: reply.failure ?? 'no answer' }
	const suggestions = parseModelSuggestions(reply.text, passages, asked)
	if (!suggestions || suggestions.length === 0)
		return { failure: 'its answer held no tests whose words are in the sources' }
	return { suggestions }
}

export type SuggestedTests = {
	suggestions: TestForm[]
	/** Which made them, in words: "Suggested by …", or offline (and why, when the model was passed over). */
	madeBy: string
	/** The connected model wrote them. */
	byModel: boolean
}

/** The offline candidates that pass when asked of the subject answering offline, as a run asks them, in time. */
async function passingOffline(subject: TestSubject, candidates: TestForm[]) {
	const ask = candidates.length > 0 ? await subjectAnswerer(subject, { offline: true }) : null
	if (!ask) return []
	return answeredSuggestions(candidates, ask, { max: OFFLINE_SUGGESTIONS, budgetMs: CHECK_BUDGET_MS })
}

/** Up to 20 suggested tests and which made them; null when the subject is not the user's. */
export async function suggestedTests(userId: string, subject: TestSubject): Promise<SuggestedTests | null> {
	const known = await subjectKnowledge(userId, subject)
	if (!known) return null
	const [tests, passages] = await Promise.all([
		prisma.chatbotTest.findMany({ where: subjectWhere(subject), select: { question: true } }),
		known.knowledgeBaseId ? passagesOf(known.knowledgeBaseId) : [],
	])
	const asked = new Set(tests.map((test) => test.question.toLowerCase()))
	const offline = async (madeBy: string): Promise<SuggestedTests> => ({
		suggestions: await passingOffline(subject, suggestTests(passages, asked, OFFLINE_CANDIDATES)),
		madeBy,
		byModel: false,
	})
	// The owner's fallback would answer offline with prose: here the offline suggestions are the fallback.
	const model = await chosenModel({ ...known.choice, offlineFallback: false })
	if (model.info.kind === 'offline' || passages.length === 0) return offline(copy.offline)
	const share = await consumeRateLimit(`test-suggestions:${userId}`, {
		limit: TEST_LIMITS.modelSuggestionsPerHour,
		windowMs: HOUR_MS,
	})
	if (!share.allowed) return offline(copy.modelBusy(Math.max(1, Math.ceil(share.retryAfterSeconds / 60))))
	const written = await modelSuggestions(model, spreadOverSources(passages, MODEL_SUGGESTIONS), asked)
	if ('failure' in written) return offline(copy.modelFailed(model.info.label, written.failure))
	return { suggestions: written.suggestions, madeBy: copy.byModel(model.info.label), byModel: true }
}

// A user's chatbot answering: the best-ranked chunks of its knowledge base, its own system prompt,
// the model module. Used by the owner's preview and by the public embed.
import crypto from 'node:crypto'
import type { UIMessageChunk } from 'ai'
import { textOf } from '~/ai/chat-schema.ts'
import { CITATION_INSTRUCTION, passageHeader } from '~/ai/citations.ts'
import { withoutContactDetails } from '~/ai/contact-details.ts'
import type { KnowledgeRetriever, TracedPassage } from '~/ai/knowledge-retriever.ts'
import { plainText } from '~/ai/knowledge-text.ts'
import { recordModelOutcome } from '~/ai/model-outcome.server.ts'
import {
	generateModelReply,
	standaloneQuestion,
	streamModelReply,
	type IncomingMessage,
} from '~/ai/model-reply.server.ts'
import { chosenModel, type AnsweringModel, type ModelChoice } from '~/ai/models.server.ts'
import { UNKNOWN_WORDS_LINE } from '~/ai/offline-answer.ts'
import { excerptAround, isFollowUp, withEarlierSubject } from '~/ai/retrieval.ts'
import { HEADING_SEPARATOR } from './chunking.ts'
import { finishTurn, isAnswered, startTurn, type TurnContext } from './conversations/conversation-log.server.ts'
import { firstChunks, searchKnowledge, unknownWords, type KnowledgeChunk } from './knowledge.server.ts'

/** A chatbot as its answer needs it: its row's name, System Prompt and model columns. */
export type ChatbotForReply = { id: string; name: string; systemPrompt: string } & ModelChoice
type CitedPassage = { position: number; excerpt: string; url: string | null; title: string | null }

/** The product's grounding, told to the model after the owner's System Prompt (ADR 0028). */
export const GROUNDING =
	'Answer only from the knowledge base between the markers below. If it does not contain the answer, say that you do not know rather than guessing. Keep answers short and friendly.'

/** Who is asking and with which model: the log's name for the call, the visitor leaving, the chatbot's model. */
type ReplyCall = { label: string; abortSignal?: AbortSignal; model: AnsweringModel }

/** The search for a conversation: the latest question, with the earlier subject for a follow-up. */
export function retrievalQuestion(messages: IncomingMessage[]) {
	return withEarlierSubject(messages.filter((message) => message.role === 'user').map(textOf))
}

/**
 * What to search the knowledge for: the latest question; a follow-up rewritten by the LLM as a
 * standalone question, or (with the offline model, or when the rewrite fails) with the earlier
 * question's words carried forward.
 */
/** A question as the knowledge is searched for it: without the asker's name, number and address. */
const asSearched = (question: string) => withoutContactDetails(question) || question

async function searchQuestion(messages: IncomingMessage[], call: ReplyCall) {
	const asked = messages
		.filter((message) => message.role === 'user')
		.map(textOf)
		.map(asSearched)
	if (isFollowUp(asked) && call.model.info.kind !== 'offline') {
		const standalone = await standaloneQuestion(messages, call)
		if (standalone) return standalone
	}
	return withEarlierSubject(asked)
}

/**
 * The chunks a question draws on: the best matches, or the opening chunks when nothing matches.
 * Matches are the sources listed with the answer, numbered in the same order as in the prompt.
 */
async function retrieveContext(chatbotId: string, messages: IncomingMessage[], call: ReplyCall) {
	const question = asSearched(lastQuestion(messages))
	const [matches, unknown] = await Promise.all([
		searchKnowledge(chatbotId, await searchQuestion(messages, call)),
		// The offline model's evidence that the knowledge cannot answer (an LLM reads the passages).
		call.model.info.kind === 'offline' ? unknownWords(chatbotId, question) : [],
	])
	if (matches.length === 0)
		return { context: await firstChunks(chatbotId), sources: [], numbered: false, unknown: [] as string[] }
	return { context: matches, sources: matches.map((chunk) => toSource(chunk, question)), numbered: true, unknown }
}

/** What a passage's source is called in the prompt: the page's or file's title, else its address. */
/**
 * A chunk as a model reads it: under its own heading when it does not open with it (a long
 * section's later chunk), so "Spawns a shell…" is read as part of `child_process.exec()`.
 */
function passageText(chunk: KnowledgeChunk) {
	const path = chunk.heading?.split(HEADING_SEPARATOR) ?? []
	const own = path.at(-1)?.trim()
	const firstLine = chunk.content
		.trimStart()
		.split('\n', 1)[0]
		.replace(/^#{1,6}\s+/, '')
		.trim()
	if (!own || firstLine === own) return chunk.content
	return `${'#'.repeat(Math.min(6, Math.max(2, path.length)))} ${own}\n\n${chunk.content}`
}

const sourceName = (chunk: KnowledgeChunk) => chunk.title?.trim() || chunk.url || 'Knowledge base'

/** A passage as the visitor's source list and the owner's trace show it: its part that the question is about. */
function toSource(chunk: KnowledgeChunk, question: string): CitedPassage {
	const excerpt = excerptAround(plainText(chunk.content), question)
	return { position: chunk.position, excerpt, url: chunk.url, title: chunk.title?.slice(0, 300) ?? null }
}

/** The passages the model was given, with their scores (0: nothing matched, the opening passages). */
const traceOf = (context: KnowledgeChunk[], question: string): TracedPassage[] =>
	context.map((chunk) => ({ ...toSource(chunk, question), score: Math.round(chunk.rank * 1000) / 1000 }))

/** Whether a reply answered: something matched, and it is not an "I don't know" (ours or the owner's). */
const answeredBy = (text: string, retrieved: { numbered: boolean }, chatbot: ChatbotForReply) =>
	isAnswered(text, { matched: retrieved.numbered, systemPrompt: chatbot.systemPrompt })

/** The question being answered: the conversation's last message, the visitor's. */
const lastQuestion = (messages: IncomingMessage[]) =>
	textOf(messages.findLast((message) => message.role === 'user') ?? { parts: [] })

/** The passages as the prompt holds them: numbered with their source's name when they are cited or read offline. */
function knowledgeBlock(
	{ context, numbered, unknown }: { context: KnowledgeChunk[]; numbered: boolean; unknown: string[] },
	{ offline, cite }: { offline: boolean; cite: boolean },
) {
	const headed = (cite && numbered) || (numbered && offline)
	return [
		...context.map((chunk, i) =>
			// The offline model reads them numbered whether or not the answer shows its sources, so the
			// widget's reply is the preview's; it cites only when told to. An LLM not asked to cite is
			// not shown numbers it might cite.
			headed ? `${passageHeader(i + 1, sourceName(chunk))}\n${passageText(chunk)}` : passageText(chunk),
		),
		// Said even when empty: then every word of the question is somewhere in the knowledge.
		...(numbered && offline ? [`${UNKNOWN_WORDS_LINE} ${unknown.join(', ')}`] : []),
	].join('\n\n')
}

/**
 * The same retrieval and passages for an answer built elsewhere (a voice assistant's, ADR 0054):
 * numbered and cited, with the sources "[n]" points at.
 */
export const retrieveKnowledge: KnowledgeRetriever = async ({
	knowledgeBaseId,
	messages,
	label,
	abortSignal,
	model,
}) => {
	const retrieved = await retrieveContext(knowledgeBaseId, messages, { label, abortSignal, model })
	return {
		knowledge: knowledgeBlock(retrieved, { offline: model.info.kind === 'offline', cite: true }),
		sources: retrieved.sources.map(({ title, url }) => ({ title, url })),
		passages: traceOf(retrieved.context, lastQuestion(messages)),
	}
}

/**
 * The model's request. Matched passages are numbered with their source's name; with `cite` (the
 * answer is shown with its sources) the model is told to cite them: "[2]" then points at the second
 * source listed with the answer.
 */
function replyRequest(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	{ context, numbered, unknown = [] }: { context: KnowledgeChunk[]; numbered: boolean; unknown?: string[] },
	{ label, abortSignal, model, cite }: ReplyCall & { cite: boolean },
) {
	const citing = cite && numbered
	return {
		// The owner's System Prompt and the product's text stay apart: the offline model reads the
		// first only for a quoted "I don't know" phrase and the second only for whether to cite.
		instructions: chatbot.systemPrompt,
		scaffolding: `You are "${chatbot.name}". ${GROUNDING}${citing ? ` ${CITATION_INSTRUCTION}` : ''}`,
		knowledge: knowledgeBlock({ context, numbered, unknown }, { offline: model.info.kind === 'offline', cite }),
		messages,
		label,
		abortSignal,
		model,
	}
}

/**
 * Streams the reply; with `withSources`, a data-sources part lists the passages it drew on. With
 * `log`, the question is stored (alongside retrieval, not before it) and the answer with its trace
 * once it has been sent.
 */
export async function streamChatbotReply(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	{
		label,
		abortSignal,
		withSources,
		errorText,
		log,
	}: { label: string; abortSignal?: AbortSignal; withSources: boolean; errorText: string; log?: TurnContext },
) {
	const startedAt = performance.now()
	const model = await chosenModel(chatbot)
	const call = { label, abortSignal, model }
	const [retrieved, conversationId] = await Promise.all([
		retrieveContext(chatbot.id, messages, call),
		log ? startTurn(log, lastQuestion(messages)) : null,
	])
	const listed = withSources && retrieved.sources.length > 0
	const extraParts: UIMessageChunk[] = listed ? [{ type: 'data-sources', data: retrieved.sources }] : []
	const messageId = crypto.randomUUID()
	return streamModelReply({
		...replyRequest(chatbot, messages, retrieved, { ...call, cite: withSources }),
		errorText,
		extraParts,
		// Whether the finished reply answered: an "I don't know" lists no sources (ADR 0033). The
		// passages go first, for the citations as they stream in; the client shows none until this.
		closingParts: listed
			? (text) => [{ type: 'data-answered', data: answeredBy(text, retrieved, chatbot) }]
			: undefined,
		messageId,
		onDone: async (reply) => {
			// A visitor who left says nothing about the model.
			if (!reply.aborted || reply.failure)
				await recordModelOutcome({ kind: 'chatbot', id: chatbot.id }, model, reply.failure)
			if (!conversationId) return
			const text = reply.failed && !reply.text ? errorText : reply.text
			await finishTurn(chatbot.id, conversationId, {
				messageId,
				text,
				firstTokenMs: reply.firstTextAt === null ? null : Math.round(reply.firstTextAt - startedAt),
				latencyMs: Math.round(performance.now() - startedAt),
				model: reply.model.label,
				modelError: reply.failure,
				answered: !reply.failed && answeredBy(text, retrieved, chatbot),
				passages: traceOf(retrieved.context, lastQuestion(messages)),
			})
		},
	})
}

/**
 * The whole reply at once (the no-JavaScript preview, stored with `log`; a test run, never stored as
 * a conversation); text null on failure.
 */
export async function answerChatbotQuestion(
	chatbot: ChatbotForReply,
	messages: IncomingMessage[],
	{ label, abortSignal, log }: { label: string; abortSignal?: AbortSignal; log?: TurnContext },
) {
	const startedAt = performance.now()
	const model = await chosenModel(chatbot)
	const call = { label, abortSignal, model }
	const [retrieved, conversationId] = await Promise.all([
		retrieveContext(chatbot.id, messages, call),
		log ? startTurn(log, lastQuestion(messages)) : null,
	])
	const reply = await generateModelReply(replyRequest(chatbot, messages, retrieved, { ...call, cite: true }))
	const { text } = reply
	const answered = text !== null && answeredBy(text, retrieved, chatbot)
	const passages = traceOf(retrieved.context, lastQuestion(messages))
	if (!abortSignal?.aborted || reply.failure)
		await recordModelOutcome({ kind: 'chatbot', id: chatbot.id }, model, reply.failure)
	if (conversationId) {
		const latencyMs = Math.round(performance.now() - startedAt)
		await finishTurn(chatbot.id, conversationId, {
			messageId: crypto.randomUUID(),
			text: text ?? '',
			firstTokenMs: latencyMs,
			latencyMs,
			model: reply.model.label,
			modelError: reply.failure,
			answered,
			passages,
		})
	}
	// The passages retrieval gave (the evaluation measures them), and whether the reply answered from
	// them: an "I don't know" is shown with none (ADR 0033). With their scores for a test run's result.
	return {
		text,
		sources: retrieved.sources,
		passages,
		answered,
		model: reply.model,
		failure: reply.failure,
	}
}

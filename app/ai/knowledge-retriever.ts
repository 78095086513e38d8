// The seam between a knowledge base and whoever answers from it without owning it (a voice
// assistant answering from the one knowledge pipeline, ADR 0054): the route that composes the two
// passes a retriever, so the answering feature never imports the knowledge feature.
import type { IncomingMessage } from './model-reply.server.ts'
import type { AnsweringModel } from './models.server.ts'

/** A passage an answer may cite: "[n]" in the reply names the n-th. */
export type KnowledgeSource = { title: string | null; url: string | null }

/** A passage the model was given, with its retrieval score (0: nothing matched, an opening passage). */
export type TracedPassage = KnowledgeSource & { position: number; score: number; excerpt: string }

type RetrievedKnowledge = {
	/** The knowledge block for the prompt: numbered passages ("[1] Source: …") when something matched. */
	knowledge: string
	/** The numbered passages' sources, in order; empty when nothing matched. */
	sources: KnowledgeSource[]
	/** Every passage the model was given, with its score: a test run keeps them with its result (ADR 0062). */
	passages: TracedPassage[]
}

export type KnowledgeRetriever = (request: {
	/** The knowledge base to search (a chatbot's id, ADR 0054). */
	knowledgeBaseId: string
	messages: IncomingMessage[]
	model: AnsweringModel
	label: string
	abortSignal?: AbortSignal
}) => Promise<RetrievedKnowledge>

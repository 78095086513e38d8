import { splitPassages } from '~/ai/retrieval.ts'
// A chatbot's knowledge in Postgres: chunks with a generated tsvector and a GIN index, searched
// with full-text ranking. Answers are built from the best-ranked chunks (ARCHITECTURE.md).
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'

export type KnowledgeChunk = { position: number; content: string; rank: number }

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

/** Replaces a chatbot's chunks with those of `text`. Run inside the transaction that saves the text. */
export async function indexKnowledge(db: Db, chatbotId: string, text: string) {
	const chunks = chunkKnowledge(text)
	await db.$executeRaw`DELETE FROM knowledge_chunks WHERE chatbot_id = ${chatbotId}::uuid`
	// Batches keep each statement's parameters modest for very large knowledge bases.
	for (let start = 0; start < chunks.length; start += 2000) {
		const batch = chunks.slice(start, start + 2000)
		const positions = batch.map((_, i) => start + i)
		await db.$executeRaw`
			INSERT INTO knowledge_chunks (chatbot_id, position, content)
			SELECT ${chatbotId}::uuid, t.position, t.content FROM unnest(${positions}::int[], ${batch}::text[]) AS t(position, content)`
	}
	return chunks.length
}

/** Words of a question as an OR query, so a chunk need not contain every word to be found. */
export function toOrQuery(question: string) {
	const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 32)
	return words.join(' | ')
}

/**
 * The chunks that best match a question, best first; none when nothing matches. ts_rank rather
 * than ts_rank_cd: a third of the cost over thousands of matching chunks (scripts/bench/knowledge.ts),
 * and the model (or the offline ranker) reads the few chunks returned more closely anyway.
 */
export async function searchKnowledge(
	chatbotId: string,
	question: string,
	limit = 4,
	db: Db = prisma,
): Promise<KnowledgeChunk[]> {
	const query = toOrQuery(question)
	if (!query) return []
	const rows = await db.$queryRaw<Array<{ position: number; content: string; rank: number }>>`
		SELECT position, content, ts_rank(search_vector, query, 1)::float8 AS rank
		FROM knowledge_chunks, to_tsquery('english', ${query}) AS query
		WHERE chatbot_id = ${chatbotId}::uuid AND search_vector @@ query
		ORDER BY rank DESC, position
		LIMIT ${limit}`
	return rows
}

/** The opening chunks, as general context when a question matches nothing in particular. */
export async function firstChunks(chatbotId: string, limit = 2, db: Db = prisma): Promise<KnowledgeChunk[]> {
	return db.$queryRaw<KnowledgeChunk[]>`
		SELECT position, content, 0::float8 AS rank FROM knowledge_chunks
		WHERE chatbot_id = ${chatbotId}::uuid ORDER BY position LIMIT ${limit}`
}

/**
 * Cuts a knowledge base into retrieval chunks of at most about `maxChars`: whole paragraphs where
 * they fit (long ones cut at sentence ends), neighbours packed together, paragraph breaks kept.
 */
export function chunkKnowledge(text: string, maxChars = 1000): string[] {
	const chunks: string[] = []
	let current = ''
	for (const passage of splitPassages(text, maxChars)) {
		if (current && current.length + 2 + passage.length > maxChars) {
			chunks.push(current)
			current = ''
		}
		current = current ? `${current}\n\n${passage}` : passage
	}
	if (current) chunks.push(current)
	return chunks
}

import { splitPassages } from '~/ai/retrieval.ts'
// A chatbot's knowledge in Postgres: chunks with a generated tsvector and a GIN index, searched
// with full-text ranking. Answers are built from the best-ranked chunks (ARCHITECTURE.md).
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'

/** A retrieved chunk, with the page (or file) it came from so an answer can cite it. */
export type KnowledgeChunk = {
	position: number
	content: string
	rank: number
	url: string | null
	title: string | null
}

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

/**
 * Replaces the chunks of one source (or of one page of a website source) with those of `text`, and
 * returns how many there are. Run it inside a transaction: until it commits, the old chunks keep
 * answering, so a re-sync never leaves a gap.
 */
export async function replaceChunks(
	db: Db,
	target: { chatbotId: string; sourceId: string; pageId?: string | null },
	text: string,
) {
	const { chatbotId, sourceId, pageId = null } = target
	const chunks = chunkKnowledge(text)
	if (pageId) await db.$executeRaw`DELETE FROM knowledge_chunks WHERE page_id = ${pageId}::uuid`
	else await db.$executeRaw`DELETE FROM knowledge_chunks WHERE source_id = ${sourceId}::uuid`
	// Batches keep each statement's parameters modest for very large knowledge bases.
	for (let start = 0; start < chunks.length; start += 2000) {
		const batch = chunks.slice(start, start + 2000)
		const positions = batch.map((_, i) => start + i)
		await db.$executeRaw`
			INSERT INTO knowledge_chunks (chatbot_id, source_id, page_id, position, content)
			SELECT ${chatbotId}::uuid, ${sourceId}::uuid, ${pageId}::uuid, t.position, t.content
			FROM unnest(${positions}::int[], ${batch}::text[]) AS t(position, content)`
	}
	return chunks.length
}

/**
 * Indexes a chatbot's typed text (its Knowledge Base Content) as its text source. Run inside the
 * transaction that saves the text.
 */
export async function indexKnowledge(db: Db, chatbotId: string, text: string) {
	const [source] = await db.$queryRaw<Array<{ id: string }>>`
		INSERT INTO knowledge_sources (chatbot_id, kind, status, chars, synced_at)
		VALUES (${chatbotId}::uuid, 'text', 'ready', ${text.length}, now())
		ON CONFLICT (chatbot_id) WHERE kind = 'text'
		DO UPDATE SET chars = EXCLUDED.chars, status = 'ready', error = NULL, synced_at = now(), updated_at = now()
		RETURNING id`
	const chunks = await replaceChunks(db, { chatbotId, sourceId: source.id }, text)
	await db.$executeRaw`UPDATE knowledge_sources SET chunk_count = ${chunks} WHERE id = ${source.id}::uuid`
	return chunks
}

/**
 * Words of a question as an OR query, so a chunk need not contain every word to be found. Codes
 * written with hyphens ("ZX-715", "GST-2024") are also asked for whole: Postgres indexes them as
 * one word as well as their parts, and only the chunk that states that very code matches it.
 */
export function toOrQuery(question: string) {
	const lower = question.toLowerCase()
	const compounds = (lower.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? []).map((code) => `'${code}'`)
	const words = lower.match(/[\p{L}\p{N}]+/gu) ?? []
	return [...new Set([...compounds, ...words])].slice(0, 32).join(' | ')
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
	return db.$queryRaw<KnowledgeChunk[]>`
		SELECT c.position, c.content, c.rank, COALESCE(p.url, NULLIF(s.origin, '')) AS url, COALESCE(p.title, s.title) AS title
		FROM (
			SELECT source_id, page_id, position, content, ts_rank(search_vector, query, 1)::float8 AS rank
			FROM knowledge_chunks, to_tsquery('english', ${query}) AS query
			WHERE chatbot_id = ${chatbotId}::uuid AND search_vector @@ query
			ORDER BY rank DESC, position
			LIMIT ${limit}
		) c
		JOIN knowledge_sources s ON s.id = c.source_id
		LEFT JOIN knowledge_pages p ON p.id = c.page_id
		ORDER BY c.rank DESC, c.position`
}

/** The opening chunks, as general context when a question matches nothing in particular. */
export async function firstChunks(chatbotId: string, limit = 2, db: Db = prisma): Promise<KnowledgeChunk[]> {
	// The typed text first (the owner's own summary, as a rule), then the oldest other sources.
	return db.$queryRaw<KnowledgeChunk[]>`
		SELECT c.position, c.content, 0::float8 AS rank, COALESCE(p.url, NULLIF(s.origin, '')) AS url, COALESCE(p.title, s.title) AS title
		FROM knowledge_chunks c
		JOIN knowledge_sources s ON s.id = c.source_id
		LEFT JOIN knowledge_pages p ON p.id = c.page_id
		WHERE c.chatbot_id = ${chatbotId}::uuid
		ORDER BY s.kind <> 'text', s.created_at, p.depth NULLS FIRST, c.position
		LIMIT ${limit}`
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

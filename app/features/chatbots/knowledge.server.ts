// A chatbot's knowledge in Postgres: chunks with a generated tsvector and a GIN index, searched
// with full-text ranking. Answers are built from the best-ranked chunks (ARCHITECTURE.md).
import { EARLIER_WEIGHT, type SearchQuery } from '~/ai/retrieval.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { chunkKnowledge } from './chunking.ts'

/**
 * A retrieved chunk, with the page (or file) it came from so an answer can cite it, and the path of
 * headings it sits under ("Streams › Readable streams › readable.highWaterMark"; null for chunks
 * without headings, and for those indexed before headings were kept). Its content is knowledge text
 * in the format of docs/decisions/0030-knowledge-text-format.md.
 */
export type KnowledgeChunk = {
	position: number
	content: string
	rank: number
	url: string | null
	title: string | null
	heading: string | null
}

/** A heading path as stored: long enough for any real one. */
const MAX_HEADING_CHARS = 500

type Db = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>

/**
 * Replaces the chunks of one source (or of one page of a website source) with those of `text`, and
 * returns how many there are. `title` (a page's title, a file's name) is counted with every chunk,
 * and the headings a chunk sits under (those it does not hold itself) with the chunk, so "refund policy" finds the page of that title even where
 * its text only says "returns". Run it inside a transaction: until it commits, the old chunks keep
 * answering, so a re-sync never leaves a gap.
 */
export async function replaceChunks(
	db: Db,
	target: { chatbotId: string; sourceId: string; pageId?: string | null },
	text: string,
	title = '',
) {
	const { chatbotId, sourceId, pageId = null } = target
	const chunks = chunkKnowledge(text)
	if (pageId) await db.$executeRaw`DELETE FROM knowledge_chunks WHERE page_id = ${pageId}::uuid`
	else await db.$executeRaw`DELETE FROM knowledge_chunks WHERE source_id = ${sourceId}::uuid`
	// Batches keep each statement's parameters modest for very large knowledge bases.
	for (let start = 0; start < chunks.length; start += 2000) {
		const batch = chunks.slice(start, start + 2000)
		const positions = batch.map((_, i) => start + i)
		const contents = batch.map((chunk) => chunk.content)
		const headings = batch.map((chunk) => chunk.heading?.slice(0, MAX_HEADING_CHARS) ?? null)
		const labels = batch.map((chunk) => [title, chunk.context].filter(Boolean).join('\n').slice(0, 1000))
		// Each chunk with its length in terms, then its terms (the title's and heading's with the
		// content's): what BM25 ranks by (searchKnowledge).
		await db.$executeRaw`
			WITH vectors AS (
				SELECT t.position, t.content, t.heading, to_tsvector('english', t.label) || to_tsvector('english', t.content) AS vector
				FROM unnest(${positions}::int[], ${contents}::text[], ${headings}::text[], ${labels}::text[]) AS t(position, content, heading, label)
			),
			inserted AS (
				INSERT INTO knowledge_chunks (chatbot_id, source_id, page_id, position, content, heading, term_count)
				SELECT ${chatbotId}::uuid, ${sourceId}::uuid, ${pageId}::uuid, v.position, v.content, v.heading,
					(SELECT COALESCE(sum(COALESCE(array_length(l.positions, 1), 1)), 0) FROM unnest(v.vector) l)
				FROM vectors v
				RETURNING id, position, term_count
			)
			INSERT INTO knowledge_terms (chunk_id, chatbot_id, term, tf, chunk_length)
			SELECT i.id, ${chatbotId}::uuid, l.lexeme, COALESCE(array_length(l.positions, 1), 1), i.term_count
			FROM inserted i JOIN vectors v ON v.position = i.position, unnest(v.vector) l`
	}
	return chunks.length
}

/** Okapi BM25's usual constants: how fast repeated terms saturate, and how much length counts. */
const BM25_K1 = 1.2
const BM25_B = 0.75
/**
 * Phrase and proximity: the best BM25 candidates are re-ranked by how close the question's terms
 * stand in them (within this many words), each pair adding up to this share of its rarer term's IDF.
 */
const PROXIMITY_CANDIDATES = 12
const PROXIMITY_WINDOW = 5
const PROXIMITY_WEIGHT = 0.5
/** Terms weighing less than this (in over ~80% of chunks) are left out when rarer ones are asked. */
const MIN_IDF = 0.2

/**
 * The chunks that best match a question, best first; none when nothing matches. Ranked by Okapi
 * BM25 over the chatbot's own term statistics (knowledge_terms): a word that nearly every chunk has
 * ("widget", the product's name) counts for little, the rare word that pins the answer down for a
 * lot, and long chunks do not win by length. Among the best, a chunk where the question's words
 * stand together ("customer support", not "customer" here and "support" there) moves up. The question's terms are English stems without stop
 * words, as in the chunks; a code written with hyphens ("ZX-715") is also one term.
 * docs/decisions/0017-bm25-retrieval.md
 */
export async function searchKnowledge(
	chatbotId: string,
	query: SearchQuery | string,
	limit = 4,
	db: Db = prisma,
): Promise<KnowledgeChunk[]> {
	const { question, earlier = '' } = typeof query === 'string' ? { question: query } : query
	// Nothing to look for in punctuation alone.
	if (!/[\p{L}\p{N}]/u.test(`${question} ${earlier}`)) return []
	return db.$queryRaw<KnowledgeChunk[]>`
		WITH asked AS (
			SELECT lexeme AS term, positions[1] AS at, 1::float8 AS weight
			FROM unnest(to_tsvector('english', left(${question}, 2000)))
			UNION ALL
			SELECT lexeme, NULL, ${EARLIER_WEIGHT}::float8 FROM unnest(to_tsvector('english', left(${earlier}, 2000)))
		),
		-- A follow-up's earlier question counts, for less than the latest one ("And the Eagle?").
		question AS (
			SELECT DISTINCT ON (term) term, at, weight FROM asked ORDER BY term, weight DESC
		),
		corpus AS (
			SELECT count(*)::float8 AS chunks, GREATEST(avg(term_count), 1)::float8 AS average_length
			FROM knowledge_chunks WHERE chatbot_id = ${chatbotId}::uuid
		),
		frequencies AS (
			SELECT t.term, count(*)::float8 AS df
			FROM knowledge_terms t JOIN question q ON q.term = t.term
			WHERE t.chatbot_id = ${chatbotId}::uuid
			GROUP BY t.term
		),
		weighted AS (
			SELECT f.term, q.at, q.weight, f.df, ln(1 + (corpus.chunks - f.df + 0.5) / (f.df + 0.5)) AS idf
			FROM frequencies f JOIN question q ON q.term = f.term, corpus
		),
		-- A term in over ~80% of the chunks weighs under 0.2 (a rare one about 8): when the question has
		-- rarer terms, the common ones are not read at all, which keeps a search of thousands of chunks fast.
		kept AS (
			SELECT * FROM weighted
			WHERE idf >= ${MIN_IDF}::float8 OR NOT EXISTS (SELECT 1 FROM weighted w WHERE w.idf >= ${MIN_IDF}::float8)
		),
		postings AS (
			SELECT t.chunk_id, t.tf, t.chunk_length, k.idf * k.weight AS idf
			FROM knowledge_terms t JOIN kept k ON k.term = t.term
			WHERE t.chatbot_id = ${chatbotId}::uuid
		),
		scored AS (
			SELECT p.chunk_id, sum(
				p.idf * p.tf * ${BM25_K1 + 1}::float8 /
				(p.tf + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * p.chunk_length / corpus.average_length))
			)::float8 AS rank
			FROM postings p, corpus
			GROUP BY p.chunk_id
			ORDER BY rank DESC
			LIMIT ${Math.max(limit * 3, PROXIMITY_CANDIDATES)}
		),
		-- Where the question's terms stand in each candidate chunk (from its tsvector's positions).
		hits AS (
			SELECT s.chunk_id, k.term, k.at, k.idf, l.positions
			FROM scored s JOIN knowledge_chunks c ON c.id = s.chunk_id, unnest(c.search_vector) l
			JOIN kept k ON k.term = l.lexeme
		),
		-- Each pair of the question's terms at its closest in the chunk: adjacent counts most, five
		-- words apart little, and the question's own phrase (same order, same gap) twice.
		pairs AS (
			SELECT a.chunk_id, least(a.idf, b.idf) AS idf,
				max(CASE WHEN pb - pa = b.at - a.at THEN 2.0 ELSE 1.0 END / ((pb - pa) * (pb - pa)))::float8 AS closeness
			FROM hits a JOIN hits b ON b.chunk_id = a.chunk_id AND a.term < b.term,
				unnest(a.positions) pa, unnest(b.positions) pb
			WHERE pa <> pb AND abs(pb - pa) <= ${PROXIMITY_WINDOW}
			GROUP BY a.chunk_id, a.term, b.term, a.idf, b.idf
		),
		proximity AS (
			SELECT chunk_id, sum(idf * closeness) * ${PROXIMITY_WEIGHT}::float8 AS boost FROM pairs GROUP BY chunk_id
		),
		ranked AS (
			SELECT scored.chunk_id, (scored.rank + COALESCE(proximity.boost, 0))::float8 AS rank
			FROM scored LEFT JOIN proximity ON proximity.chunk_id = scored.chunk_id
		)
		SELECT c.position, c.content, ranked.rank, COALESCE(p.url, NULLIF(s.origin, '')) AS url, COALESCE(p.title, s.title) AS title,
			c.heading
		FROM ranked
		JOIN knowledge_chunks c ON c.id = ranked.chunk_id
		JOIN knowledge_sources s ON s.id = c.source_id
		LEFT JOIN knowledge_pages p ON p.id = c.page_id
		ORDER BY ranked.rank DESC, s.created_at, c.position
		LIMIT ${limit}`
}

/** The opening chunks, as general context when a question matches nothing in particular. */
export async function firstChunks(chatbotId: string, limit = 2, db: Db = prisma): Promise<KnowledgeChunk[]> {
	// The typed text first (the owner's own summary, as a rule), then the oldest other sources.
	return db.$queryRaw<KnowledgeChunk[]>`
		SELECT c.position, c.content, 0::float8 AS rank, COALESCE(p.url, NULLIF(s.origin, '')) AS url, COALESCE(p.title, s.title) AS title,
			c.heading
		FROM knowledge_chunks c
		JOIN knowledge_sources s ON s.id = c.source_id
		LEFT JOIN knowledge_pages p ON p.id = c.page_id
		WHERE c.chatbot_id = ${chatbotId}::uuid
		ORDER BY s.kind <> 'text', s.created_at, p.depth NULLS FIRST, c.position
		LIMIT ${limit}`
}

/**
 * The words of a question that none of the chatbot's chunks uses (by their English stem): what the
 * knowledge cannot answer, whatever passage ranks first. The offline model says "I don't know" when
 * such a word is all the question asks besides the names it uses (docs/decisions/0032-quoting-offline-model.md).
 */
export async function unknownWords(chatbotId: string, question: string, db: Db = prisma): Promise<string[]> {
	const rows = await db.$queryRaw<Array<{ word: string }>>`
		WITH words AS (
			SELECT DISTINCT word FROM regexp_split_to_table(lower(left(${question}, 2000)), '[^[:alnum:]]+') AS word
			WHERE word <> ''
		),
		stems AS (SELECT w.word, l.lexeme FROM words w, unnest(to_tsvector('english', w.word)) l)
		SELECT s.word FROM stems s
		WHERE NOT EXISTS (
			SELECT 1 FROM knowledge_terms t WHERE t.chatbot_id = ${chatbotId}::uuid AND t.term = s.lexeme
		)`
	return rows.map((row) => row.word)
}

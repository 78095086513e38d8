// A chatbot's knowledge in Postgres: chunks, and each chunk's terms (by the app's one tokenizer,
// app/ai/terms.ts) with their counts and positions, ranked by the one ranking (app/ai/bm25.ts).
// Answers are built from the best-ranked chunks (ARCHITECTURE.md; ADR 0017, 0034).
import {
	askedTerms,
	bm25Scores,
	keptTerms,
	PROXIMITY_CANDIDATES,
	termsToCount,
	withProximity,
	type SearchQuery,
} from '~/ai/bm25.ts'
import { definedSubject, definingSentencePattern } from '~/ai/definitions.ts'
import { detectLanguage, termsOf, wordsOf } from '~/ai/terms.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { chunkKnowledge, chunkKnowledgeInSlices, HEADING_SEPARATOR } from './chunking.ts'

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
 * The version of the tokenizer (app/ai/terms.ts) that a chunk's terms were made with: chunks of an
 * earlier one are made again by the `retokenize-knowledge` job, so old and new chunks are searched
 * alike. Raise it when the tokenizer changes what terms a text gives.
 */
export const TERMS_VERSION = 3

/**
 * A chunk's terms for BM25: each term with how often it occurs and where (word indexes in the
 * content, for phrases and nearness), counting the terms of its label (the page's title and the
 * headings it sits under) with the content's; and its length in terms.
 */
function chunkTerms(label: string, content: string, heading: string | null) {
	const terms = new Map<string, { tf: number; positions: number[] }>()
	const count = (whole: string, at?: number) => {
		// Cut before counting: two long runs that share their first MAX_TERM_CHARS are one term, not
		// two rows with one key.
		const term = whole.slice(0, MAX_TERM_CHARS)
		const entry = terms.get(term) ?? { tf: 0, positions: [] }
		entry.tf++
		if (at !== undefined && entry.positions.length < MAX_POSITIONS) entry.positions.push(at)
		terms.set(term, entry)
	}
	// A chunk is read in its own language (its title's when it is too short to say; English when
	// neither says): "Envíos" in a Spanish shop's page is stemmed as Spanish (ADR 0055).
	const language = detectLanguage(content) ?? detectLanguage(`${label}\n${content}`) ?? 'en'
	const labelTerms = termsOf(label, { language })
	const contentTerms = termsOf(content, { language })
	// The chunk's own heading ("process.exit([code])", "Refund policy") names what it is about: its
	// words count HEADING_WEIGHT times in all (once in the content, where the chunk holds it), as
	// BM25F weighs a title field.
	const headingTerms = termsOf(heading?.split(HEADING_SEPARATOR).at(-1) ?? '', { language })
	for (const { term } of labelTerms) count(term)
	for (const { term, at } of contentTerms) count(term, at)
	for (let i = 1; i < HEADING_WEIGHT; i++) for (const { term } of headingTerms) count(term)
	return { terms, length: labelTerms.length + contentTerms.length + (HEADING_WEIGHT - 1) * headingTerms.length }
}

const HEADING_WEIGHT = 3

/** Positions kept per term and chunk: enough to find the question's words side by side. */
const MAX_POSITIONS = 64

/** The rows of knowledge_terms for some chunks (by their index in the batch), as column arrays. */
function termRows(chunks: Array<{ label: string; content: string; heading: string | null }>) {
	const rows = { chunk: [] as number[], term: [] as string[], tf: [] as number[], positions: [] as string[] }
	const lengths = chunks.map((chunk, index) => {
		const { terms, length } = chunkTerms(chunk.label, chunk.content, chunk.heading)
		for (const [term, { tf, positions }] of terms) {
			rows.chunk.push(index)
			rows.term.push(term)
			rows.tf.push(tf)
			rows.positions.push(`{${positions.join(',')}}`)
		}
		return length
	})
	return { rows, lengths }
}

/** A term as stored: a longer run of letters (a hash, a base64 blob) is cut, never refused. */
const MAX_TERM_CHARS = 200

/** The label a chunk's terms count with its content: its page's or file's title and its headings. */
const labelOf = (title: string | null, context: string | null | undefined) =>
	[title, context].filter(Boolean).join('\n').slice(0, 1000)

/**
 * Replaces the chunks of one source (or of one page of a website source) with those of `text`, and
 * returns how many there are. `title` (a page's title, a file's name) is counted with every chunk,
 * and the headings a chunk sits under (those it does not hold itself) with the chunk, so "refund
 * policy" finds the page of that title even where its text only says "returns". Run it inside a
 * transaction: until it commits, the old chunks keep answering, so a re-sync never leaves a gap.
 */
export async function replaceChunks(
	db: Db,
	target: { chatbotId: string; sourceId: string; pageId?: string | null },
	text: string,
	title = '',
) {
	const { chatbotId, sourceId, pageId = null } = target
	// Megabytes of text are cut with pauses, so other requests are served meanwhile.
	const chunks = text.length > LONG_TEXT_CHARS ? await chunkKnowledgeInSlices(text) : chunkKnowledge(text)
	if (pageId) await db.$executeRaw`DELETE FROM knowledge_chunks WHERE page_id = ${pageId}::uuid`
	else await db.$executeRaw`DELETE FROM knowledge_chunks WHERE source_id = ${sourceId}::uuid`
	// Batches keep each statement's parameters modest for very large knowledge bases.
	for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
		const batch = chunks.slice(start, start + CHUNK_BATCH)
		const positions = batch.map((_, i) => start + i)
		const contents = batch.map((chunk) => chunk.content)
		const headings = batch.map((chunk) => chunk.heading?.slice(0, MAX_HEADING_CHARS) ?? null)
		const { rows, lengths } = termRows(
			batch.map((chunk) => ({ label: labelOf(title, chunk.context), content: chunk.content, heading: chunk.heading })),
		)
		await db.$executeRaw`
			WITH inserted AS (
				INSERT INTO knowledge_chunks (chatbot_id, source_id, page_id, position, content, heading, term_count, terms_version)
				SELECT ${chatbotId}::uuid, ${sourceId}::uuid, ${pageId}::uuid, t.position, t.content, t.heading, t.length, ${TERMS_VERSION}::smallint
				FROM unnest(${positions}::int[], ${contents}::text[], ${headings}::text[], ${lengths}::int[]) AS t(position, content, heading, length)
				RETURNING id, position, term_count
			)
			INSERT INTO knowledge_terms (chunk_id, chatbot_id, term, tf, chunk_length, positions)
			SELECT i.id, ${chatbotId}::uuid, r.term, r.tf, i.term_count, r.positions::int[]
			FROM unnest(${rows.chunk}::int[], ${rows.term}::text[], ${rows.tf}::int[], ${rows.positions}::text[]) AS r(chunk, term, tf, positions)
			JOIN inserted i ON i.position = ${start}::int + r.chunk`
	}
	return chunks.length
}

/** Texts longer than this are chunked in slices (chunkKnowledgeInSlices). */
const LONG_TEXT_CHARS = 200_000

/** Chunks indexed per statement. */
const CHUNK_BATCH = 500

/**
 * The `retokenize-knowledge` job: makes the terms of chunks indexed with an earlier tokenizer again,
 * a batch at a time (each its own short transaction), so every chunk is searched with the terms a
 * question gives today. Returns how many chunks it re-made.
 */
export async function retokenizeKnowledge(batch = 200) {
	let done = 0
	for (;;) {
		const made = await prisma.$transaction(async (tx) => {
			const chunks = await tx.$queryRaw<
				Array<{ id: string; chatbotId: string; content: string; heading: string | null; title: string | null }>
			>`
				SELECT c.id, c.chatbot_id AS "chatbotId", c.content, c.heading, COALESCE(p.title, s.title) AS title
				FROM knowledge_chunks c
				JOIN knowledge_sources s ON s.id = c.source_id
				LEFT JOIN knowledge_pages p ON p.id = c.page_id
				WHERE c.terms_version < ${TERMS_VERSION}::smallint
				ORDER BY c.id
				LIMIT ${batch}
				FOR UPDATE OF c SKIP LOCKED`
			if (chunks.length === 0) return 0
			const ids = chunks.map((chunk) => chunk.id)
			const { rows, lengths } = termRows(
				chunks.map((chunk) => ({
					label: labelOf(chunk.title, chunk.heading),
					content: chunk.content,
					heading: chunk.heading,
				})),
			)
			await tx.$executeRaw`DELETE FROM knowledge_terms WHERE chunk_id = ANY(${ids}::uuid[])`
			await tx.$executeRaw`
				UPDATE knowledge_chunks c SET term_count = t.length, terms_version = ${TERMS_VERSION}::smallint
				FROM unnest(${ids}::uuid[], ${lengths}::int[]) AS t(id, length) WHERE c.id = t.id`
			const chatbotIds = chunks.map((chunk) => chunk.chatbotId)
			await tx.$executeRaw`
				INSERT INTO knowledge_terms (chunk_id, chatbot_id, term, tf, chunk_length, positions)
				SELECT (${ids}::uuid[])[r.chunk + 1], (${chatbotIds}::uuid[])[r.chunk + 1], r.term, r.tf,
					(${lengths}::int[])[r.chunk + 1], r.positions::int[]
				FROM unnest(${rows.chunk}::int[], ${rows.term}::text[], ${rows.tf}::int[], ${rows.positions}::text[]) AS r(chunk, term, tf, positions)`
			return chunks.length
		})
		done += made
		if (made < batch) return done
	}
}

/** Hourly (server/jobs.ts): chunks indexed with an earlier tokenizer get today's terms (docs/decisions/0034-one-tokenizer.md). */
export const retokenizeKnowledgeJob = defineJob({
	name: 'retokenize-knowledge',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const made = await retokenizeKnowledge()
		if (made > 0) helpers.logger.info(`Made the terms of ${made} knowledge chunks again with today's tokenizer`)
	},
})

/**
 * The chunks that best match a question, best first; none when nothing matches. Ranked by the one
 * ranking (app/ai/bm25.ts: Okapi BM25, then the question's words standing together) over the
 * chatbot's own term statistics, read from knowledge_terms: a word that nearly every chunk has
 * ("widget", the product's name) counts for little, the rare word that pins the answer down for a
 * lot, and long chunks do not win by length. Four short reads: the corpus and the asked terms'
 * counts; their postings (from the covering index alone); the best candidates' positions; the
 * chunks. docs/decisions/0017-bm25-retrieval.md, docs/decisions/0034-one-tokenizer.md
 */
export async function searchKnowledge(
	chatbotId: string,
	query: SearchQuery | string,
	limit = 4,
	db: Db = prisma,
): Promise<KnowledgeChunk[]> {
	const asked = askedTerms(query)
	// Nothing to look for in punctuation or stop words alone.
	if (asked.length === 0) return []
	const terms = termsToCount(asked)
	const [stats] = await db.$queryRaw<
		[{ documents: number; averageLength: number; frequencies: Record<string, number> | null }]
	>`
		SELECT count(*)::float8 AS documents, COALESCE(avg(term_count), 1)::float8 AS "averageLength",
			(SELECT jsonb_object_agg(term, df) FROM (
				SELECT term, count(*) AS df FROM knowledge_terms
				WHERE chatbot_id = ${chatbotId}::uuid AND term = ANY(${terms}::text[]) GROUP BY term
			) f) AS frequencies
		FROM knowledge_chunks WHERE chatbot_id = ${chatbotId}::uuid`
	const corpus = {
		documents: stats.documents,
		averageLength: stats.averageLength,
		documentFrequency: new Map(Object.entries(stats.frequencies ?? {})),
	}
	const kept = keptTerms(asked, corpus)
	if (kept.length === 0) return []
	const postings = await db.$queryRaw<Array<{ document: string; term: string; tf: number; length: number }>>`
		SELECT chunk_id AS document, term, tf, chunk_length AS length FROM knowledge_terms
		WHERE chatbot_id = ${chatbotId}::uuid AND term = ANY(${kept.map(({ term }) => term)}::text[])`
	const subject = definedSubject(typeof query === 'string' ? query : query.question)
	const wanted = Math.max(limit * 3, PROXIMITY_CANDIDATES)
	// For "What is X?", the best DEFINITION_POOL passages are scored, of which the text search reads
	// those holding X; the search's own candidates are the first of them.
	const scored = bm25Scores(kept, postings, corpus, subject ? Math.max(wanted, DEFINITION_POOL) : wanted)
	const candidates = scored.slice(0, wanted)
	const [definers, where] = await Promise.all([
		subject ? definingChunks(subject, scored, postings, kept.length, db) : [],
		db.$queryRaw<Array<{ document: string; term: string; positions: number[] }>>`
			SELECT chunk_id AS document, term, positions FROM knowledge_terms
			WHERE chunk_id = ANY(${candidates.map(({ document }) => document)}::uuid[])
				AND term = ANY(${kept.map(({ term }) => term)}::text[])`,
	])
	const ids = [...new Set([...candidates.map(({ document }) => document), ...definers])]
	const positions = new Map(where.map((row) => [`${row.document} ${row.term}`, row.positions]))
	const ranked = definersFirst(
		withProximity(candidates, kept, (document, term) => positions.get(`${document} ${term}`) ?? []),
		definers,
	)
	const chunks = await db.$queryRaw<Array<Omit<KnowledgeChunk, 'rank'> & { id: string; createdAt: Date }>>`
		SELECT c.id, c.position, c.content, COALESCE(p.url, NULLIF(s.origin, '')) AS url, COALESCE(p.title, s.title) AS title,
			c.heading, s.created_at AS "createdAt"
		FROM knowledge_chunks c
		JOIN knowledge_sources s ON s.id = c.source_id
		LEFT JOIN knowledge_pages p ON p.id = c.page_id
		WHERE c.id = ANY(${ids}::uuid[])`
	const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]))
	return (
		ranked
			.flatMap(({ document, score }) => {
				const chunk = byId.get(document)
				if (!chunk) return []
				const { id: _id, createdAt, ...rest } = chunk
				return [{ ...rest, rank: score, createdAt }]
			})
			// Ties: the older source first, then the earlier chunk (as the single statement ordered them).
			.sort((a, b) => b.rank - a.rank || a.createdAt.getTime() - b.createdAt.getTime() || a.position - b.position)
			.slice(0, limit)
			.map(({ createdAt: _createdAt, ...chunk }) => chunk)
	)
}

/** How many passages that define a "What is X?" question's X are put first: the answer and a second opinion. */
const DEFINING_CHUNKS = 2
/** How many of the best-scored passages a "What is X?" question's text search reads, at most. */
export const DEFINITION_POOL = 400

/**
 * For "What is Memcheck?": the chunks with a sentence that says "Memcheck is…". The count of a word
 * cannot find it: in Valgrind's manual a hundred passages say "Memcheck" more often than the one that
 * says what it is. A text search over the chatbot's chunks, only for such a question; the earliest
 * source's first (an overview before its details).
 */
async function definingChunks(
	subject: string,
	pool: Array<{ document: string }>,
	postings: Array<{ document: string; term: string }>,
	termCount: number,
	db: Db,
) {
	// Only the best-scored chunks that hold every term the search kept (the subject's words): the
	// text search reads at most DEFINITION_POOL of them, by their keys, never the whole knowledge (an
	// attacker's 20,000 chunks that all say X took 400 ms a question).
	const termsIn = new Map<string, number>()
	for (const { document } of postings) termsIn.set(document, (termsIn.get(document) ?? 0) + 1)
	const holding = pool.map(({ document }) => document).filter((document) => termsIn.get(document) === termCount)
	if (holding.length === 0) return []
	const rows = await db.$queryRaw<Array<{ id: string }>>`
		SELECT c.id FROM knowledge_chunks c JOIN knowledge_sources s ON s.id = c.source_id
		WHERE c.id = ANY(${holding}::uuid[]) AND c.content ~* ${definingSentencePattern(subject)}
		ORDER BY s.created_at, c.position LIMIT ${DEFINING_CHUNKS}`
	return rows.map((row) => row.id)
}

/** The defining chunks above every other, in their own order of score; the rest as ranked. */
function definersFirst(ranked: Array<{ document: string; score: number }>, definers: string[]) {
	if (definers.length === 0) return ranked
	const top = ranked[0]?.score ?? 0
	const own = new Map(ranked.map(({ document, score }) => [document, score]))
	const first = definers.map((document) => ({ document, score: top + (own.get(document) ?? 0) + 1e-6 }))
	return [...first, ...ranked.filter(({ document }) => !definers.includes(document))]
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
 * The words of a question that none of the chatbot's chunks uses (by any reading of them): what the
 * knowledge cannot answer, whatever passage ranks first. The offline model says "I don't know" when
 * such a word is all the question asks besides the names it uses (docs/decisions/0032-quoting-offline-model.md).
 */
export async function unknownWords(chatbotId: string, question: string, db: Db = prisma): Promise<string[]> {
	const words = wordsOf(question.slice(0, 2000))
	const terms = [...new Set(words.flatMap((word) => word.terms))]
	if (terms.length === 0) return []
	const rows = await db.$queryRaw<Array<{ term: string }>>`
		SELECT DISTINCT term FROM knowledge_terms WHERE chatbot_id = ${chatbotId}::uuid AND term = ANY(${terms}::text[])`
	const known = new Set(rows.map((row) => row.term))
	return [
		...new Set(
			words.filter((word) => word.terms.every((term) => !known.has(term))).map((word) => word.text.toLowerCase()),
		),
	]
}

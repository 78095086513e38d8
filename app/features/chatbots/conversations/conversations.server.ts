import type { TracedPassage } from '~/ai/knowledge-retriever.ts'
import { isChatbotRow, userChatbot } from '~/features/chatbots/chatbot-scope.server.ts'
// The owner's side of the conversation logs: the list (keyset pages, search, filters), one
// conversation with each answer's retrieval trace, deleting, unanswered questions grouped, and the
// retention job. Every read and change names the owner: another user's ids behave like missing ones.
// docs/decisions/0019-conversation-logs.md
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { personName } from '~/features/chatbots/handoff/person-name.ts'
import { answerEntry, appendKnowledge, knowledgeLimitOf } from '~/features/chatbots/knowledge-base.ts'
import { queueTextIndex } from '~/features/chatbots/text-source.server.ts'
import { Prisma } from '~/generated/prisma/client.ts'
import { isLockTimeout, prisma } from '~/lib/db.server.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { calendarDate, listCursor, type ConversationListQuery } from './conversation-schema.ts'

const CONVERSATIONS_PAGE_SIZE = 25

export type ConversationRow = {
	id: string
	kind: string
	startedAt: Date
	lastMessageAt: Date
	messageCount: number
	unansweredCount: number
	thumbsUp: number
	thumbsDown: number
	pageUrl: string | null
	country: string | null
	firstQuestion: string | null
}

/** The start of a date filter's day in the owner's time zone; null for no filter, or one that is not a real date. */
const dayStart = (date: string | undefined, timeZone: string) => {
	const day = calendarDate(date)
	return day ? `${day} 00:00:00 ${timeZone}` : null
}

/**
 * A page of a chatbot's conversations, newest first; null when the chatbot is not this user's.
 * `nextCursor` continues after the last row (keyset: steady at any depth, no OFFSET).
 */
export async function listConversations(
	userId: string,
	chatbotId: string,
	query: ConversationListQuery,
	{ timeZone, pageSize = CONVERSATIONS_PAGE_SIZE }: { timeZone: string; pageSize?: number },
) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	// Read again here, not trusted from the caller: PostgreSQL would answer a malformed one with an error.
	const cursor = listCursor(query.after)
	const [afterAt, afterId] = cursor ? [cursor.at, cursor.id] : [null, null]
	const search = query.q ? query.q : null
	const rows = await prisma.$queryRaw<Array<ConversationRow & { cursorAt: string }>>`
		SELECT c.id, c.kind, c.started_at AS "startedAt", c.last_message_at AS "lastMessageAt",
			c.message_count AS "messageCount", c.unanswered_count AS "unansweredCount",
			c.thumbs_up AS "thumbsUp", c.thumbs_down AS "thumbsDown", c.page_url AS "pageUrl", c.country,
			-- The cursor keeps PostgreSQL's microseconds: cut to a JavaScript Date's milliseconds, rows
			-- in the same millisecond as the page's last one, but before it, were skipped.
			to_char(c.last_message_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
			(SELECT left(m.text, 200) FROM chatbot_messages m WHERE m.conversation_id = c.id AND m.role = 'user'
				ORDER BY m.created_at LIMIT 1) AS "firstQuestion"
		FROM chatbot_conversations c
		WHERE c.chatbot_id = ${chatbotId}::uuid AND c.kind = ${query.kind}
			AND (${afterAt}::timestamptz IS NULL OR (c.last_message_at, c.id) < (${afterAt}::timestamptz, ${afterId}::uuid))
			AND (${query.filter} <> 'unanswered' OR c.unanswered_count > 0)
			AND (${query.filter} <> 'thumbs-down' OR c.thumbs_down > 0)
			AND (${query.filter} <> 'thumbs-up' OR c.thumbs_up > 0)
			AND (${dayStart(query.from, timeZone)}::timestamptz IS NULL OR c.last_message_at >= ${dayStart(query.from, timeZone)}::timestamptz)
			AND (${dayStart(query.to, timeZone)}::timestamptz IS NULL OR c.started_at < ${dayStart(query.to, timeZone)}::timestamptz + interval '1 day')
			AND (${search}::text IS NULL OR c.id IN (
				SELECT m.conversation_id FROM chatbot_messages m
				WHERE m.chatbot_id = ${chatbotId}::uuid AND m.search_vector @@ websearch_to_tsquery('english', ${search}::text)))
		ORDER BY c.last_message_at DESC, c.id DESC
		LIMIT ${pageSize + 1}`
	const more = rows.length > pageSize
	const page = rows.slice(0, pageSize).map(({ cursorAt: _cursorAt, ...row }): ConversationRow => row)
	const last = rows[page.length - 1]
	return { rows: page, nextCursor: more && last ? `${last.cursorAt}_${last.id}` : null }
}

export type StoredMessage = {
	id: string
	role: 'user' | 'assistant'
	text: string
	createdAt: Date
	firstTokenMs: number | null
	latencyMs: number | null
	model: string | null
	/** Why the chosen model failed on this turn, in words. */
	modelError: string | null
	answered: boolean | null
	sources: TracedPassage[] | null
	feedback: 'up' | 'down' | null
	feedbackComment: string | null
	/** Who wrote it: the visitor, the bot, or a person of the team (authorName: as the visitor saw them, personName). */
	author: 'bot' | 'person' | 'visitor'
	authorName: string | null
}

/** One conversation with its messages and their traces; null when it is not this user's chatbot's. */
export async function getConversation(userId: string, chatbotId: string, conversationId: string) {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return null
	const [conversation] = await prisma.$queryRaw<
		Array<ConversationRow & { handoffState: 'bot' | 'waiting' | 'person'; handoffUserId: string | null }>
	>`
		SELECT c.id, c.kind, c.started_at AS "startedAt", c.last_message_at AS "lastMessageAt",
			c.message_count AS "messageCount", c.unanswered_count AS "unansweredCount",
			c.thumbs_up AS "thumbsUp", c.thumbs_down AS "thumbsDown", c.page_url AS "pageUrl", c.country,
			NULL AS "firstQuestion", c.handoff_state AS "handoffState", c.handoff_user_id AS "handoffUserId"
		FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
		WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND b.user_id = ${userId}::uuid
			AND ${isChatbotRow('b')}`
	if (!conversation) return null
	const messages = await prisma.$queryRaw<StoredMessage[]>`
		SELECT m.id, m.role, m.text, m.created_at AS "createdAt", m.first_token_ms AS "firstTokenMs", m.latency_ms AS "latencyMs",
			m.model, m.model_error AS "modelError", m.answered, m.sources, m.feedback, m.feedback_comment AS "feedbackComment",
			m.author, u.full_name AS "authorName"
		FROM chatbot_messages m LEFT JOIN users u ON u.id = m.author_user_id
		WHERE m.conversation_id = ${conversationId}::uuid
		ORDER BY m.created_at, m.role DESC
		LIMIT 500`
	// The person named as the visitor saw them, and as the live view names them (one rule, ADR 0073).
	for (const message of messages)
		message.authorName = message.author === 'person' ? personName(message.authorName) : null
	return { conversation, messages }
}

/** Deletes one conversation; false when it is not this user's chatbot's. */
export async function deleteConversation(userId: string, chatbotId: string, conversationId: string) {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return false
	const count = await prisma.$executeRaw`
		DELETE FROM chatbot_conversations c USING chatbots b
		WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND b.id = c.chatbot_id AND b.user_id = ${userId}::uuid
			AND ${isChatbotRow('b')}`
	return count === 1
}

/** Deletes every conversation of a chatbot (visitors' and tests'); null when it is not this user's. */
export async function deleteAllConversations(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	return prisma.$executeRaw`DELETE FROM chatbot_conversations WHERE chatbot_id = ${chatbotId}::uuid`
}

/**
 * How many conversations "Delete all" would delete, visitors' and tests', for its confirmation
 * (ADR 0048); null when the chatbot is not this user's.
 */
export async function countConversations(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	return prisma.chatbotConversation.count({ where: { chatbotId } })
}

/** Sets how many days conversations are kept; false when the chatbot is not this user's. */
export async function setRetention(userId: string, chatbotId: string, retentionDays: number) {
	if (!isUuid(chatbotId)) return false
	const { count } = await prisma.chatbot.updateMany({ where: userChatbot(userId, chatbotId), data: { retentionDays } })
	return count === 1
}

// ─── Unanswered questions ────────────────────────────────────────────────────────────────────────

export type UnansweredGroup = {
	/** The question as most recently asked, the one the answer form shows. */
	question: string
	/** Other ways it was asked. */
	variants: string[]
	count: number
	lastAskedAt: Date
	thumbsDown: number
	/** The unanswered (or thumbs-down) replies, marked resolved when an answer is added. */
	messageIds: string[]
}

type UnansweredRow = {
	id: string
	question: string
	askedAt: Date
	thumbsDown: boolean
	terms: string[]
}

/**
 * Share of the smaller term set that two questions must have in common to be grouped: half, so
 * "Can I pay with bitcoin?" and "Do you take bitcoin payments?" (pay, bitcoin / take, bitcoin,
 * payment) fall together. Crude, and documented as such in the ADR: it groups by words, not meaning.
 */
const GROUP_OVERLAP = 0.5

/**
 * Questions the chatbot did not answer, or whose answer got a thumbs down, not yet resolved, over
 * the last `days` (the newest 1,000), grouped when they share most of their terms (English stems,
 * stop words left out, as retrieval reads them). Largest groups first.
 */
export async function unansweredQuestions(userId: string, chatbotId: string, days = 90) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	const rows = await prisma.$queryRaw<UnansweredRow[]>`
		SELECT a.id, q.text AS question, q.created_at AS "askedAt", a.feedback = 'down' AS "thumbsDown",
			ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', left(q.text, 500)))) AS terms
		FROM chatbot_messages a
		JOIN chatbot_conversations c ON c.id = a.conversation_id AND c.kind = 'embed'
		JOIN LATERAL (
			SELECT text, created_at FROM chatbot_messages u
			WHERE u.conversation_id = a.conversation_id AND u.role = 'user' AND u.created_at <= a.created_at
			ORDER BY u.created_at DESC LIMIT 1
		) q ON true
		WHERE a.chatbot_id = ${chatbotId}::uuid AND a.role = 'assistant'
			AND (a.answered = false OR a.feedback = 'down')
			AND a.resolved_at IS NULL
			AND a.created_at > now() - make_interval(days => ${days})
		ORDER BY a.created_at DESC
		LIMIT 1000`
	return groupQuestions(rows)
}

/**
 * Stems of the verbs and words most questions share, whatever they are about ("how long does it
 * take", "can I get"): left out when comparing questions, so that "take" alone does not put "Do you
 * take bitcoin?" with "How long does delivery take?".
 */
const GENERIC_TERMS = new Set([
	'take',
	'get',
	'can',
	'need',
	'want',
	'know',
	'tell',
	'make',
	'use',
	'find',
	'give',
	'go',
	'come',
	'long',
	'much',
	'mani',
	'work',
	'like',
	'help',
	'pleas',
	'would',
	'could',
	'possibl',
	'ani',
	'also',
])

export function groupQuestions(rows: UnansweredRow[]): UnansweredGroup[] {
	const groups: Array<UnansweredGroup & { terms: Set<string> }> = []
	for (const row of rows) {
		const specific = row.terms.filter((term) => !GENERIC_TERMS.has(term))
		const terms = new Set(specific.length > 0 ? specific : row.terms)
		const normal = row.question.trim().toLowerCase()
		const group = groups.find((candidate) => {
			if (candidate.question.trim().toLowerCase() === normal) return true
			if (terms.size === 0 || candidate.terms.size === 0) return false
			let shared = 0
			for (const term of terms) if (candidate.terms.has(term)) shared++
			return shared / Math.min(terms.size, candidate.terms.size) >= GROUP_OVERLAP
		})
		if (!group) {
			groups.push({
				question: row.question,
				variants: [],
				count: 1,
				lastAskedAt: row.askedAt,
				thumbsDown: row.thumbsDown ? 1 : 0,
				messageIds: [row.id],
				terms,
			})
			continue
		}
		group.count++
		group.thumbsDown += row.thumbsDown ? 1 : 0
		group.messageIds.push(row.id)
		const known = [group.question, ...group.variants].some((text) => text.trim().toLowerCase() === normal)
		if (!known && group.variants.length < 5) group.variants.push(row.question)
	}
	return groups
		.sort((a, b) => b.count - a.count || b.lastAskedAt.getTime() - a.lastAskedAt.getTime())
		.map(({ terms: _terms, ...group }) => group)
}

/**
 * Adds a question and its answer to the chatbot's typed knowledge (re-indexed by a job queued at
 * once, so the next visitor who asks gets it within moments) and marks the replies it answers
 * resolved. Null when the chatbot is not this user's; a message when the knowledge would outgrow its
 * limit.
 */
export async function addAnswer(
	userId: string,
	chatbotId: string,
	{ question, answer, messageIds }: { question: string; answer: string; messageIds: string[] },
	{ maxChars }: { maxChars: number },
) {
	if (!isUuid(chatbotId)) return null
	const added = prisma.$transaction(
		async (tx) => {
			const chatbot = await tx.chatbot.findFirst({
				where: userChatbot(userId, chatbotId),
				select: { knowledgeBase: true },
			})
			if (!chatbot) return null
			const knowledgeBase = appendKnowledge(chatbot.knowledgeBase, answerEntry(question, answer))
			if (knowledgeBase.length > maxChars) return { error: knowledgeLimitOf(maxChars) }
			await tx.chatbot.update({ where: { id: chatbotId }, data: { knowledgeBase } })
			await queueTextIndex(tx, { userId, chatbotId, chars: knowledgeBase.length })
			// Resolved replies leave the unanswered list.
			await tx.$executeRaw`
				UPDATE chatbot_messages SET resolved_at = now()
				WHERE id = ANY(${messageIds}::uuid[]) AND chatbot_id = ${chatbotId}::uuid`
			return { error: null }
		},
		{ timeout: 20_000 },
	)
	return added.catch((error: unknown) => {
		// A save of the same chatbot held its row past DATABASE_LOCK_TIMEOUT_MS: say so, not a 500.
		if (isLockTimeout(error)) return { error: chatbotBuilder.toasts.saveBusy.description }
		throw error
	})
}

// ─── Retention ───────────────────────────────────────────────────────────────────────────────────

/** How many stored messages a user's chatbots keep in all; the oldest conversations go first past it. */
const MAX_STORED_MESSAGES_PER_USER = 200_000
/**
 * How many bytes of conversation logs a user's chatbots keep in all (messages' text, traces and
 * comments): the oldest conversations go first past it. Messages are capped in length, but
 * 200,000 of them with their traces could still be gigabytes; this keeps one owner's logs to 100 MB.
 */
const MAX_STORED_CONVERSATION_BYTES_PER_USER = 100 * 1024 * 1024
const DELETE_BATCH = 1000

/** What one stored message weighs: its text, its retrieval trace and the visitor's comment (sizes read without detoasting). */
const MESSAGE_BYTES = Prisma.sql`(octet_length(m.text) + COALESCE(octet_length(m.sources::text), 0) + COALESCE(octet_length(m.feedback_comment), 0))`

/**
 * Deletes a user's oldest conversations beyond `cap`, counted newest first by `weight` (an SQL
 * expression over the conversation `c`: its messages, or its bytes): the newest that fit stay.
 */
function removeOldestBeyond(userId: string, weight: Prisma.Sql, cap: number) {
	return prisma.$executeRaw`
		DELETE FROM chatbot_conversations WHERE id IN (
			SELECT id FROM (
				SELECT c.id, sum(w.units) OVER (ORDER BY c.last_message_at DESC, c.id DESC) AS kept
				FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
				CROSS JOIN LATERAL (SELECT ${weight} AS units) w
				WHERE b.user_id = ${userId}::uuid
			) ranked WHERE kept > ${cap})`
}

/**
 * The retention job: conversations older than their chatbot's retention, then, for any user over
 * the stored-message cap or the stored-bytes cap, their oldest conversations until they fit.
 * Deletes in batches so a big backlog never holds long locks. Returns how many conversations went.
 */
export async function pruneConversations({
	maxMessagesPerUser = MAX_STORED_MESSAGES_PER_USER,
	maxBytesPerUser = MAX_STORED_CONVERSATION_BYTES_PER_USER,
} = {}) {
	let removed = 0
	for (;;) {
		const count = await prisma.$executeRaw`
			DELETE FROM chatbot_conversations WHERE id IN (
				SELECT c.id FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
				WHERE c.last_message_at < now() - make_interval(days => b.retention_days)
				LIMIT ${DELETE_BATCH})`
		removed += count
		if (count < DELETE_BATCH) break
	}
	const over = await prisma.$queryRaw<Array<{ userId: string; stored: number }>>`
		SELECT b.user_id AS "userId", sum(c.message_count)::int AS stored
		FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
		GROUP BY b.user_id HAVING sum(c.message_count) > ${maxMessagesPerUser}`
	for (const { userId, stored } of over) {
		const count = await removeOldestBeyond(userId, Prisma.sql`c.message_count`, maxMessagesPerUser)
		console.warn(
			`Conversation logs: user ${userId} had ${stored} stored messages (cap ${maxMessagesPerUser}); removed their ${count} oldest conversations`,
		)
		removed += count
	}
	const heavy = await prisma.$queryRaw<Array<{ userId: string; stored: number }>>`
		SELECT b.user_id AS "userId", sum(${MESSAGE_BYTES})::float8 AS stored
		FROM chatbot_messages m JOIN chatbots b ON b.id = m.chatbot_id
		GROUP BY b.user_id HAVING sum(${MESSAGE_BYTES}) > ${maxBytesPerUser}`
	for (const { userId, stored } of heavy) {
		const count = await removeOldestBeyond(
			userId,
			Prisma.sql`(SELECT COALESCE(sum(${MESSAGE_BYTES}), 0) FROM chatbot_messages m WHERE m.conversation_id = c.id)`,
			maxBytesPerUser,
		)
		console.warn(
			`Conversation logs: user ${userId} had ${Math.round(stored)} bytes of stored conversations (cap ${maxBytesPerUser}); removed their ${count} oldest conversations`,
		)
		removed += count
	}
	return removed
}

/** Hourly (server/jobs.ts): the retention of conversation logs (docs/decisions/0019-conversation-logs.md). */
export const pruneConversationsJob = defineJob({
	name: 'prune-conversations',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const removed = await pruneConversations()
		if (removed > 0) helpers.logger.info(`Removed ${removed} conversations past their chatbot's retention`)
	},
})

/** The chatbot page's Activity card: visitors' conversations and answers of the last 7 days, open questions, leads. */
export async function activitySummary(chatbotId: string) {
	const [summary] = await prisma.$queryRaw<
		Array<{ conversations: number; answers: number; answered: number; unanswered: number; leads: number }>
	>`
		SELECT
			(SELECT count(*)::int FROM chatbot_conversations
				WHERE chatbot_id = ${chatbotId}::uuid AND kind = 'embed' AND last_message_at > now() - interval '7 days') AS conversations,
			count(*)::int AS answers,
			count(*) FILTER (WHERE m.answered)::int AS answered,
			(SELECT count(*)::int FROM chatbot_messages a JOIN chatbot_conversations c ON c.id = a.conversation_id AND c.kind = 'embed'
				WHERE a.chatbot_id = ${chatbotId}::uuid AND a.role = 'assistant' AND (a.answered = false OR a.feedback = 'down')
				AND a.resolved_at IS NULL AND a.created_at > now() - interval '90 days') AS unanswered,
			(SELECT count(*)::int FROM chatbot_leads WHERE chatbot_id = ${chatbotId}::uuid) AS leads
		FROM chatbot_messages m JOIN chatbot_conversations c ON c.id = m.conversation_id AND c.kind = 'embed'
		WHERE m.chatbot_id = ${chatbotId}::uuid AND m.role = 'assistant' AND m.created_at > now() - interval '7 days'`
	return summary
}

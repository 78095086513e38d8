// Writing what a chatbot is asked and answers, as it happens: the conversation and the visitor's
// message in one statement before the model is called (in parallel with retrieval, so the visitor
// waits for neither), the answer with its retrieval trace after its last word has been sent.
// A failed write is logged and never costs the visitor their answer. docs/decisions/0019-conversation-logs.md
import crypto from 'node:crypto'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import type { TracedPassage } from '~/ai/knowledge-retriever.ts'
import { OFFLINE_DONT_KNOW } from '~/ai/offline-model.server.ts'
import { ownDontKnow } from '~/ai/system-prompt.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { getSessionSecret } from '~/lib/session-secret.server.ts'
import { HANDOFF_NOTICE_MODEL, LEAD_FORM_MODEL } from './reply-labels.ts'

/** Who is talking to which chatbot, as the chat request tells it. */
export type TurnContext = {
	chatbotId: string
	kind: 'embed' | 'test'
	/** The widget's id for this conversation (a new one after "New conversation"). */
	clientId: string
	/** The widget's anonymous visitor id; the owner's user id for the preview. */
	visitorId: string
	pageUrl: string | null
	country: string | null
	ipHash: string | null
}

export type FinishedAnswer = {
	/** The id the widget was given for the answer (its feedback names it). */
	messageId: string
	text: string
	firstTokenMs: number | null
	latencyMs: number
	model: string
	/** Why the chosen model failed on this turn, in words; the reply is then the apology or the offline model's. */
	modelError?: string | null
	answered: boolean
	passages: TracedPassage[]
}

const ID = /^[\w-]{8,64}$/

/**
 * The most of a reply that is stored. Replies are capped at 1,024 tokens by the model call (a few
 * thousand characters), but the log does not rely on every model honouring that.
 */
export const STORED_REPLY_MAX_CHARS = 16_000

/** A client-chosen id we keep: letters, digits, _ and -, 8 to 64 of them; anything else gets a fresh one. */
export const clientIdOr = (value: unknown, fallback = () => crypto.randomUUID()) =>
	typeof value === 'string' && ID.test(value) ? value : fallback()

/**
 * A coarse location from the headers the site's own proxy or CDN sets (Cloudflare, Vercel,
 * CloudFront), two letters or nothing: no lookup service sees our visitors.
 */
export function countryOf(request: Request) {
	for (const header of ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country', 'x-country-code']) {
		const value = request.headers.get(header)?.trim().toUpperCase()
		if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value
	}
	return null
}

/**
 * The visitor's client key (an IPv4 address, or an IPv6 address's /64) as a daily-salted hash: the
 * same visitor counts once a day, and cannot be found from it. The key rather than the full address:
 * an IPv6 visitor's privacy addresses change within their /64 during the day, and the hash keeps no
 * more about a visitor than the rate limits use.
 */
export function ipHashOf(request: Request, now = new Date()) {
	const ip = clientKey(request)
	if (ip === 'unknown') return null
	const day = now.toISOString().slice(0, 10)
	const salt = crypto.createHmac('sha256', getSessionSecret()).update(`visitor-ip/${day}`).digest()
	return crypto.createHmac('sha256', salt).update(ip).digest('base64url').slice(0, 22)
}

/** A page address worth keeping: http(s), no credentials, at most 500 characters. */
export function pageUrlOf(origin: string | null, path: unknown) {
	if (!origin || typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return origin
	try {
		const url = new URL(path, origin)
		if (url.origin !== origin) return origin
		return url.toString().slice(0, 500)
	} catch {
		return origin
	}
}

const DONT_KNOW_PHRASES =
	/\b(?:i (?:do not|don['’]t|dont) (?:know|have (?:that|this|any|enough|the) (?:information|details))|i['’]?m (?:not sure|unable to (?:find|answer))|(?:is|was) not (?:in|covered by|mentioned in) (?:the|my) (?:knowledge|information|documents)|i (?:could not|couldn['’]t|cannot|can['’]t) find (?:that|this|any|the answer))/i

/**
 * Whether a reply answered the question: not when nothing in the knowledge matched, nor when it is
 * an "I don't know" (ours, the owner's own words from their instructions, or the usual phrasings).
 */
export function isAnswered(text: string, { matched, systemPrompt }: { matched: boolean; systemPrompt: string }) {
	const reply = text.trim()
	if (!matched || !reply) return false
	const own = ownDontKnow(systemPrompt)
	if (reply.startsWith(OFFLINE_DONT_KNOW) || (own && reply.includes(own))) return false
	return !DONT_KNOW_PHRASES.test(reply)
}

/**
 * The conversation (made on its first message) and the visitor's message, in one round trip.
 * Returns the conversation's id, or null when the write failed (logged; the chat goes on).
 */
export async function startTurn(turn: TurnContext, question: string): Promise<string | null> {
	try {
		const rows = await prisma.$queryRaw<Array<{ id: string }>>`
			WITH conversation AS (
				INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, kind, page_url, country, ip_hash, message_count)
				VALUES (${turn.chatbotId}::uuid, ${turn.clientId}, ${turn.visitorId}, ${turn.kind}, ${turn.pageUrl}, ${turn.country}, ${turn.ipHash}, 1)
				ON CONFLICT (chatbot_id, visitor_id, client_id) DO UPDATE
				SET last_message_at = now(), message_count = chatbot_conversations.message_count + 1,
					page_url = COALESCE(chatbot_conversations.page_url, EXCLUDED.page_url),
					country = COALESCE(chatbot_conversations.country, EXCLUDED.country)
				RETURNING id
			), message AS (
				INSERT INTO chatbot_messages (conversation_id, chatbot_id, role, text, author)
				SELECT id, ${turn.chatbotId}::uuid, 'user', ${question.slice(0, CHAT_MESSAGE_MAX_CHARS)}, 'visitor' FROM conversation
				RETURNING conversation_id
			)
			SELECT conversation_id AS id FROM message`
		return rows[0]?.id ?? null
	} catch (error) {
		console.error(`Chatbot ${turn.chatbotId}: storing a ${turn.kind} question failed: ${(error as Error).message}`)
		return null
	}
}

/** Where an answer is written: the client, or a transaction of the caller's. */
type Db = Pick<Prisma.TransactionClient, '$executeRaw'>

/**
 * Stores an answer the product wrote itself (the lead-form offer, a handoff notice), named by `model`
 * in place of a model, as answered and without passages; returns its id for the widget.
 */
export async function finishFixedTurn(
	chatbotId: string,
	conversationId: string,
	{ text, model, startedAt }: { text: string; model: string; startedAt: number | null },
	db: Db = prisma,
) {
	const messageId = crypto.randomUUID()
	const latencyMs = startedAt === null ? 0 : Math.round(performance.now() - startedAt)
	await finishTurn(
		chatbotId,
		conversationId,
		{
			messageId,
			text,
			firstTokenMs: startedAt === null ? null : latencyMs,
			latencyMs,
			model,
			answered: true,
			passages: [],
		},
		db,
	)
	return messageId
}

/**
 * Stores the answer and its trace, and counts it on the conversation (an unanswered one too). In a
 * caller's transaction (`db`) a failure is logged too, and leaves that transaction failed: its next
 * statement throws.
 */
export async function finishTurn(chatbotId: string, conversationId: string, answer: FinishedAnswer, db: Db = prisma) {
	try {
		await db.$executeRaw`
			WITH message AS (
				INSERT INTO chatbot_messages (id, conversation_id, chatbot_id, role, text, first_token_ms, latency_ms, model, model_error, answered, sources)
				VALUES (${answer.messageId}::uuid, ${conversationId}::uuid, ${chatbotId}::uuid, 'assistant', ${answer.text.slice(0, STORED_REPLY_MAX_CHARS)},
					${answer.firstTokenMs}, ${answer.latencyMs}, ${answer.model}, ${answer.modelError ?? null}, ${answer.answered}, ${JSON.stringify(answer.passages)}::jsonb)
				RETURNING conversation_id
			)
			UPDATE chatbot_conversations c
			SET last_message_at = now(), message_count = c.message_count + 1,
				unanswered_count = c.unanswered_count + ${answer.answered ? 0 : 1}
			FROM message WHERE c.id = message.conversation_id`
	} catch (error) {
		console.error(
			`Chatbot ${chatbotId}: storing answer ${answer.messageId} of conversation ${conversationId} failed: ${(error as Error).message}`,
		)
	}
}

/**
 * A visitor's thumbs up or down (null takes it back) on one of the answers they were given, with
 * an optional comment. 'not-found' when that message is not theirs (or not stored, or not this
 * chatbot's); 'not-an-answer' when it is a person's message or the product's own notice (the
 * handoff's, the lead form's offer), which rate no answer of the chatbot's: the widget shows no
 * thumbs under them, and a post that rates them anyway must not count in the chatbot's insights.
 */
export async function setFeedback(
	chatbotId: string,
	visitorId: string,
	messageId: string,
	rating: 'up' | 'down' | null,
	comment: string | null,
) {
	// Data-modifying CTEs run whether or not the last SELECT reads them.
	const rows = await prisma.$queryRaw<Array<{ answer: boolean }>>`
		WITH target AS (
			SELECT m.id, m.feedback AS before, m.conversation_id,
				m.author = 'bot' AND m.model IS DISTINCT FROM ${HANDOFF_NOTICE_MODEL} AND m.model IS DISTINCT FROM ${LEAD_FORM_MODEL} AS answer
			FROM chatbot_messages m JOIN chatbot_conversations c ON c.id = m.conversation_id
			WHERE m.id = ${messageId}::uuid AND m.role = 'assistant'
				AND c.chatbot_id = ${chatbotId}::uuid AND c.visitor_id = ${visitorId}
			FOR UPDATE OF m
		), changed AS (
			UPDATE chatbot_messages m SET feedback = ${rating}, feedback_comment = ${rating === 'down' ? comment : null}
			FROM target WHERE m.id = target.id AND target.answer
			RETURNING target.before, target.conversation_id
		), counted AS (
			UPDATE chatbot_conversations c
			SET thumbs_up = c.thumbs_up + (${rating}::text IS NOT DISTINCT FROM 'up')::int - (changed.before IS NOT DISTINCT FROM 'up')::int,
				thumbs_down = c.thumbs_down + (${rating}::text IS NOT DISTINCT FROM 'down')::int - (changed.before IS NOT DISTINCT FROM 'down')::int
			FROM changed WHERE c.id = changed.conversation_id
			RETURNING c.id
		)
		SELECT target.answer FROM target`
	const [row] = rows
	if (!row) return 'not-found' as const
	return row.answer ? ('saved' as const) : ('not-an-answer' as const)
}

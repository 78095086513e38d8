// A person steps in. A visitor asks for a person (the widget's "Talk to a person", or in their own
// words): the conversation waits, and a job scheduled for the end of the wait offers the lead form
// and e-mails the owner if nobody joined. The owner takes it over from the Playground: the bot is
// paused, their messages go to the visitor's widget and the visitor's to them; Hand back resumes
// the bot. Everything is in PostgreSQL: the state on the conversation, each message with its author,
// and every change NOTIFYed (ids only) by the conversations trigger, so each app instance re-reads
// the rows for the streams it holds, whichever instance the visitor and the owner are on.
// docs/decisions/0061-live-handoff-over-listen-notify.md
import crypto from 'node:crypto'
import { z } from 'zod'
import { CHAT_MESSAGE_MAX_CHARS } from '~/ai/chat-limits.ts'
import { textOf } from '~/ai/chat-schema.ts'
import { streamFixedReply, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { asksForAPerson } from '~/features/chatbots/conversations/asks-for-a-person.ts'
import {
	finishFixedTurn,
	startTurn,
	type TurnContext,
} from '~/features/chatbots/conversations/conversation-log.server.ts'
import { HANDOFF_NOTICE_MODEL, isNoticeModel, LEAD_FORM_MODEL } from '~/features/chatbots/conversations/reply-labels.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { encodeEvent, eventStreamResponse, openStreamCount, type StreamHolder } from '~/lib/event-stream.server.ts'
import { tooManyRequests } from '~/lib/http.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { HEARTBEAT_MS } from '~/lib/live-feed.server.ts'
import { deliverEmail } from '~/lib/mail.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { consumeRateLimit, type RateLimitRule } from '~/lib/rate-limit.server.ts'
import { tableChangeListener } from '~/lib/table-changes.server.ts'
import { handoffCopy } from './handoff-copy.ts'
import type { Author, HandoffSnapshot, HandoffState, WaitingSummary } from './handoff-schema.ts'
import {
	handoffSettingsOf,
	isOpen,
	replyWhen,
	type HandoffSettings,
	type HandoffSettingsForm,
} from './handoff-settings.ts'
import { personName } from './person-name.ts'

/** How long a typing stamp counts as typing. */
const TYPING_MS = 6_000
/**
 * A person who took a conversation over and has shown no sign for this long (no message, no typing,
 * the conversation not open in front of them) has left it: the bot answers again (ADR 0061).
 */
export const HANDOFF_IDLE_MS = 10 * 60_000
/** How often an open view of a conversation its person holds says they are still there. */
const WATCHING_EVERY_MS = 60_000
/** Signs of the person closer together than this are not written again (each write is NOTIFYed to every stream). */
const ACTIVE_STAMP_S = 30
/** The conversations trigger (migration 20261122170000_conversation_logs) NOTIFYs here. */
const conversationChanges = () => tableChangeListener('chatbot_conversations_changes')

/** The owner's time zone: the team's opening hours are theirs. */
const teamTimeZone = () => getEnv().DASHBOARD_TIME_ZONE

/** Whether the team is outside its opening hours now: the widget then names its action honestly. */
export const handoffClosedNow = (settings: HandoffSettings) => !isOpen(settings, new Date(), teamTimeZone())

// ─── The visitor's side ──────────────────────────────────────────────────────────────────────────

/** A visitor's conversation, as the widget names it: never by its database id. */
export type VisitorConversation = { chatbotId: string; visitorId: string; clientId: string }

async function conversationOf(key: VisitorConversation) {
	const [row] = await prisma.$queryRaw<Array<{ id: string; state: HandoffState }>>`
		SELECT id, handoff_state AS state FROM chatbot_conversations
		WHERE chatbot_id = ${key.chatbotId}::uuid AND visitor_id = ${key.visitorId} AND client_id = ${key.clientId} AND kind = 'embed'`
	return row ?? null
}

/** The chat answer to a request for a person (or to any message while a person has the conversation). */
function fixedAnswer(text: string, parts: Array<{ type: `data-${string}`; data: unknown }> = []) {
	return streamFixedReply(text, { messageId: crypto.randomUUID(), parts })
}

/**
 * Runs before the bot answers an embedded chat turn, when the chatbot's handoff is on. A message
 * to a conversation a person has (or waits for) is stored for them and the bot stays quiet; a
 * request for a person starts the wait, or outside opening hours offers the lead form. Null: the bot
 * answers as usual.
 */
export async function handoffFirst(
	settings: HandoffSettings,
	messages: IncomingMessage[],
	turn: TurnContext,
	{ origin, now = new Date() }: { origin: string; now?: Date },
): Promise<Response | null> {
	if (!settings.enabled || turn.kind !== 'embed') return null
	const question = textOf(messages.findLast((message) => message.role === 'user') ?? { parts: [] })
	const existing = await conversationOf(turn)
	if (existing && existing.state !== 'bot') {
		// The widget sends these to the handoff API; a turn that raced a take-over lands here.
		await visitorSays(turn, crypto.randomUUID(), question)
		return fixedAnswer(handoffCopy.widget.passedOn, [
			{ type: 'data-handoff-state', data: existing.state },
			{ type: 'data-notice', data: true },
		])
	}
	if (!asksForAPerson(question)) return null
	const startedAt = performance.now()
	const conversationId = await startTurn(turn, question)
	if (!conversationId) return null
	const answer = (text: string, model: string) =>
		finishFixedTurn(turn.chatbotId, conversationId, { text, model, startedAt })
	const timeZone = teamTimeZone()
	if (!isOpen(settings, now, timeZone)) {
		const text = handoffCopy.widget.closed(replyWhen(settings, now, timeZone))
		const messageId = await answer(text, LEAD_FORM_MODEL)
		// The owner hears of it now, as after a wait nobody took (same caps): a visitor who leaves no
		// details would otherwise never be heard of (ADR 0072).
		await queueJob(handoffEmailJob, { conversationId, origin, closed: true }, { maxAttempts: 8 })
		return streamFixedReply(text, { messageId, parts: [{ type: 'data-handoff', data: true }] })
	}
	const [waiting] = await prisma.$queryRaw<Array<{ requestedAt: Date }>>`
		UPDATE chatbot_conversations SET handoff_state = 'waiting', handoff_requested_at = now()
		WHERE id = ${conversationId}::uuid AND handoff_state = 'bot'
		RETURNING handoff_requested_at AS "requestedAt"`
	if (waiting) {
		await queueJob(
			handoffTimeoutJob,
			{ conversationId, requestedAt: waiting.requestedAt.toISOString(), origin },
			{
				runAt: new Date(Date.now() + settings.waitSeconds * 1000),
				jobKey: `handoff-timeout:${conversationId}`,
				maxAttempts: 5,
			},
		)
	}
	const messageId = await answer(handoffCopy.widget.waiting, HANDOFF_NOTICE_MODEL)
	return streamFixedReply(handoffCopy.widget.waiting, {
		messageId,
		parts: [
			{ type: 'data-handoff-state', data: 'waiting' },
			{ type: 'data-notice', data: true },
		],
	})
}

/**
 * A visitor's message while a person has (or is awaited for) their conversation: stored under the
 * id the widget chose (so both sides show it once), never answered by the bot. The state it was
 * stored in, or null when the conversation is not theirs or back with the bot (the widget asks the
 * chat API then).
 */
export async function visitorSays(key: VisitorConversation, messageId: string, text: string) {
	const clean = text.trim().slice(0, CHAT_MESSAGE_MAX_CHARS)
	if (!clean || !isUuid(messageId)) return null
	const rows = await prisma.$queryRaw<Array<{ state: HandoffState }>>`
		WITH conversation AS (
			UPDATE chatbot_conversations SET last_message_at = now(), message_count = message_count + 1, visitor_typing_at = NULL
			WHERE chatbot_id = ${key.chatbotId}::uuid AND visitor_id = ${key.visitorId} AND client_id = ${key.clientId}
				AND kind = 'embed' AND handoff_state <> 'bot'
			RETURNING id, handoff_state
		), message AS (
			INSERT INTO chatbot_messages (id, conversation_id, chatbot_id, role, text, author)
			SELECT ${messageId}::uuid, id, ${key.chatbotId}::uuid, 'user', ${clean}, 'visitor' FROM conversation
			ON CONFLICT (id) DO NOTHING
			RETURNING conversation_id
		)
		SELECT handoff_state AS state FROM conversation`
	return rows[0]?.state ?? null
}

/**
 * The visitor started a new conversation and left this one while a person had it (or was awaited):
 * the owner's page says so, live, and it goes back to the bot, out of the waiting/held list, so
 * nobody writes to a visitor who is gone. False when no person was involved.
 */
export async function visitorLeft(key: VisitorConversation) {
	return prisma.$transaction(async (tx) => {
		const [left] = await tx.$queryRaw<Array<{ id: string }>>`
			SELECT id FROM chatbot_conversations
			WHERE chatbot_id = ${key.chatbotId}::uuid AND visitor_id = ${key.visitorId} AND client_id = ${key.clientId}
				AND kind = 'embed' AND handoff_state <> 'bot'
			FOR UPDATE`
		if (!left) return false
		const text = handoffCopy.owner.visitorLeft
		await finishFixedTurn(key.chatbotId, left.id, { text, model: HANDOFF_NOTICE_MODEL, startedAt: null }, tx)
		await tx.$executeRaw`
			UPDATE chatbot_conversations
			SET handoff_state = 'bot', handoff_user_id = NULL, handoff_requested_at = NULL, person_typing_at = NULL,
				visitor_typing_at = NULL, person_active_at = NULL
			WHERE id = ${left.id}::uuid`
		return true
	})
}

/** The visitor is typing (the widget says so every few seconds at most); false when no person is involved. */
export async function visitorTyping(key: VisitorConversation) {
	const count = await prisma.$executeRaw`
		UPDATE chatbot_conversations SET visitor_typing_at = now()
		WHERE chatbot_id = ${key.chatbotId}::uuid AND visitor_id = ${key.visitorId} AND client_id = ${key.clientId}
			AND kind = 'embed' AND handoff_state <> 'bot'`
	return count === 1
}

/** The conversation's id and state for the visitor's stream; null when they have none yet. */
export async function visitorConversation(key: VisitorConversation) {
	return await conversationOf(key)
}

// ─── The owner's side ────────────────────────────────────────────────────────────────────────────

/**
 * The owner takes a visitor's conversation over: the bot is paused for it, and the wait (if any)
 * ends; should they leave it, the idle check hands it back. False when it is not this user's
 * chatbot's visitor conversation.
 */
export async function takeOver(userId: string, chatbotId: string, conversationId: string) {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return false
	return prisma.$transaction(async (tx) => {
		const count = await tx.$executeRaw`
			UPDATE chatbot_conversations c
			SET handoff_state = 'person', handoff_user_id = ${userId}::uuid, handoff_requested_at = NULL, person_typing_at = NULL,
				person_active_at = now()
			FROM chatbots b
			WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND c.kind = 'embed'
				AND b.id = c.chatbot_id AND b.user_id = ${userId}::uuid
				-- Only while the chatbot hands conversations to a person: with it off, the visitor's widget
				-- neither shows nor streams a person's messages, and the bot answers (attacker trial).
				AND b.handoff->>'enabled' = 'true'`
		if (count !== 1) return false
		await queueIdleCheck(conversationId, new Date(Date.now() + HANDOFF_IDLE_MS), tx)
		return true
	})
}

/** Whether this user's chatbot hands conversations to a person ("Talk to a person" is on); null when not theirs. */
export async function handoffEnabled(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const bot = await prisma.chatbot.findFirst({ where: { id: chatbotId, userId }, select: { handoff: true } })
	return bot ? handoffSettingsOf(bot.handoff).enabled : null
}

/** Hands the conversation back to the bot; false when it is not this user's chatbot's. */
export async function handBack(userId: string, chatbotId: string, conversationId: string) {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return false
	const count = await prisma.$executeRaw`
		UPDATE chatbot_conversations c
		SET handoff_state = 'bot', handoff_user_id = NULL, handoff_requested_at = NULL, person_typing_at = NULL, visitor_typing_at = NULL
		FROM chatbots b
		WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND c.kind = 'embed'
			AND b.id = c.chatbot_id AND b.user_id = ${userId}::uuid`
	return count === 1
}

/**
 * The owner's message to the visitor, stored as a person's: only in a conversation they have taken
 * over. 'not-found' when it is not theirs, 'not-taken' when they have not taken it over.
 */
export async function personSays(
	userId: string,
	chatbotId: string,
	conversationId: string,
	text: string,
	messageId: string = crypto.randomUUID(),
): Promise<'sent' | 'not-found' | 'not-taken'> {
	if (!isUuid(chatbotId) || !isUuid(conversationId) || !isUuid(messageId)) return 'not-found'
	const clean = text.trim().slice(0, CHAT_MESSAGE_MAX_CHARS)
	const rows = await prisma.$queryRaw<Array<{ state: HandoffState; holder: string | null; sent: boolean }>>`
		WITH owned AS (
			SELECT c.id, c.handoff_state, c.handoff_user_id FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
			WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND b.user_id = ${userId}::uuid
		), conversation AS (
			UPDATE chatbot_conversations c
			SET last_message_at = now(), message_count = c.message_count + 1, person_typing_at = NULL, person_active_at = now()
			FROM owned WHERE c.id = owned.id AND owned.handoff_state = 'person' AND owned.handoff_user_id = ${userId}::uuid
				AND ${clean} <> ''
			RETURNING c.id
		), message AS (
			INSERT INTO chatbot_messages (id, conversation_id, chatbot_id, role, text, author, author_user_id)
			SELECT ${messageId}::uuid, id, ${chatbotId}::uuid, 'assistant', ${clean}, 'person', ${userId}::uuid FROM conversation
			ON CONFLICT (id) DO NOTHING
			RETURNING id
		)
		SELECT handoff_state AS state, handoff_user_id AS holder, EXISTS (SELECT 1 FROM conversation) AS sent FROM owned`
	const row = rows[0]
	if (!row) return 'not-found'
	return row.sent ? 'sent' : 'not-taken'
}

/**
 * The owner is typing in a conversation they have taken over. 'not-found' when it is not theirs (as
 * for every other owner action), 'not-taken' when they do not hold it (nothing to show the visitor).
 */
export async function personTyping(
	userId: string,
	chatbotId: string,
	conversationId: string,
	/** False: they stopped (the visitor's "typing" goes at once, not when the stamp lapses). */
	typing = true,
): Promise<'typing' | 'not-found' | 'not-taken'> {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return 'not-found'
	const rows = await prisma.$queryRaw<Array<{ typing: boolean }>>`
		WITH owned AS (
			SELECT c.id, c.handoff_state, c.handoff_user_id FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
			WHERE c.id = ${conversationId}::uuid AND c.chatbot_id = ${chatbotId}::uuid AND b.user_id = ${userId}::uuid
		), typing AS (
			UPDATE chatbot_conversations c
			SET person_typing_at = CASE WHEN ${typing} THEN now() END, person_active_at = now()
			FROM owned WHERE c.id = owned.id AND owned.handoff_state = 'person' AND owned.handoff_user_id = ${userId}::uuid
				-- A stop with nothing to stop (the message cleared it) writes and NOTIFYs nothing.
				AND (${typing} OR c.person_typing_at IS NOT NULL)
			RETURNING c.id
		)
		SELECT EXISTS (SELECT 1 FROM typing) AS typing FROM owned`
	const row = rows[0]
	if (!row) return 'not-found'
	return row.typing ? 'typing' : 'not-taken'
}

/**
 * The person who holds the conversation has it open in front of them (its page, its live view): a
 * sign they are still there, for the idle check. Written at most every ACTIVE_STAMP_S.
 */
export async function personWatching(userId: string, conversationId: string) {
	if (!isUuid(conversationId)) return
	await prisma.$executeRaw`
		UPDATE chatbot_conversations SET person_active_at = now()
		WHERE id = ${conversationId}::uuid AND handoff_state = 'person' AND handoff_user_id = ${userId}::uuid
			AND (person_active_at IS NULL OR person_active_at < now() - make_interval(secs => ${ACTIVE_STAMP_S}))`
}

/**
 * The owner has seen the conversation as it is now (its page loaded, or a visitor's message reached
 * their open page): its visitor messages so far are read. Only a held one is marked unread, but the
 * stamp is kept whatever the state, so a take-over later does not call old messages new. The caller
 * has checked that `userId` owns it; the owner is in the statement all the same.
 */
export async function ownerSaw(userId: string, conversationId: string) {
	if (!isUuid(conversationId) || !isUuid(userId)) return
	await prisma.$executeRaw`
		UPDATE chatbot_conversations c SET owner_seen_at = now()
		FROM chatbots b
		WHERE c.id = ${conversationId}::uuid AND b.id = c.chatbot_id AND b.user_id = ${userId}::uuid`
}

export type WaitingConversation = {
	id: string
	state: 'waiting' | 'person'
	requestedAt: Date | null
	lastMessageAt: Date
	person: string | null
	/** Its title, as in the list of all conversations. */
	firstQuestion: string | null
	/** What the visitor wrote last (the request for a person, often): shown under the title. */
	lastQuestion: string | null
	/** Held by a person, with a visitor's message the owner has not seen (ownerSaw). */
	unread: boolean
}

/** A chatbot's conversations that wait for or are with a person, longest waiting first; null when not this user's. */
export async function conversationsWithPeople(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: { id: chatbotId, userId } })
	if (!owned) return null
	return prisma.$queryRaw<WaitingConversation[]>`
		SELECT c.id, c.handoff_state AS state, c.handoff_requested_at AS "requestedAt", c.last_message_at AS "lastMessageAt",
			u.full_name AS person,
			(SELECT left(m.text, 200) FROM chatbot_messages m WHERE m.conversation_id = c.id AND m.role = 'user'
				ORDER BY m.created_at LIMIT 1) AS "firstQuestion",
			(SELECT left(m.text, 200) FROM chatbot_messages m WHERE m.conversation_id = c.id AND m.author = 'visitor'
				ORDER BY m.created_at DESC LIMIT 1) AS "lastQuestion",
			(c.handoff_state = 'person' AND EXISTS (SELECT 1 FROM chatbot_messages m WHERE m.conversation_id = c.id
				AND m.author = 'visitor' AND m.created_at > coalesce(c.owner_seen_at, '-infinity'))) AS unread
		FROM chatbot_conversations c LEFT JOIN users u ON u.id = c.handoff_user_id
		WHERE c.chatbot_id = ${chatbotId}::uuid AND c.handoff_state <> 'bot'
		ORDER BY c.handoff_state = 'waiting' DESC, c.handoff_requested_at NULLS LAST, c.last_message_at DESC
		LIMIT 50`
}

// ─── Live: one conversation's stream, for the visitor's widget and the owner's view ──────────────

/**
 * The conversation's state now and its messages since `since` (the newest 100): for the visitor,
 * only what the widget did not get as a chat answer (a person's messages, the handoff's notices).
 */
export async function handoffSnapshot(
	conversationId: string,
	audience: 'visitor' | 'owner',
	since: Date,
): Promise<HandoffSnapshot | null> {
	// One statement, so one snapshot of both (a statement sees the database as of its start): a change
	// that writes the state and a message together (the idle hand-back and its notice) is seen whole or
	// not at all, so the widget never shows half of it. No transaction: every stream of a busy
	// conversation used to wait for one (BEGIN … COMMIT) and, under load, gave up ("Unable to start a
	// transaction in the given time"). ADR 0070.
	const [conversation] = await prisma.$queryRaw<
		Array<{
			state: HandoffState
			fullName: string | null
			visitorTyping: boolean
			personTyping: boolean
			messages: Array<{
				id: string
				author: Author
				text: string
				createdAt: string
				model: string | null
				fullName: string | null
			}>
		}>
	>`
		SELECT c.handoff_state AS state, u.full_name AS "fullName",
			COALESCE(c.visitor_typing_at > now() - make_interval(secs => ${TYPING_MS / 1000}), false) AS "visitorTyping",
			COALESCE(c.person_typing_at > now() - make_interval(secs => ${TYPING_MS / 1000}), false) AS "personTyping",
			COALESCE((
				SELECT json_agg(recent ORDER BY recent.at, recent.author = 'visitor' DESC) FROM (
					SELECT m.id, m.author, m.text, m.created_at AS at, m.model, mu.full_name AS "fullName",
						to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
					FROM chatbot_messages m LEFT JOIN users mu ON mu.id = m.author_user_id
					WHERE m.conversation_id = c.id AND m.created_at > ${since}
						AND (${audience} = 'owner' OR m.author = 'person' OR m.model IN (${HANDOFF_NOTICE_MODEL}, ${LEAD_FORM_MODEL}))
					ORDER BY m.created_at DESC LIMIT 100
				) recent
			), '[]'::json) AS messages
		FROM chatbot_conversations c LEFT JOIN users u ON u.id = c.handoff_user_id
		WHERE c.id = ${conversationId}::uuid`
	if (!conversation) return null
	return {
		state: conversation.state,
		person: conversation.state === 'person' ? personName(conversation.fullName) : null,
		visitorTyping: conversation.visitorTyping,
		personTyping: conversation.personTyping,
		messages: conversation.messages.map((message) => ({
			id: message.id,
			author: message.author,
			text: message.text,
			createdAt: message.createdAt,
			name: message.author === 'person' ? personName(message.fullName) : null,
			leadForm: message.author === 'bot' && message.model === LEAD_FORM_MODEL,
			notice: message.author === 'bot' && isNoticeModel(message.model),
		})),
	}
}

/**
 * Visitors' live streams open at once, on one app process. Per conversation: as many as the visitor
 * may hold, so a few tabs of the partner site (each with the widget) and a reload all get the
 * conversation live; an attacker trial's third tab was refused and retried with backoff (ADR 0072).
 * Per visitor (the widget's id for them): four. Per address: a few visitors behind one address (an
 * office, a mobile network); an attacker trial opened 20 per address from 100 addresses and took the
 * pool from pages and /healthz (ADR 0070). Apart from the owners' caps (LIVE_STREAMS_PER_USER, per
 * user). Past all of these, `HANDOFF_VISITOR_STREAMS` (configuration) caps every visitor's stream of
 * the process together: then the answer is 503, as for a server that is full, unless the stream is
 * for a conversation that waits for or is held by a person: it takes the slot of the oldest stream of
 * a conversation with the bot (makeRoomFor).
 */
export const VISITOR_STREAMS = { perConversation: 4, perVisitor: 4, perAddress: 30 }

/**
 * How long a visitor's stream stays open; then the server ends it and the widget's EventSource
 * reconnects by itself (no backoff: a normal end is not an error) with the same `since`, and the
 * messages come again by id, none lost. Ten addresses held every visitor slot of a process with
 * ordinary conversations for as long as they liked (ADR 0072).
 */
export const VISITOR_STREAM_LIFETIME_MS = 10 * 60_000

/** The 503 past the process's cap of visitors' streams: nobody in particular asked too much. */
const streamsFull = (retryAfterSeconds: number) =>
	Response.json(
		{ error: handoffCopy.widget.streamBusy },
		{ status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } },
	)

type PoolSettings = { DATABASE_POOL_SIZE: number; DATABASE_POOL_USER_SHARE: number }

/** A visitor's open stream on this process: the state its conversation was last seen in, and its end. */
type VisitorStream = { state: HandoffState; close: () => void }
/** Oldest first (a Set keeps the order streams were added in). */
const visitorStreams = new Set<VisitorStream>()

const oldestBotStream = () => {
	for (const stream of visitorStreams) if (stream.state === 'bot') return stream
	return null
}
const processFull = () => openStreamCount('embed:*') >= getEnv().HANDOFF_VISITOR_STREAMS

/**
 * A full process makes room for the stream of a conversation that waits for or is held by a person:
 * the oldest stream of a conversation with the bot is ended (its widget reconnects, and is refused
 * or gets a slot freed meanwhile). An owner may take any conversation over, so those streams are
 * allowed, but a visitor waiting for a person must not get 503 because of them (ADR 0072).
 */
function makeRoomFor(state: HandoffState, holders: StreamHolder[]) {
	if (state === 'bot' || !processFull()) return
	// Only when the process's cap is all that stands in the way: ending a stream for a refusal is a loss.
	if (holders.some(({ key, max }) => key !== 'embed:*' && openStreamCount(key) >= max)) return
	oldestBotStream()?.close()
}

/**
 * Visitors' streams being opened (their look-ups running) on this process at once; more get 503 at
 * once. At most a quarter of the pool and never more than one client's share (as the snapshot reads,
 * ADR 0070): a flood of forged ids took every connection at 16 (owner pages 44 → 69 ms p50, real
 * openings 7 → 605 ms, ADR 0073).
 */
export function visitorStreamOpeningsAtOnce(pool: PoolSettings = getEnv()) {
	return Math.max(1, Math.min(oneClientsShareOfPool(pool), Math.floor(pool.DATABASE_POOL_SIZE / 4)))
}
let openingStreams = 0

/**
 * Before any look-up of a visitor's stream: a refusal at once when their address or the process is
 * already full (and no stream of a conversation with the bot could make room), or when too many are
 * being opened together, else a release to call when the opening is done (the stream's own count
 * has then taken over). A flood of 2,000 opens used to run 2,000 look-ups at once and time out on
 * the pool (500) before the caps, counted once a stream is open, could refuse them (ADR 0073); now
 * at most visitorStreamOpeningsAtOnce() take connections, the rest are told to come back.
 */
export function startVisitorStreamOpening(address: string): { release: () => void } | { refusal: Response } {
	if (openStreamCount(`embed:${address}`) >= VISITOR_STREAMS.perAddress)
		return { refusal: tooManyRequests(handoffCopy.widget.streamBusy, 5) }
	if ((processFull() && !oldestBotStream()) || openingStreams >= visitorStreamOpeningsAtOnce())
		return { refusal: streamsFull(5) }
	openingStreams++
	let released = false
	return {
		release: () => {
			if (released) return
			released = true
			openingStreams--
		},
	}
}

/**
 * Whom a visitor's stream counts against: their conversation, them (by the widget's id for them,
 * within their address), everyone at their address, and every visitor of this process.
 */
export const visitorStreamHolders = (address: string, visitorId: string, conversationId: string): StreamHolder[] => [
	{ key: `embed-conversation:${conversationId}`, max: VISITOR_STREAMS.perConversation },
	{ key: `embed:${address}:${visitorId}`, max: VISITOR_STREAMS.perVisitor },
	{ key: `embed:${address}`, max: VISITOR_STREAMS.perAddress },
	{ key: 'embed:*', max: getEnv().HANDOFF_VISITOR_STREAMS, busy: streamsFull },
]

/**
 * Messages written within this long before the newest one sent are read again on every change (and
 * sent once, by id): a message whose transaction began earlier but committed later is not missed.
 */
const OVERLAP_MS = 5_000

// ─── One read per change, shared by every stream of the conversation ─────────────────────────────

/** One open stream of a conversation, as its feed sees it. */
type Reader = { since: () => Date; deliver: (snapshot: HandoffSnapshot) => void }

/**
 * The streams of one conversation and side (visitor or owner) on this process. A change is read once
 * for all of them, since the oldest cursor among them, and each stream keeps what is new to it: an
 * attacker trial's 10 streams per conversation each read every change themselves (ADR 0070).
 */
type Feed = {
	conversationId: string
	audience: 'visitor' | 'owner'
	readers: Set<Reader>
	reading: boolean
	again: boolean
	unsubscribe: () => void
}
const feeds = new Map<string, Feed>()

/**
 * Snapshot reads at once on this process, all streams together: as many as one client's share of
 * the pool (ADR 0023), so streams behave as one client and never take the connections that pages
 * and /healthz need. The rest wait their turn (one per conversation at most, thanks to the feeds).
 */
const snapshotTurns = { running: 0, waiting: [] as Array<() => void> }
/** One client's share of the pool (ADR 0023), at least one connection. */
function oneClientsShareOfPool(pool: PoolSettings = getEnv()) {
	return Math.max(1, Math.floor(pool.DATABASE_POOL_SIZE * pool.DATABASE_POOL_USER_SHARE))
}
const snapshotReadsAtOnce = () => oneClientsShareOfPool()

async function inSnapshotTurn<T>(read: () => Promise<T>) {
	if (snapshotTurns.running >= snapshotReadsAtOnce())
		await new Promise<void>((start) => snapshotTurns.waiting.push(start))
	else snapshotTurns.running++
	try {
		return await read()
	} finally {
		// The turn passes straight to the next reader waiting, if any; the running count stays.
		const next = snapshotTurns.waiting.shift()
		if (next) next()
		else snapshotTurns.running--
	}
}

/** Reads the feed's conversation for its readers; a read asked for while one runs is done once after it. */
async function readFeed(feed: Feed) {
	if (feed.reading) {
		feed.again = true
		return
	}
	feed.reading = true
	try {
		do {
			feed.again = false
			// Those here when the read starts get it; one who joins during it asked for the next read.
			const readers = [...feed.readers]
			if (readers.length === 0) return
			const oldest = Math.min(...readers.map((reader) => reader.since().getTime()))
			const snapshot = await inSnapshotTurn(() =>
				handoffSnapshot(feed.conversationId, feed.audience, new Date(oldest - OVERLAP_MS)),
			)
			if (!snapshot) return
			for (const reader of readers) if (feed.readers.has(reader)) reader.deliver(snapshot)
		} while (feed.again && feed.readers.size > 0)
	} catch (error) {
		console.error(`Handoff stream of conversation ${feed.conversationId}: ${(error as Error).message}`)
	} finally {
		feed.reading = false
	}
}

/** Adds a stream to its conversation's feed (and reads for it); returns how to leave it. */
function joinFeed(conversationId: string, audience: 'visitor' | 'owner', reader: Reader) {
	const key = `${audience}:${conversationId}`
	let feed = feeds.get(key)
	if (!feed) {
		const created: Feed = {
			conversationId,
			audience,
			readers: new Set(),
			reading: false,
			again: false,
			unsubscribe: () => {},
		}
		created.unsubscribe = conversationChanges().subscribe((event) => {
			if (event.type === 'resync' || (event.type === 'change' && event.id === conversationId)) void readFeed(created)
		})
		feeds.set(key, created)
		feed = created
	}
	const joined = feed
	joined.readers.add(reader)
	void readFeed(joined)
	return () => {
		joined.readers.delete(reader)
		if (joined.readers.size > 0 || feeds.get(key) !== joined) return
		joined.unsubscribe()
		feeds.delete(key)
	}
}

/**
 * The conversation's live stream: a `handoff` event with its state and new messages at once, and
 * after every change of the conversation (NOTIFY from any instance; a `resync` after the listener
 * reconnected). Reads are shared by the conversation's streams on this process and coalesced: a
 * burst of changes costs one read in flight and one after it, however many streams are open.
 */
export async function handoffStreamResponse(
	request: Request,
	{
		conversationId,
		audience,
		holder,
		busy,
		watcher,
		since,
		state,
	}: {
		conversationId: string
		audience: 'visitor' | 'owner'
		/** A visitor's stream: the conversation's state when it opens (who may take a slot of a full process). */
		state?: HandoffState
		/** The owner whose view this is: while it is open, they have not left a conversation they hold. */
		watcher?: string
		/** Whom the stream counts against (eventStreamResponse): the owner, or the visitor and their address. */
		holder: string | StreamHolder[]
		/** The 429 past a cap, in the visitor's words for theirs. */
		busy?: (retryAfterSeconds: number) => Response
		since: Date
	},
) {
	await conversationChanges().start()
	if (audience === 'visitor' && state && Array.isArray(holder)) makeRoomFor(state, holder)
	return eventStreamResponse(
		request.signal,
		(send, close) => {
			const sent = new Set<string>()
			let cursor = since
			let closed = false
			const visitorStream: VisitorStream | null = audience === 'visitor' ? { state: state ?? 'bot', close } : null
			if (visitorStream) visitorStreams.add(visitorStream)
			const lifetime = visitorStream ? setTimeout(close, VISITOR_STREAM_LIFETIME_MS) : undefined
			const leave = joinFeed(conversationId, audience, {
				since: () => cursor,
				deliver: (snapshot) => {
					if (closed) return
					if (visitorStream) visitorStream.state = snapshot.state
					// The feed read since the oldest cursor of its streams: this one takes what is new to it.
					const from = cursor.getTime() - OVERLAP_MS
					const fresh = snapshot.messages.filter(
						(message) => !sent.has(message.id) && new Date(message.createdAt).getTime() > from,
					)
					for (const message of fresh) {
						sent.add(message.id)
						const at = new Date(message.createdAt)
						if (at > cursor) cursor = at
					}
					send(encodeEvent('handoff', JSON.stringify({ ...snapshot, messages: fresh })))
					// The owner's open page has shown the visitor's new words: the list does not call them unread.
					if (watcher && audience === 'owner' && fresh.some((message) => message.author === 'visitor'))
						ownerSaw(watcher, conversationId).catch((error: unknown) =>
							console.error(`Handoff view of conversation ${conversationId}: ${(error as Error).message}`),
						)
				},
			})
			const heartbeat = setInterval(() => send(encodeEvent('heartbeat', String(Date.now()))), HEARTBEAT_MS)
			// The owner's view: while it is open they have not left a conversation they hold.
			const watch = () => {
				if (!watcher) return
				personWatching(watcher, conversationId).catch((error: unknown) =>
					console.error(`Handoff view of conversation ${conversationId}: ${(error as Error).message}`),
				)
			}
			watch()
			const watching = watcher ? setInterval(watch, WATCHING_EVERY_MS) : undefined
			return () => {
				closed = true
				clearInterval(heartbeat)
				clearInterval(watching)
				clearTimeout(lifetime)
				if (visitorStream) visitorStreams.delete(visitorStream)
				leave()
			}
		},
		{ holder, busy },
	)
}

// ─── Nobody came: the lead form and an e-mail ────────────────────────────────────────────────────

const TimeoutPayload = z.object({
	conversationId: z.uuid(),
	/** The request this job is for: a later request has its own job. */
	requestedAt: z.iso.datetime(),
	/** The site's origin (SITE_URL or an allowed host) for the e-mail's link. */
	origin: z.url(),
})

/**
 * Scheduled at the request for the end of the wait: if the conversation still waits for that
 * request, the bot takes it back, offers the lead form with when the team will reply, and the owner
 * is e-mailed. A take-over (or a hand-back) before then leaves nothing for it to do. All of it is one
 * transaction under the conversation's row lock, so it and a take-over happen one after the other,
 * never interleaved: a take-over that came first leaves it nothing to do; one that comes after waits
 * for it, then holds the conversation, and the e-mail is not sent (handoffEmailJob). ADR 0066.
 */
export const handoffTimeoutJob = defineJob({
	name: 'handoff-timeout',
	payload: TimeoutPayload,
	run: ({ conversationId, requestedAt, origin }) =>
		prisma.$transaction(async (tx) => {
			const [ended] = await tx.$queryRaw<Array<{ chatbotId: string; handoff: unknown }>>`
				SELECT c.chatbot_id AS "chatbotId", b.handoff
				FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
				WHERE c.id = ${conversationId}::uuid AND c.handoff_state = 'waiting'
					AND date_trunc('milliseconds', c.handoff_requested_at) = ${new Date(requestedAt)}
				FOR UPDATE OF c`
			if (!ended) return false
			const text = handoffCopy.widget.timedOut(replyWhen(handoffSettingsOf(ended.handoff), new Date(), teamTimeZone()))
			await finishFixedTurn(ended.chatbotId, conversationId, { text, model: LEAD_FORM_MODEL, startedAt: null }, tx)
			await tx.$executeRaw`
				UPDATE chatbot_conversations SET handoff_state = 'bot', handoff_requested_at = NULL, visitor_typing_at = NULL
				WHERE id = ${conversationId}::uuid`
			await queueJob(handoffEmailJob, { conversationId, origin }, { maxAttempts: 8 }, tx)
			return true
		}),
})

// ─── The person left: the bot answers again ──────────────────────────────────────────────────────

/** The idle check of a conversation, at `runAt`: one pending per conversation (a new take-over replaces it). */
function queueIdleCheck(conversationId: string, runAt: Date, db?: Parameters<typeof queueJob>[3]) {
	return queueJob(
		handoffIdleJob,
		{ conversationId },
		{ runAt, jobKey: `handoff-idle:${conversationId}`, maxAttempts: 10 },
		db,
	)
}

/**
 * Queued at each take-over for the end of the idle time: if the person holding the conversation has
 * shown no sign since (no message, no typing, the conversation not open in front of them), the bot
 * takes it back and the visitor is told, in the log too; if they have, it looks again idle time after
 * their last sign. A hand-back before then (or handoff turned off) leaves it nothing to do.
 */
export const handoffIdleJob = defineJob({
	name: 'handoff-idle',
	payload: z.object({ conversationId: z.uuid() }),
	run: ({ conversationId }) =>
		prisma.$transaction(async (tx) => {
			const [held] = await tx.$queryRaw<
				Array<{ chatbotId: string; fullName: string | null; activeAt: Date | null; idle: boolean }>
			>`
				SELECT c.chatbot_id AS "chatbotId", u.full_name AS "fullName", c.person_active_at AS "activeAt",
					COALESCE(c.person_active_at <= now() - make_interval(secs => ${HANDOFF_IDLE_MS / 1000}), true) AS idle
				FROM chatbot_conversations c LEFT JOIN users u ON u.id = c.handoff_user_id
				WHERE c.id = ${conversationId}::uuid AND c.handoff_state = 'person'
				FOR UPDATE OF c`
			if (!held) return 'not held'
			if (!held.idle) {
				await queueIdleCheck(conversationId, new Date(held.activeAt!.getTime() + HANDOFF_IDLE_MS), tx)
				return 'still there'
			}
			// The notice first: were it to fail, the statement after it throws and the job is retried.
			const text = handoffCopy.widget.personLeft(personName(held.fullName))
			await finishFixedTurn(held.chatbotId, conversationId, { text, model: HANDOFF_NOTICE_MODEL, startedAt: null }, tx)
			await tx.$executeRaw`
				UPDATE chatbot_conversations
				SET handoff_state = 'bot', handoff_user_id = NULL, person_typing_at = NULL, visitor_typing_at = NULL, person_active_at = NULL
				WHERE id = ${conversationId}::uuid`
			return 'handed back'
		}),
})

/**
 * At most this many "nobody joined" e-mails per chatbot; of them, one per visitor and two per
 * address, so one sender cannot spend the owner's notifications about everyone else.
 */
const HANDOFF_EMAILS: Record<'perChatbot' | 'perVisitor' | 'perAddress', RateLimitRule> = {
	perChatbot: { limit: 5, windowMs: 10 * 60_000 },
	perVisitor: { limit: 1, windowMs: 10 * 60_000 },
	perAddress: { limit: 2, windowMs: 10 * 60_000 },
}

/** The owner's e-mail about a visitor nobody joined (on the webhook lane, as every e-mail). */
export const handoffEmailJob = defineJob({
	name: 'handoff-email',
	/** closed: asked outside the opening hours (no wait, the lead form at once). */
	payload: z.object({ conversationId: z.uuid(), origin: z.url(), closed: z.boolean().optional() }),
	run: async ({ conversationId, origin, closed }) => {
		const [row] = await prisma.$queryRaw<
			Array<{
				chatbotId: string
				name: string
				email: string
				handoff: unknown
				question: string | null
				visitorId: string | null
				ipHash: string | null
				held: boolean
			}>
		>`
			SELECT b.id AS "chatbotId", b.name, u.email, b.handoff, c.visitor_id AS "visitorId", c.ip_hash AS "ipHash",
				c.handoff_state = 'person' AS held,
				(SELECT left(m.text, 500) FROM chatbot_messages m WHERE m.conversation_id = c.id AND m.author = 'visitor'
					ORDER BY m.created_at DESC LIMIT 1) AS question
			FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id JOIN users u ON u.id = b.user_id
			WHERE c.id = ${conversationId}::uuid`
		if (!row) return false
		// Taken over since the wait ended: someone did join, and "nobody joined" would be wrong.
		if (row.held) return false
		// Anyone can ask for a person from a fresh conversation: the owner's inbox gets a few a
		// chatbot, not one per request (the waiting list and the live badge show the rest), and the
		// sender's own caps are checked first, so a refused sender spends none of the chatbot's.
		const caps: Array<[who: string, key: string, rule: RateLimitRule]> = [
			...(row.visitorId
				? [
						[
							'this visitor',
							`handoff-email:${row.chatbotId}:visitor:${row.visitorId}`,
							HANDOFF_EMAILS.perVisitor,
						] satisfies [string, string, RateLimitRule],
					]
				: []),
			...(row.ipHash
				? [
						[
							'this address',
							`handoff-email:${row.chatbotId}:address:${row.ipHash}`,
							HANDOFF_EMAILS.perAddress,
						] satisfies [string, string, RateLimitRule],
					]
				: []),
			['the chatbot', `handoff-email:${row.chatbotId}`, HANDOFF_EMAILS.perChatbot],
		]
		for (const [who, key, rule] of caps) {
			if ((await consumeRateLimit(key, rule)).allowed) continue
			console.warn(
				`Handoff: no e-mail for conversation ${conversationId} of chatbot ${row.chatbotId}: ${rule.limit} already sent for ${who} in the last ${rule.windowMs / 60_000} minutes`,
			)
			// The chatbot's own cap (the sender's were within theirs): a burst from a few addresses
			// could spend it and leave the owner deaf to the visitors after them, so they are counted
			// and told in one digest at the window's end (ADR 0072).
			if (who === 'the chatbot') await countMissedEmail(row.chatbotId, origin)
			return false
		}
		const link = `${origin}/playground/chatbots/${row.chatbotId}/conversations/${conversationId}`
		await deliverEmail({
			to: row.email,
			subject: closed ? handoffCopy.email.closedSubject(row.name) : handoffCopy.email.subject(row.name),
			text: closed
				? handoffCopy.email.closedText(row.name, row.question ?? '', link)
				: handoffCopy.email.text(row.name, row.question ?? '', link, handoffSettingsOf(row.handoff).waitSeconds),
		})
		return true
	},
})

/** Visitors not e-mailed about since the chatbot's cap was reached: a row of rate_limits, as the caps are. */
const missedKey = (chatbotId: string) => `handoff-email-missed:${chatbotId}`
/** How long after the first miss the digest goes out. */
const DIGEST_AFTER_MS = HANDOFF_EMAILS.perChatbot.windowMs

/**
 * One more visitor not e-mailed about. The count only grows until the digest takes it (DELETE …
 * RETURNING): no window resets it, which lost the misses before a window's end when the digest ran
 * late (ADR 0072). Each miss makes sure a digest is pending, keeping a pending one's run time
 * ('preserve_run_at'): replacing it pushed it back 10 minutes with every miss.
 */
async function countMissedEmail(chatbotId: string, origin: string) {
	await prisma.$executeRaw`
		INSERT INTO rate_limits (key, window_start, count) VALUES (${missedKey(chatbotId)}, now(), 1)
		ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1`
	await queueJob(
		handoffDigestJob,
		{ chatbotId, origin },
		{
			runAt: new Date(Date.now() + DIGEST_AFTER_MS),
			jobKey: `handoff-digest:${chatbotId}`,
			jobKeyMode: 'preserve_run_at',
			maxAttempts: 8,
		},
	)
}

/**
 * The owner's one e-mail for the visitors over the chatbot's cap: "N more visitors asked for a
 * person". The count is taken and cleared in one statement, so a miss after it counts for the next
 * digest (queued by that miss) and none is told twice or lost. The number of visitors it said, or 0.
 */
export const handoffDigestJob = defineJob({
	name: 'handoff-email-digest',
	payload: z.object({ chatbotId: z.uuid(), origin: z.url() }),
	run: async ({ chatbotId, origin }) => {
		const [missed] = await prisma.$queryRaw<Array<{ count: number }>>`
			DELETE FROM rate_limits WHERE key = ${missedKey(chatbotId)} RETURNING count`
		if (!missed || missed.count < 1) return 0
		const [owner] = await prisma.$queryRaw<Array<{ name: string; email: string }>>`
			SELECT b.name, u.email FROM chatbots b JOIN users u ON u.id = b.user_id WHERE b.id = ${chatbotId}::uuid`
		if (!owner) return 0
		await deliverEmail({
			to: owner.email,
			subject: handoffCopy.email.digestSubject(owner.name, missed.count),
			text: handoffCopy.email.digestText(
				owner.name,
				missed.count,
				`${origin}/playground/chatbots/${chatbotId}/conversations`,
				DIGEST_AFTER_MS / 60_000,
			),
		})
		return missed.count
	},
})

// ─── Settings ────────────────────────────────────────────────────────────────────────────────────

/**
 * Saves a chatbot's handoff settings; false when it is not this user's. Turning handoff off hands
 * every conversation a person holds or a visitor waits in back to the bot, in the same transaction:
 * otherwise the bot answered beside a "person" state and the owner's replies went nowhere.
 */
export async function saveHandoffSettings(userId: string, chatbotId: string, form: HandoffSettingsForm) {
	if (!isUuid(chatbotId)) return false
	const settings: HandoffSettings = { ...form }
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.chatbot.updateMany({ where: { id: chatbotId, userId }, data: { handoff: settings } })
		if (count !== 1) return false
		if (!settings.enabled)
			await tx.$executeRaw`
				UPDATE chatbot_conversations
				SET handoff_state = 'bot', handoff_user_id = NULL, handoff_requested_at = NULL, person_typing_at = NULL, visitor_typing_at = NULL
				WHERE chatbot_id = ${chatbotId}::uuid AND handoff_state <> 'bot'`
		return true
	})
}

/** Whether the conversation is one of this user's chatbot's. */
export async function ownsConversation(userId: string, chatbotId: string, conversationId: string) {
	if (!isUuid(chatbotId) || !isUuid(conversationId)) return false
	const count = await prisma.chatbotConversation.count({
		where: { id: conversationId, chatbotId, chatbot: { userId } },
	})
	return count === 1
}

/**
 * The Playground's badge: how many visitors wait for a person on this user's chatbots, how many held
 * conversations have a visitor's message the owner has not seen (ownerSaw; a visitor writing to an
 * owner busy on another page is otherwise stranded), and the one to open: the longest waiting, else
 * the oldest unread.
 */
export async function waitingForPeople(userId: string): Promise<WaitingSummary> {
	const rows = await prisma.$queryRaw<
		Array<{ chatbotId: string; conversationId: string; count: number; unread: number }>
	>`
		WITH pending AS (
			SELECT c.chatbot_id, c.id, c.handoff_state = 'waiting' AS waiting, c.handoff_requested_at, c.last_message_at
			FROM chatbot_conversations c JOIN chatbots b ON b.id = c.chatbot_id
			WHERE b.user_id = ${userId}::uuid AND (c.handoff_state = 'waiting' OR (c.handoff_state = 'person'
				AND EXISTS (SELECT 1 FROM chatbot_messages m WHERE m.conversation_id = c.id AND m.author = 'visitor'
					AND m.created_at > coalesce(c.owner_seen_at, '-infinity'))))
		)
		SELECT chatbot_id AS "chatbotId", id AS "conversationId",
			(count(*) FILTER (WHERE waiting) OVER ())::int AS count, (count(*) FILTER (WHERE NOT waiting) OVER ())::int AS unread
		FROM pending
		ORDER BY waiting DESC, handoff_requested_at NULLS LAST, last_message_at
		LIMIT 1`
	const [row] = rows
	return row
		? { count: row.count, unread: row.unread, first: { chatbotId: row.chatbotId, conversationId: row.conversationId } }
		: { count: 0, unread: 0, first: null }
}

/**
 * The Playground's badge, live: a `waiting` event with the summary at once and whenever it changes
 * (a change of any conversation of the user's chatbots, NOTIFYed from any instance, is read again).
 */
export async function waitingStreamResponse(request: Request, userId: string) {
	const listener = conversationChanges()
	await listener.start()
	const owned = new Set(
		(await prisma.chatbot.findMany({ where: { userId }, select: { id: true } })).map((chatbot) => chatbot.id),
	)
	return eventStreamResponse(
		request.signal,
		(send) => {
			let last = ''
			let reading: Promise<void> | null = null
			let again = false
			const read = () => {
				if (reading) {
					again = true
					return
				}
				reading = (async () => {
					do {
						again = false
						const json = JSON.stringify(await waitingForPeople(userId))
						if (json !== last) send(encodeEvent('waiting', (last = json)))
					} while (again)
				})()
					.catch((error: unknown) => console.error(`Waiting badge of user ${userId}: ${(error as Error).message}`))
					.finally(() => (reading = null))
			}
			const unsubscribe = listener.subscribe((event) => {
				if (event.type === 'resync' || (event.type === 'change' && event.chatbotId && owned.has(event.chatbotId)))
					read()
			})
			read()
			const heartbeat = setInterval(() => send(encodeEvent('heartbeat', String(Date.now()))), HEARTBEAT_MS)
			return () => {
				clearInterval(heartbeat)
				unsubscribe()
			}
		},
		{ holder: userId },
	)
}

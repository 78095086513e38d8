import { citedNumbers } from '~/ai/citations.ts'
import type { KnowledgeRetriever, KnowledgeSource } from '~/ai/knowledge-retriever.ts'
import { describeAiError, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { spokenReply } from '~/ai/spoken-reply.server.ts'
import { spokenText } from '~/ai/spoken-text.ts'
import { ASSISTANT, CALLER } from '~/ai/transcript-lines.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob, scheduledPayload } from '~/lib/jobs/define-job.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { heardByOf, type HeardBy } from '~/lib/voice/heard-by.ts'
import { SentenceSplitter } from '~/lib/voice/sentences.ts'
import { getActiveAgent } from './agents.server.ts'
import { audioKind, audioSeconds } from './audio.ts'
// Voice conversations (spec section 7's "text templates", made real): start one with an active
// agent, send it messages as audio or text, end it. The routes under api/voice-chat read and check
// the requests; this is the domain. Each conversation is a call_logs row that the
// administrator's dashboard shows live; its transcript grows with every turn.
import {
	VOICE_AUDIO_MAX_SECONDS,
	VOICE_MAX_MESSAGES,
	VOICE_TEXT_MAX_CHARS,
	type VoiceEnd,
	type VoiceIds,
	type VoiceStart,
	type VoiceTimingsReport,
} from './conversation-schema.ts'
import { greetingFor } from './copy.ts'
import { afterIdleCallsEnded, queueModelNotes, storeExtractiveNotes } from './inquiry.server.ts'
import { transcribeAudio, transcriptionProvider } from './transcribe.server.ts'
import type { TurnTimings } from './turn-timings.ts'

/**
 * Why a conversation step was refused. The message is what the caller reads (docs/api.md); the
 * voice API's routes choose the HTTP status from the reason.
 */
export type VoiceRefusal =
	/** No active agent with that id, or no conversation with that id for the agent. */
	| 'not-found'
	/** The conversation has ended, or holds all the messages it may. */
	| 'conversation-closed'
	/** Neither audio nor text, or text over its length. */
	| 'invalid-message'
	/** Audio sent to a server with no speech-to-text provider. */
	| 'speech-unavailable'
	/** Audio in a container or codec that is not accepted. */
	| 'unsupported-audio'
	/** Audio over the length a message may have. */
	| 'audio-too-long'
	/** Audio whose length cannot be measured, or that holds no speech. */
	| 'unusable-audio'
	/** The speech-to-text provider or the model failed. */
	| 'provider-failed'
	/** Text for /speech that the assistant did not say in this conversation (ADR 0060). */
	| 'not-said'
	/** The conversation has spoken all the speech its assistant's replies allow (ADR 0060). */
	| 'speech-used-up'
	/** Riya's reply has been spoken in full under its speech ticket (ADR 0068): a replay. */
	| 'reply-spoken'
	/** The caller hung up before the speech was ready (nobody reads the answer). */
	| 'cancelled'

export class VoiceError extends Error {
	constructor(
		public reason: VoiceRefusal,
		message: string,
	) {
		super(message)
		this.name = 'VoiceError'
	}
}

type Agent = NonNullable<Awaited<ReturnType<typeof getActiveAgent>>>

/**
 * Charges valid work to its budgets (ADR 0060): called once the agent, or the agent and its live
 * conversation, have been looked up, and before anything costs more than that look-up. It throws
 * when a budget is spent (the route answers 429). The caller's address was charged before.
 */
export type Admit = (scope: { agentId: string; conversationId?: string }) => Promise<void>
const admitAll: Admit = async () => {}

const NO_AGENT = 'No active voice assistant has that agent_id.'
const NO_CONVERSATION = 'No conversation with that conversation_id for this agent.'
const AUDIO_FORMATS = 'Audio must be WebM/Opus, Ogg/Opus or PCM WAV.'
const ENDED = 'This conversation has ended. Start a new one.'
const NO_SPEECH = 'No speech was recognised in the audio.'

async function requireAgent(agentId: string) {
	const agent = await getActiveAgent(agentId)
	if (!agent) throw new VoiceError('not-found', NO_AGENT)
	return agent
}

/** Conversations nobody has spoken in for VOICE_IDLE_MINUTES end as completed, lasting until the last message. */
async function closeIdleConversations(idleMinutes = getEnv().VOICE_IDLE_MINUTES) {
	const closed = await prisma.$queryRaw<Array<{ id: string; transcript: string | null }>>`
		UPDATE call_logs SET call_status = 'completed',
			call_duration = GREATEST(0, floor(extract(epoch FROM updated_at - created_at)))::int,
			updated_at = now()
		WHERE call_status = 'in-progress' AND agent_id IS NOT NULL AND updated_at < now() - make_interval(mins => ${idleMinutes})
		RETURNING id::text, transcript`
	// A call that timed out gets its notes like one the caller ended.
	await afterIdleCallsEnded(closed)
	return closed.length
}

/**
 * Every minute, the calls nobody has spoken in for VOICE_IDLE_MINUTES end (server/jobs.ts): a caller
 * who left without hanging up (a closed tab whose beacon never arrived, a client that crashed) must
 * not stay "In progress" on Calls and the dashboard until someone happens to start another call.
 */
export const closeIdleCallsJob = defineJob({
	name: 'close-idle-calls',
	payload: scheduledPayload,
	run: async (_payload, helpers) => {
		const closed = await closeIdleConversations()
		if (closed > 0) helpers.logger.info(`Ended ${closed} idle voice calls`)
	},
})

export async function startConversation(input: VoiceStart, admit: Admit = admitAll) {
	const agent = await requireAgent(input.agent_id)
	await admit({ agentId: agent.id })
	// Assistants saved before the default greeting followed the language keep their English default
	// in the row: they greet in their own language all the same.
	const greeting = greetingFor(agent.firstMessage, agent.language)
	void closeIdleConversations().catch((error) => console.error('Voice API: closing idle conversations failed:', error))
	const call = await prisma.callLog.create({
		data: {
			agentId: agent.id,
			agentName: agent.name,
			callStatus: 'in-progress',
			customerName: input.customer_name ?? null,
			customerPhone: input.customer_phone ?? null,
			customerEmail: input.customer_email ?? null,
			transcript: `${ASSISTANT}${oneLine(greeting)}`,
		},
		select: { id: true, createdAt: true },
	})
	return {
		conversation_id: call.id,
		first_message: greeting,
		agent: { id: agent.id, name: agent.name, voice_id: agent.voiceId, language: agent.language },
		started_at: call.createdAt.toISOString(),
	}
}

/** The conversation with this id of this agent (open or not), or null. */
async function findConversation(agentId: string, conversationId: string) {
	if (!isUuid(agentId) || !isUuid(conversationId)) return null
	return prisma.callLog.findFirst({
		where: { id: conversationId, agentId },
		select: { id: true, callStatus: true, transcript: true, updatedAt: true },
	})
}

/** The conversation if it is still open, or why it is not. */
async function requireOpen(call: Awaited<ReturnType<typeof findConversation>>) {
	if (!call) throw new VoiceError('not-found', NO_CONVERSATION)
	if (call.callStatus !== 'in-progress') throw new VoiceError('conversation-closed', ENDED)
	if (Date.now() - call.updatedAt.getTime() > getEnv().VOICE_IDLE_MINUTES * 60_000) {
		await closeIdleConversations()
		throw new VoiceError('conversation-closed', ENDED)
	}
	return call
}

/**
 * An active agent and its live conversation (for speaking in it), or why there is none. Both rows
 * are read at once: a turn waits for one database round trip here, not two (issue 32's budget).
 */
export async function requireLiveConversation(agentId: string, conversationId: string) {
	const [agent, call] = await Promise.all([requireAgent(agentId), findConversation(agentId, conversationId)])
	return { agent, call: await requireOpen(call) }
}

const FULL = `A conversation takes at most ${VOICE_MAX_MESSAGES} messages. End it and start a new one.`

/**
 * Takes one of the conversation's VOICE_MAX_MESSAGES message slots, or refuses: one statement, so
 * parallel messages cannot all pass the cap (the row lock of ON CONFLICT DO UPDATE orders them).
 */
async function reserveMessage(conversationId: string) {
	const taken = await prisma.$queryRaw<Array<{ messages: number }>>`
		INSERT INTO voice_call_budgets (conversation_id, messages) VALUES (${conversationId}::uuid, 1)
		ON CONFLICT (conversation_id) DO UPDATE SET messages = voice_call_budgets.messages + 1
			WHERE voice_call_budgets.messages < ${VOICE_MAX_MESSAGES}
		RETURNING messages`
	if (taken.length === 0) throw new VoiceError('conversation-closed', FULL)
}

/** Gives back a slot taken for a message that was not kept (a failure, or a duplicate of a kept one). */
async function releaseMessage(conversationId: string) {
	await prisma.$executeRaw`
		UPDATE voice_call_budgets SET messages = messages - 1 WHERE conversation_id = ${conversationId}::uuid AND messages > 0`
}

/**
 * The reply's deltas passed on to `onDelta`, but each one that completes a sentence only after the
 * reply so far is stored as the conversation's draft: a client that speaks that sentence through
 * /speech at once finds it there (ADR 0060). `settled` resolves when every delta has been passed on.
 */
function draftedDeltas(conversationId: string, onDelta: (delta: string) => void) {
	const sentences = new SentenceSplitter()
	let text = ''
	let chain = Promise.resolve()
	const storeDraft = async (draft: string) => {
		try {
			await prisma.$executeRaw`
				INSERT INTO voice_call_budgets (conversation_id, reply_draft) VALUES (${conversationId}::uuid, ${draft})
				ON CONFLICT (conversation_id) DO UPDATE SET reply_draft = EXCLUDED.reply_draft`
		} catch (error) {
			// The sentence is still said (by the browser's voice, when /speech cannot find it).
			console.error(`Voice API: storing the reply draft of conversation ${conversationId} failed:`, error)
		}
	}
	return {
		onDelta(delta: string) {
			text += delta
			const completes = sentences.push(delta).length > 0
			const draft = text
			chain = chain.then(async () => {
				if (completes) await storeDraft(draft)
				onDelta(delta)
			})
		},
		settled: () => chain,
	}
}

const callerTurns = (transcript: string) => transcript.split('\n').filter((line) => line.startsWith(CALLER)).length

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The transcript as chat messages for the model: "Caller:" lines are the user, "Assistant:" the agent. */
function transcriptMessages(transcript: string): IncomingMessage[] {
	return transcript
		.split('\n')
		.map((line): IncomingMessage | null => {
			if (line.startsWith(CALLER)) return { role: 'user', parts: [{ type: 'text', text: line.slice(CALLER.length) }] }
			if (line.startsWith(ASSISTANT))
				return { role: 'assistant', parts: [{ type: 'text', text: line.slice(ASSISTANT.length) }] }
			return null
		})
		.filter((m): m is IncomingMessage => m !== null)
		.slice(-20)
}

async function heardText(agent: Agent, audio: Uint8Array | null, text: string, signal: AbortSignal) {
	if (!audio || audio.byteLength === 0) {
		if (!text) throw new VoiceError('invalid-message', 'Send audio or text.')
		if (text.length > VOICE_TEXT_MAX_CHARS)
			throw new VoiceError('invalid-message', `Text is limited to ${VOICE_TEXT_MAX_CHARS} characters.`)
		return text
	}
	return transcribeUtterance(audio, agent.language, signal, `agent ${agent.id}`)
}

/**
 * What one utterance says: its format and length checked before the speech-to-text provider (which
 * bills by the second) is asked; every refusal a VoiceError in words. `who` names the caller in the
 * server's log. Also the site widget's voice turns (ADR 0059).
 */
export async function transcribeUtterance(audio: Uint8Array, language: string, signal: AbortSignal, who: string) {
	const settings = await transcriptionProvider()
	if (!settings) {
		throw new VoiceError(
			'speech-unavailable',
			'Speech-to-text is not configured on this server (the administrator connects one on the Models page, or sets TRANSCRIBE_API_KEY). Send text instead.',
		)
	}
	const kind = audioKind(audio)
	if (!kind) throw new VoiceError('unsupported-audio', AUDIO_FORMATS)
	// Measured from the samples before anything is sent to the provider, which bills by the second.
	const seconds = audioSeconds(audio, kind)
	if (seconds === 'unsupported') throw new VoiceError('unsupported-audio', AUDIO_FORMATS)
	if (seconds === 'damaged')
		throw new VoiceError('unusable-audio', 'The audio is damaged or incomplete, so its length cannot be measured.')
	if (seconds > VOICE_AUDIO_MAX_SECONDS)
		throw new VoiceError('audio-too-long', `Audio is limited to ${VOICE_AUDIO_MAX_SECONDS} seconds per message.`)
	if (seconds === 0) throw new VoiceError('unusable-audio', NO_SPEECH)
	try {
		const heard = await transcribeAudio(settings, audio, language, signal)
		if (!heard) throw new VoiceError('unusable-audio', NO_SPEECH)
		return heard
	} catch (error) {
		if (error instanceof VoiceError) throw error
		console.error(
			`Voice API: transcribing ${audio.byteLength} bytes of ${kind} for ${who} failed: ${describeAiError(error)}`,
		)
		if ((error as Error).name === 'AI_NoTranscriptGeneratedError') throw new VoiceError('unusable-audio', NO_SPEECH)
		throw new VoiceError('provider-failed', 'The speech-to-text service failed. Try again.')
	}
}

/** Who wants to hear a turn as it happens (the streaming message endpoint): the transcript, then the reply's pieces. */
export type TurnListener = { onTranscript?: (text: string) => void; onDelta?: (delta: string) => void }

/**
 * One turn: what the caller said (audio transcribed, or text), the agent's reply, both saved, with
 * the server's own share of the turn's time (its time minus the time spent waiting on providers).
 */
export async function sendVoiceMessage(
	input: VoiceIds & {
		text: string
		audio: Uint8Array | null
		/** Who heard a text turn: the browser's recognizer, or nobody (typed, the default). Audio is speech-to-text's. */
		textFrom?: 'browser' | 'typed'
		signal: AbortSignal
		messageId?: string
		/** Searches the agent's knowledge base (the route passes the knowledge pipeline's, ADR 0054). */
		retrieve?: KnowledgeRetriever
		/** Charges the turn to its budgets once the conversation is known to be live (ADR 0060). */
		admit?: Admit
	},
	listener: TurnListener = {},
) {
	const startedAt = performance.now()
	const { messageId } = input
	// The agent, this message's earlier turn (a retry) and the conversation are read at once.
	const [agent, earlier, found] = await Promise.all([
		requireAgent(input.agent_id),
		messageId ? storedTurnRow(input.agent_id, input.conversation_id, messageId) : null,
		findConversation(input.agent_id, input.conversation_id),
	])
	// A message sent again (the client lost the answer and retried) gets the same turn back.
	if (earlier) {
		const turn = turnOf(agent, input.conversation_id, earlier)
		listener.onTranscript?.(turn.text)
		listener.onDelta?.(turn.reply)
		return turn
	}
	const call = await requireOpen(found)
	// Checked before any transcription or model call: a full conversation costs nothing more.
	if (callerTurns(call.transcript ?? '') >= VOICE_MAX_MESSAGES) throw new VoiceError('conversation-closed', FULL)
	// Valid work only from here: charged to the conversation's and the agent's budgets (ADR 0060).
	await (input.admit ?? admitAll)({ agentId: agent.id, conversationId: call.id })
	await reserveMessage(call.id)
	let kept = false
	try {
		const turn = await answerTurn(agent, call, input, listener, startedAt)
		kept = turn.kept
		return turn.answer
	} finally {
		if (!kept) await releaseMessage(call.id)
	}
}

/** The turn of sendVoiceMessage once its slot is taken; `kept` says whether it was stored as a new turn. */
async function answerTurn(
	agent: Agent,
	call: NonNullable<Awaited<ReturnType<typeof findConversation>>>,
	input: Parameters<typeof sendVoiceMessage>[0],
	listener: TurnListener,
	startedAt: number,
) {
	let waitedMs = 0
	const { messageId } = input
	const { audio, signal } = input
	const transcribing = performance.now()
	const heard = oneLine(await heardText(agent, audio, oneLine(input.text), signal))
	if (audio && audio.byteLength > 0) waitedMs += performance.now() - transcribing
	// How the words arrived, stored with the turn: the Calls view labels it (a recognised turn is not "sent as text").
	const heardBy: HeardBy = audio && audio.byteLength > 0 ? 'speech-to-text' : (input.textFrom ?? 'typed')
	listener.onTranscript?.(heard)
	const messages: IncomingMessage[] = [
		...transcriptMessages(call.transcript ?? ''),
		{ role: 'user', parts: [{ type: 'text', text: heard }] },
	]
	const answering = performance.now()
	// Streamed only for a client that listens (the JSON answer waits for the whole reply anyway).
	const drafted = listener.onDelta ? draftedDeltas(call.id, listener.onDelta) : null
	const answer = await spokenReply(agent, messages, {
		retrieve: input.retrieve,
		label: `Voice agent ${agent.id}`,
		abortSignal: signal,
		onDelta: drafted?.onDelta,
	}).finally(() => drafted?.settled())
	waitedMs += performance.now() - answering
	const { sources } = answer
	const reply = answer.text
	if (!reply) throw new VoiceError('provider-failed', 'The assistant could not answer. Try again.')
	const written = oneLine(reply)
	// The transcript keeps the reply as written, citations and all; the voice says it for listening.
	const turn = {
		conversation_id: call.id,
		text: heard,
		reply: written,
		// From the reply as the model wrote it: on one line, a heading over a quote ("2.5 The Closure
		// API" over "Because closures…") runs into its first sentence and is said as part of it.
		spoken: spokenText(reply, agent.language),
		sources: citedSources(written, sources),
		// Kept for the API's clients: true only when this server's speech-to-text heard the audio.
		transcribed: heardBy === 'speech-to-text',
		heard_by: heardBy,
	}
	const timings: TurnTimings = {
		transcriptMs: null,
		firstTokenMs: null,
		firstAudioMs: null,
		serverMs: Math.max(0, Math.round(performance.now() - startedAt - waitedMs)),
	}
	const answerOf = await prisma.$transaction(async (tx) => {
		// Every turn is kept with the model that answered it; a client's id also makes a retry safe.
		const recorded = await tx.$executeRaw`
			INSERT INTO voice_messages (conversation_id, client_message_id, heard, reply, heard_by, model, model_error, sources, timings)
			VALUES (${call.id}::uuid, ${messageId ?? `server:${crypto.randomUUID()}`}, ${turn.text}, ${turn.reply},
				${turn.heard_by}, ${answer.model.label}, ${answer.failure}, ${JSON.stringify(turn.sources)}::jsonb,
				${JSON.stringify(timings)}::jsonb)
			ON CONFLICT DO NOTHING`
		// The same message arrived twice at once: the first one's turn stands, written once.
		if (recorded === 0 && messageId) {
			const first = await storedTurnRow(agent.id, call.id, messageId, tx)
			return { kept: false, answer: first ? turnOf(agent, call.id, first) : turn }
		}
		// Appended in SQL, so two quick messages cannot overwrite each other's turns.
		await tx.$executeRaw`
			UPDATE call_logs SET
				transcript = coalesce(transcript || E'\n', '') || ${`${CALLER}${turn.text}\n${ASSISTANT}${turn.reply}`},
				inquiry_details = coalesce(inquiry_details, ${turn.text.slice(0, 500)}),
				model = ${answer.model.label},
				updated_at = now()
			WHERE id = ${call.id}::uuid`
		// A streamed reply is in the transcript now: its draft has done its work.
		if (drafted)
			await tx.$executeRaw`UPDATE voice_call_budgets SET reply_draft = NULL WHERE conversation_id = ${call.id}::uuid`
		return { kept: true, answer: { ...turn, server_ms: timings.serverMs } }
	})
	return answerOf
}

/** A source a reply cites, with the number its "[n]" uses. */
type CitedSource = KnowledgeSource & { number: number }

/** The passages the reply cites, each with its number; none when it cites none (an "I don't know"). */
const citedSources = (reply: string, sources: KnowledgeSource[]): CitedSource[] =>
	citedNumbers(reply, sources.length).map((number) => ({ number, ...sources[number - 1] }))

/** The row of the turn already recorded for this client message id in this agent's conversation, if any. */
function storedTurnRow(
	agentId: string,
	conversationId: string,
	messageId: string,
	db: Pick<typeof prisma, 'voiceMessage'> = prisma,
) {
	if (!isUuid(conversationId) || !isUuid(agentId)) return null
	return db.voiceMessage.findFirst({ where: { conversationId, clientMessageId: messageId, conversation: { agentId } } })
}

/** A recorded turn as the voice API answers it. */
function turnOf(agent: Agent, conversationId: string, row: NonNullable<Awaited<ReturnType<typeof storedTurnRow>>>) {
	return {
		conversation_id: conversationId,
		text: row.heard,
		reply: row.reply,
		spoken: spokenText(row.reply, agent.language),
		sources: row.sources as CitedSource[],
		transcribed: row.heardBy === 'speech-to-text',
		heard_by: heardByOf(row.heardBy),
		server_ms: (row.timings as Partial<TurnTimings> | null)?.serverMs ?? null,
	}
}

const NO_TIMINGS: TurnTimings = { transcriptMs: null, firstTokenMs: null, firstAudioMs: null, serverMs: null }

/**
 * The caller's side of a turn's latency (end of speech → transcript, first token, first audio), as
 * its client measured it. Only a turn of this agent's conversation, only the three client figures,
 * and the first report of each stands: sending it again changes nothing.
 */
export async function recordTurnTimings(input: VoiceTimingsReport, admit: Admit = admitAll) {
	if (!isUuid(input.agent_id) || !isUuid(input.conversation_id)) throw new VoiceError('not-found', NO_CONVERSATION)
	// Only while the call lasts, and charged like any other request about it (ADR 0060).
	const call = await prisma.callLog.findFirst({
		where: { id: input.conversation_id, agentId: input.agent_id },
		select: { callStatus: true },
	})
	if (!call) throw new VoiceError('not-found', NO_CONVERSATION)
	if (call.callStatus !== 'in-progress') throw new VoiceError('conversation-closed', ENDED)
	await admit({ agentId: input.agent_id, conversationId: input.conversation_id })
	const reported = {
		transcriptMs: input.transcript_ms ?? null,
		firstTokenMs: input.first_token_ms ?? null,
		firstAudioMs: input.first_audio_ms ?? null,
	}
	// The stored figures win over the reported ones (jsonb || keeps the right side's keys).
	const updated = await prisma.$executeRaw`
		UPDATE voice_messages m SET timings = ${JSON.stringify(NO_TIMINGS)}::jsonb
			|| jsonb_strip_nulls(${JSON.stringify(reported)}::jsonb)
			|| jsonb_strip_nulls(coalesce(m.timings, '{}'::jsonb))
		FROM call_logs c
		WHERE m.conversation_id = c.id AND c.id = ${input.conversation_id}::uuid AND c.agent_id = ${input.agent_id}::uuid
			AND c.call_status = 'in-progress' AND m.client_message_id = ${input.message_id}`
	if (updated === 0) throw new VoiceError('not-found', 'No turn with that message_id in this conversation.')
	return { recorded: true }
}

/**
 * Ends a call. Charged to the caller's address only (by the route): ending is cheap and always
 * welcome, so a conversation or agent whose budget is spent can still hang up (ADR 0060).
 */
export async function endConversation(input: VoiceEnd) {
	const { status, agent_id: agentId, conversation_id: conversationId } = input
	if (!isUuid(agentId) || !isUuid(conversationId)) throw new VoiceError('not-found', NO_CONVERSATION)
	// The call ends with its extractive notes in one transaction: whoever sees it ended sees its notes.
	const rows = await prisma.$transaction(async (tx) => {
		const ended = await tx.$queryRaw<Array<{ call_duration: number; call_status: string; transcript: string | null }>>`
			UPDATE call_logs SET call_status = ${status},
				call_duration = GREATEST(0, floor(extract(epoch FROM now() - created_at)))::int,
				updated_at = now()
			WHERE id = ${conversationId}::uuid AND agent_id = ${agentId}::uuid AND call_status = 'in-progress'
			RETURNING call_duration, call_status, transcript`
		if (ended.length > 0) await storeExtractiveNotes(conversationId, ended[0].transcript, tx)
		return ended
	})
	// The model's notes, when the agent has one, come later from the job queue.
	if (rows.length > 0) await queueModelNotes([conversationId])
	if (rows.length === 0) {
		const exists = await prisma.callLog.findFirst({
			where: { id: conversationId, agentId },
			select: { callStatus: true, callDuration: true },
		})
		if (!exists) throw new VoiceError('not-found', NO_CONVERSATION)
		// Ending twice is harmless: the first end stands.
		return {
			conversation_id: conversationId,
			status: exists.callStatus,
			duration_seconds: exists.callDuration,
		}
	}
	return {
		conversation_id: conversationId,
		status: rows[0].call_status,
		duration_seconds: rows[0].call_duration,
	}
}

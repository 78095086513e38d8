// Voice agents, always scoped to their owner, and their optional twin at ElevenLabs
// (create-voice-agent in spec section 7): with ELEVENLABS_API_KEY the agent is created there first
// and its id kept in eleven_agent_id; a failure there stores nothing.
import { SPEAKING_ASSISTANT_COLUMNS } from '~/ai/spoken-reply.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { ownedRows } from '~/lib/owned-rows.server.ts'
import { summarizeLatency } from '~/lib/voice/turn-latency.ts'
import type { AgentForm } from './agent-schema.ts'
import { MAX_AGENTS_PER_USER } from './voice-limits.server.ts'

/** The account already has MAX_AGENTS_PER_USER voice assistants. */
export class AgentLimitError extends Error {
	constructor() {
		super(`An account may have at most ${MAX_AGENTS_PER_USER} voice assistants.`)
		this.name = 'AgentLimitError'
	}
}

export class VoiceProviderError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options)
		this.name = 'VoiceProviderError'
	}
}

const listFields = {
	id: true,
	name: true,
	description: true,
	voiceId: true,
	language: true,
	isActive: true,
	createdAt: true,
	elevenAgentId: true,
} as const

export function listAgents(userId: string) {
	return prisma.agent.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, select: listFields })
}

/** For the public voice API: only an active agent answers. */
export async function getActiveAgent(id: string) {
	if (!isUuid(id)) return null
	return prisma.agent.findFirst({
		where: { id, isActive: true },
		select: { ...SPEAKING_ASSISTANT_COLUMNS, firstMessage: true, voiceId: true },
	})
}

/**
 * Which knowledge the user's agent answers from: one of the user's own chatbots (never a voice
 * assistant's knowledge base), or its own sources (null). 'not-found' when the agent is not the
 * user's or the chatbot is not one of theirs: another user's chatbot looks like one that does not exist.
 */
export async function setAgentKnowledgeChatbot(userId: string, agentId: string, chatbotId: string | null) {
	if (!isUuid(agentId) || (chatbotId !== null && !isUuid(chatbotId))) return 'not-found'
	if (chatbotId) {
		const owned = await prisma.chatbot.count({ where: { id: chatbotId, userId, voiceAgentId: null } })
		if (owned === 0) return 'not-found'
	}
	const { count } = await prisma.agent.updateMany({
		where: { id: agentId, userId },
		data: { knowledgeChatbotId: chatbotId },
	})
	return count > 0 ? 'saved' : 'not-found'
}

/** The agent as ElevenLabs describes it (create and update send the same configuration). */
const elevenLabsConfig = (form: AgentForm) => ({
	name: form.name,
	conversation_config: {
		agent: { first_message: form.firstMessage, language: form.language, prompt: { prompt: form.instructions } },
		tts: { voice_id: form.voiceId },
	},
})

/** One call to the ElevenLabs API within 15 s; its body, or a VoiceProviderError. */
async function callElevenLabs(path: string, method: 'POST' | 'PATCH', body: unknown) {
	const env = getEnv()
	let response: Response
	const deadline = deadlineSignal(15_000)
	try {
		response = await fetch(new URL(path, env.ELEVENLABS_BASE_URL), {
			method,
			headers: { 'xi-api-key': env.ELEVENLABS_API_KEY!, 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
			signal: deadline.signal,
		})
	} catch (error) {
		deadline.done()
		throw new VoiceProviderError(`ElevenLabs could not be reached: ${(error as Error).message}`, { cause: error })
	}
	const text = await response.text().finally(() => deadline.done())
	if (!response.ok) throw new VoiceProviderError(`ElevenLabs answered HTTP ${response.status}: ${text.slice(0, 300)}`)
	return text
}

/** POST /v1/convai/agents/create at ElevenLabs; returns its agent_id. */
async function createElevenLabsAgent(form: AgentForm) {
	const text = await callElevenLabs('/v1/convai/agents/create', 'POST', elevenLabsConfig(form))
	let agentId: unknown
	try {
		agentId = (JSON.parse(text) as { agent_id?: unknown }).agent_id
	} catch {
		agentId = undefined
	}
	if (typeof agentId !== 'string' || !agentId)
		throw new VoiceProviderError(`ElevenLabs answered without an agent_id: ${text.slice(0, 300)}`)
	return agentId
}

/** The form's fields as the agents table stores them (create and update alike). */
const agentColumns = (form: AgentForm) => ({
	name: form.name,
	description: form.description,
	instructions: form.instructions,
	firstMessage: form.firstMessage,
	voiceId: form.voiceId,
	language: form.language,
})

/**
 * Creates the user's agent, up to MAX_AGENTS_PER_USER (AgentLimitError beyond): counted before
 * ElevenLabs is asked, and again with the user's row locked as the row is inserted, so parallel
 * creations cannot pass the cap.
 */
export async function createAgent(userId: string, form: AgentForm) {
	if ((await prisma.agent.count({ where: { userId } })) >= MAX_AGENTS_PER_USER) throw new AgentLimitError()
	const elevenAgentId = getEnv().ELEVENLABS_API_KEY ? await createElevenLabsAgent(form) : null
	return prisma.$transaction(async (tx) => {
		await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`
		if ((await tx.agent.count({ where: { userId } })) >= MAX_AGENTS_PER_USER) throw new AgentLimitError()
		// voice_settings takes the column default: the spec's stability 0.5, similarity_boost 0.5, style 0, speaker boost on.
		return tx.agent.create({
			data: {
				userId,
				...agentColumns(form),
				elevenAgentId,
			},
			select: listFields,
		})
	})
}

/** One of the user's agents, everything its page shows; null for anyone else's. */
export async function getOwnedAgent(userId: string, id: string) {
	if (!isUuid(id)) return null
	return prisma.agent.findFirst({ where: { id, userId } })
}

/** Whether a save changes what the agent answers (its name, description, instructions or language). */
const changesAnswers = (
	agent: Pick<AgentForm, 'name' | 'instructions' | 'language'> & { description: string | null },
	form: AgentForm,
) =>
	agent.name !== form.name ||
	(agent.description ?? '') !== (form.description ?? '') ||
	agent.instructions !== form.instructions ||
	agent.language !== form.language

/**
 * Saves the agent's settings; its ElevenLabs twin (when there is one) is updated first, and a failure
 * there changes nothing here. Null when the agent is not the user's; else whether the save changed
 * what it answers (its tests then run: ADR 0062).
 */
export async function updateAgent(userId: string, id: string, form: AgentForm) {
	const agent = await getOwnedAgent(userId, id)
	if (!agent) return null
	if (agent.elevenAgentId && getEnv().ELEVENLABS_API_KEY) {
		await callElevenLabs(
			`/v1/convai/agents/${encodeURIComponent(agent.elevenAgentId)}`,
			'PATCH',
			elevenLabsConfig(form),
		)
	}
	const { count } = await prisma.agent.updateMany({
		where: { id, userId },
		data: agentColumns(form),
	})
	return count > 0 ? { answersChanged: changesAnswers(agent, form) } : null
}

/** The agent's latest calls, newest first, for its page. */
/** The agent's latest calls, newest first, each with its turns' latency and medians (null: none measured). */
export async function listAgentCalls(userId: string, agentId: string, take = 20) {
	const calls = await prisma.callLog.findMany({
		where: { agentId, agent: { userId } },
		orderBy: { createdAt: 'desc' },
		take,
		select: {
			id: true,
			customerName: true,
			callStatus: true,
			callDuration: true,
			createdAt: true,
			inquiryDetails: true,
			model: true,
		},
	})
	// Each call's turns, oldest first: read for the listed calls only.
	const turnsByCall = new Map<string, Array<{ heard: string; reply: string; timings: unknown; heardBy: string }>>()
	for (const turn of await prisma.voiceMessage.findMany({
		where: { conversationId: { in: calls.map((call) => call.id) } },
		orderBy: { createdAt: 'asc' },
		select: { conversationId: true, heard: true, reply: true, timings: true, heardBy: true },
	})) {
		const turns = turnsByCall.get(turn.conversationId)
		if (turns) turns.push(turn)
		else turnsByCall.set(turn.conversationId, [turn])
	}
	return calls.map((call) => ({ ...call, latency: summarizeLatency(turnsByCall.get(call.id) ?? []) }))
}

const owned = ownedRows(prisma.agent)
export const setAgentActive = owned.setActive

/**
 * Deletes the user's agent. Its open conversations end first (completed, lasting until their last
 * message): the calls keep their logs, and none stays "in progress" on the dashboard for ever.
 */
export async function deleteAgent(userId: string, id: string) {
	if (!isUuid(id)) return false
	return prisma.$transaction(async (tx) => {
		const owns = await tx.agent.count({ where: { id, userId } })
		if (owns === 0) return false
		await tx.$executeRaw`
			UPDATE call_logs SET call_status = 'completed',
				call_duration = GREATEST(0, floor(extract(epoch FROM updated_at - created_at)))::int,
				updated_at = now()
			WHERE agent_id = ${id}::uuid AND call_status = 'in-progress'`
		return (await tx.agent.deleteMany({ where: { id, userId } })).count > 0
	})
}

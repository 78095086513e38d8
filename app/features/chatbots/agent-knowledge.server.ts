// A voice assistant's own knowledge base (ADR 0054): a chatbot row that holds nothing but knowledge
// (chatbots.voice_agent_id names its assistant; it is never listed, opened as a chatbot, or
// embedded), so the assistant's sources go through the one pipeline — the same ingestion, crawl,
// progress, re-sync and retrieval as a chatbot's — unchanged. It is made on the first source.
import { prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { addAnswer } from './conversations/conversations.server.ts'
import { answerEntry, appendKnowledge, knowledgeLimitOf } from './knowledge-base.ts'
import { queueTextIndex } from './text-source.server.ts'

/** The user's assistant's knowledge base, with its typed text; null before it has one (or not the user's). */
export async function agentKnowledgeBase(userId: string, agentId: string) {
	if (!isUuid(agentId)) return null
	return prisma.chatbot.findFirst({
		where: { voiceAgentId: agentId, userId, voiceAgent: { userId } },
		select: { id: true, knowledgeBase: true },
	})
}

/** The id of the assistant's knowledge base, made now if it has none; null when the assistant is not the user's. */
export async function ensureAgentKnowledgeBase(userId: string, agentId: string): Promise<string | null> {
	if (!isUuid(agentId)) return null
	// SQL: one statement, so two first sources at once make one knowledge base (the unique index
	// decides), and only for an assistant of this user. Switched off: no widget could ever answer.
	const rows = await prisma.$queryRaw<Array<{ id: string }>>`
		INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, is_active, voice_agent_id)
		SELECT a.user_id, left('Knowledge of ' || a.name, 200), '', '', false, a.id
		FROM agents a WHERE a.id = ${agentId}::uuid AND a.user_id = ${userId}::uuid
		ON CONFLICT (voice_agent_id) DO UPDATE SET voice_agent_id = EXCLUDED.voice_agent_id
		RETURNING id::text`
	return rows[0]?.id ?? null
}

/**
 * The chatbot whose knowledge the user's assistant answers from (ADR 0054), or null when it answers
 * from its own (or is not the user's): an answer added there reaches that chatbot's site visitors
 * too, so the Tests page names it.
 */
export async function agentKnowledgeChatbot(userId: string, agentId: string) {
	if (!isUuid(agentId)) return null
	const agent = await prisma.agent.findFirst({
		where: { id: agentId, userId },
		select: { knowledgeChatbot: { select: { id: true, name: true, userId: true } } },
	})
	const chatbot = agent?.knowledgeChatbot
	return chatbot && chatbot.userId === userId ? { id: chatbot.id, name: chatbot.name } : null
}

/**
 * Saves the assistant's typed knowledge and queues its indexing (as a chatbot's typed text: the old
 * chunks answer until the job is done). False when the assistant is not the user's.
 */
export async function saveAgentKnowledgeText(userId: string, agentId: string, text: string) {
	const knowledgeBaseId = await ensureAgentKnowledgeBase(userId, agentId)
	if (!knowledgeBaseId) return false
	return prisma.$transaction(async (tx) => {
		const { count } = await tx.chatbot.updateMany({
			where: { id: knowledgeBaseId, userId },
			data: { knowledgeBase: text },
		})
		if (count === 0) return false
		await queueTextIndex(tx, { userId, chatbotId: knowledgeBaseId, chars: text.length })
		return true
	})
}

/**
 * "Add an answer" beside a voice assistant's failing test (ADR 0062): the question and its answer join
 * the typed knowledge it answers from, its chosen chatbot's (as that chatbot's own "Add an answer")
 * or its own, re-indexed by the same job, after which its tests run again. Null when the assistant is
 * not the user's; a message when the text would outgrow `maxChars`.
 */
export async function addAgentAnswer(
	userId: string,
	agentId: string,
	{ question, answer }: { question: string; answer: string },
	{ maxChars }: { maxChars: number },
): Promise<{ error: string | null } | null> {
	if (!isUuid(agentId)) return null
	const agent = await prisma.agent.findFirst({
		where: { id: agentId, userId },
		select: { knowledgeChatbotId: true },
	})
	if (!agent) return null
	if (agent.knowledgeChatbotId)
		return addAnswer(userId, agent.knowledgeChatbotId, { question, answer, messageIds: [] }, { maxChars })
	const existing = await agentKnowledgeBase(userId, agentId)
	const text = appendKnowledge(existing?.knowledgeBase ?? '', answerEntry(question, answer))
	if (text.length > maxChars) return { error: knowledgeLimitOf(maxChars) }
	return (await saveAgentKnowledgeText(userId, agentId, text)) ? { error: null } : null
}

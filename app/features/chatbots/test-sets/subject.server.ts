// A test set's subject on the database: whether it is the user's, its lock for additions, its name
// and owner, the knowledge it answers from, and how a test's question is put to it. A chatbot answers
// through the visitors' answer path (answerChatbotQuestion); a voice assistant through its own, the
// short spoken reply its callers' turns get (spokenReply), asked as a typed turn and never written as
// a call. docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import { citedNumbers } from '~/ai/citations.ts'
import type { KnowledgeSource, TracedPassage } from '~/ai/knowledge-retriever.ts'
import type { IncomingMessage } from '~/ai/model-reply.server.ts'
import { MODEL_CHOICE_COLUMNS, type ModelChoice, type ModelInfo } from '~/ai/models.server.ts'
import { agentKnowledgeBaseId, SPEAKING_ASSISTANT_COLUMNS, spokenReply } from '~/ai/spoken-reply.server.ts'
import { userChatbot } from '~/features/chatbots/chatbot-scope.server.ts'
import { isAnswered } from '~/features/chatbots/conversations/conversation-log.server.ts'
import { answerChatbotQuestion, retrieveKnowledge } from '~/features/chatbots/reply.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'
import type { CitedSource } from './judge.ts'
import type { TestSubject } from './subject.ts'

type Tx = Pick<Prisma.TransactionClient, '$queryRaw'>

/** Whether `subject` is one of the user's chatbots (never a voice assistant's knowledge row) or assistants. */
export async function ownsSubject(userId: string, subject: TestSubject) {
	if (!isUuid(subject.id)) return false
	const count =
		subject.kind === 'chatbot'
			? await prisma.chatbot.count({ where: userChatbot(userId, subject.id) })
			: await prisma.agent.count({ where: { id: subject.id, userId } })
	return count > 0
}

/** Locks the user's subject's row against other additions to its tests until the transaction ends; false when it is not theirs. */
export async function lockSubject(tx: Tx, userId: string, subject: TestSubject) {
	if (!isUuid(subject.id)) return false
	const rows =
		subject.kind === 'chatbot'
			? await tx.$queryRaw<unknown[]>`
				SELECT 1 FROM chatbots WHERE id = ${subject.id}::uuid AND user_id = ${userId}::uuid AND voice_agent_id IS NULL
				FOR NO KEY UPDATE`
			: await tx.$queryRaw<unknown[]>`
				SELECT 1 FROM agents WHERE id = ${subject.id}::uuid AND user_id = ${userId}::uuid FOR NO KEY UPDATE`
	return rows.length > 0
}

/** The subject's name and its owner's id and e-mail address (for a run and its e-mail); null when it is gone. */
export async function subjectOwner(subject: TestSubject) {
	const select = { name: true, userId: true, user: { select: { email: true } } } as const
	const row =
		subject.kind === 'chatbot'
			? await prisma.chatbot.findUnique({ where: { id: subject.id }, select })
			: await prisma.agent.findUnique({ where: { id: subject.id }, select })
	return row && { name: row.name, userId: row.userId, email: row.user.email }
}

/**
 * The user's subject's knowledge base (the chatbot row whose chunks it answers from: a chatbot's own,
 * or the assistant's chosen chatbot or own knowledge row; null when it has none yet) and its model
 * choice; null when the subject is not the user's.
 */
export async function subjectKnowledge(userId: string, subject: TestSubject) {
	if (!isUuid(subject.id)) return null
	if (subject.kind === 'chatbot') {
		const chatbot = await prisma.chatbot.findFirst({
			where: userChatbot(userId, subject.id),
			select: { id: true, ...MODEL_CHOICE_COLUMNS },
		})
		return chatbot && { knowledgeBaseId: chatbot.id as string | null, choice: chatbot as ModelChoice }
	}
	const agent = await prisma.agent.findFirst({
		where: { id: subject.id, userId },
		select: SPEAKING_ASSISTANT_COLUMNS,
	})
	return agent && { knowledgeBaseId: agentKnowledgeBaseId(agent), choice: agent as ModelChoice }
}

/** A test's question as its subject answered it: what the judge and the result need. */
export type SubjectAnswer = {
	text: string
	answered: boolean
	/** The sources the reply cites by number; those it was given when it cites none; none for an "I don't know". */
	cited: CitedSource[]
	passages: TracedPassage[]
	model: ModelInfo
	failure: string | null
}

const asked = (question: string): IncomingMessage[] => [{ role: 'user', parts: [{ type: 'text', text: question }] }]

/** The sources a reply cites by number, or, when it cites none, all it was given; none when it did not answer. */
function citedBy(text: string, sources: KnowledgeSource[], answered: boolean): CitedSource[] {
	if (!answered) return []
	const numbers = citedNumbers(text, sources.length)
	return (numbers.length > 0 ? numbers.map((n) => sources[n - 1]) : sources).map(({ url, title }) => ({ url, title }))
}

const LABEL = 'Test run'

/**
 * How a question is put to the subject: a function asking it, or null when the subject is gone.
 * Read once per run, so every test of the run is asked of the same settings. `offline`: of the
 * built-in offline model whatever the subject chose (offline suggestions are checked against it).
 */
export async function subjectAnswerer(
	subject: TestSubject,
	{ offline = false } = {},
): Promise<((question: string) => Promise<SubjectAnswer>) | null> {
	const model = offline ? { answerModel: 'offline' } : {}
	if (subject.kind === 'chatbot') {
		const row = await prisma.chatbot.findUnique({
			where: { id: subject.id },
			select: { id: true, name: true, systemPrompt: true, ...MODEL_CHOICE_COLUMNS },
		})
		if (!row) return null
		const chatbot = { ...row, ...model }
		return async (question) => {
			// Without `log`: the same function the no-JavaScript preview uses, writing no conversation.
			const answer = await answerChatbotQuestion(chatbot, asked(question), { label: LABEL })
			const text = answer.text ?? ''
			return {
				text,
				answered: answer.answered,
				cited: citedBy(text, answer.sources, answer.answered),
				passages: answer.passages,
				model: answer.model,
				failure: answer.failure,
			}
		}
	}
	const row = await prisma.agent.findUnique({ where: { id: subject.id }, select: SPEAKING_ASSISTANT_COLUMNS })
	if (!row) return null
	const agent = { ...row, ...model }
	return async (question) => {
		// A typed turn through the callers' answer path, outside any conversation: no call is written.
		const reply = await spokenReply(agent, asked(question), { retrieve: retrieveKnowledge, label: LABEL })
		const text = reply.text ?? ''
		// As a chatbot's reply is judged: matched passages, and no "I don't know" (ours or the owner's).
		const answered =
			reply.text !== null && isAnswered(text, { matched: reply.sources.length > 0, systemPrompt: agent.instructions })
		return {
			text,
			answered,
			cited: citedBy(text, reply.sources, answered),
			passages: reply.passages,
			model: reply.model,
			failure: reply.failure,
		}
	}
}

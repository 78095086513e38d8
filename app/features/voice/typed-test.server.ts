// The voice test without JavaScript (issue 32: typing always works): a typed conversation through
// the same voice API functions the JavaScript test and the API use (start, message, end), so it is
// logged, charged and answered from the same knowledge; its transcript is read back from the call
// log, citations kept. Owner only: the route checks the assistant is the user's.
import type { KnowledgeRetriever } from '~/ai/knowledge-retriever.ts'
import { ASSISTANT } from '~/ai/transcript-lines.ts'
import { prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { type Admit, endConversation, sendVoiceMessage, startConversation } from './conversations.server.ts'
import type { TypedConversation, TypedTurn, TypedVoiceTestInput } from './typed-test-schema.ts'
import type { VoiceTurnSource } from './ui/voice-chat-transport.ts'

/** The typed conversation `conversationId` with this user's assistant, or null (not theirs, or none). */
export async function typedConversation(
	userId: string,
	agentId: string,
	conversationId: string | null,
): Promise<TypedConversation | null> {
	if (!conversationId || !isUuid(conversationId)) return null
	const call = await prisma.callLog.findFirst({
		where: { id: conversationId, agentId, agent: { userId } },
		select: {
			id: true,
			callStatus: true,
			transcript: true,
			voiceMessages: {
				orderBy: { createdAt: 'asc' },
				select: { clientMessageId: true, heard: true, reply: true, sources: true },
			},
		},
	})
	if (!call) return null
	const firstLine = (call.transcript ?? '').split('\n')[0] ?? ''
	const greeting = firstLine.startsWith(ASSISTANT) ? firstLine.slice(ASSISTANT.length) : ''
	const turns: TypedTurn[] = greeting ? [{ id: 'greeting', role: 'assistant', text: greeting }] : []
	for (const message of call.voiceMessages) {
		turns.push({ id: `${message.clientMessageId}:user`, role: 'user', text: message.heard })
		turns.push({
			id: `${message.clientMessageId}:assistant`,
			role: 'assistant',
			text: message.reply,
			sources: Array.isArray(message.sources) ? (message.sources as VoiceTurnSource[]) : [],
		})
	}
	return { id: call.id, live: call.callStatus === 'in-progress', turns }
}

/** One post of the typed test: the conversation it leaves open (null once ended). */
export async function runTypedTest(
	agentId: string,
	input: TypedVoiceTestInput,
	{ admit, retrieve, signal }: { admit: Admit; retrieve: KnowledgeRetriever; signal: AbortSignal },
): Promise<{ conversationId: string | null }> {
	if (input.intent === 'voice-start') {
		const started = await startConversation({ agent_id: agentId }, admit)
		return { conversationId: started.conversation_id }
	}
	const ids = { agent_id: agentId, conversation_id: input.conversationId }
	if (input.intent === 'voice-end') {
		await endConversation({ ...ids, status: 'completed' })
		return { conversationId: null }
	}
	await sendVoiceMessage({
		...ids,
		text: input.text,
		audio: null,
		signal,
		retrieve,
		admit,
		messageId: crypto.randomUUID(),
	})
	return { conversationId: input.conversationId }
}

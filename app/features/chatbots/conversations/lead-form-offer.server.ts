// The embedded chat's answer to a visitor who asks for a person, when the chatbot has a lead form:
// not the model's "I don't know… contact our team", but an offer of the form (a `data-handoff` part
// tells the widget to show it), or, once the visitor has left their details in this conversation,
// that the team has them. Stored in the conversation like any answer, and counted as answered.
import crypto from 'node:crypto'
import { textOf } from '~/ai/chat-schema.ts'
import { streamFixedReply, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { activityCopy } from './activity-copy.ts'
import { asksForAPerson } from './asks-for-a-person.ts'
import { finishFixedTurn, startTurn, type TurnContext } from './conversation-log.server.ts'
import type { LeadFormSettings } from './conversation-schema.ts'
import { LEAD_FORM_MODEL } from './reply-labels.ts'

/** Whether this visitor has left a lead in this conversation of the chatbot already. */
async function leadLeft(turn: TurnContext) {
	const found = await prisma.chatbotLead.count({
		where: {
			chatbotId: turn.chatbotId,
			conversation: { visitorId: turn.visitorId, clientId: turn.clientId },
		},
	})
	return found > 0
}

/**
 * The reply to a request for a person, streamed and stored; null when the chatbot has no lead form
 * or the visitor's last message asks for something else (the model answers then).
 */
export async function leadFormOffer(
	leadForm: LeadFormSettings,
	messages: IncomingMessage[],
	turn: TurnContext,
): Promise<Response | null> {
	if (leadForm.mode === 'off') return null
	const question = textOf(messages.findLast((message) => message.role === 'user') ?? { parts: [] })
	if (!asksForAPerson(question)) return null
	const startedAt = performance.now()
	const [sent, conversationId] = await Promise.all([leadLeft(turn), startTurn(turn, question)])
	const text = sent ? activityCopy.leadForm.handoffDone : activityCopy.leadForm.handoff
	const messageId = conversationId
		? await finishFixedTurn(turn.chatbotId, conversationId, { text, model: LEAD_FORM_MODEL, startedAt })
		: crypto.randomUUID()
	return streamFixedReply(text, { messageId, parts: sent ? [] : [{ type: 'data-handoff', data: true }] })
}

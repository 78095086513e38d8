// A chatbot's or voice assistant's model failures, for its owner: the latest one and its reason stay
// on the row (shown on its page) until its chosen model answers again; each turn's is in its log.
import type { AnsweringModel } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'

/** Whose model it is: a chatbot or a voice assistant. */
export type ModelOwner = { kind: 'chatbot' | 'agent'; id: string }

/** Keeps the latest failure of the owner's model, or clears it once its chosen model has answered. */
export async function recordModelOutcome(owner: ModelOwner, model: AnsweringModel, failure: string | null) {
	if (model.info.kind === 'offline' && !failure) return
	const failed = { modelFailure: failure?.slice(0, 500) ?? null, modelFailureAt: failure ? new Date() : null }
	// A success writes only where a failure is shown: most answers cost no write.
	const where = failure ? { id: owner.id } : { id: owner.id, modelFailure: { not: null } }
	try {
		if (owner.kind === 'chatbot') await prisma.chatbot.updateMany({ where, data: failed })
		else await prisma.agent.updateMany({ where, data: failed })
	} catch (error) {
		console.error(
			`${owner.kind === 'chatbot' ? 'Chatbot' : 'Voice agent'} ${owner.id}: recording its model's outcome failed: ${(error as Error).message}`,
		)
	}
}

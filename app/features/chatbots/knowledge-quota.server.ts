// The one budget of knowledge a user's chatbots and voice assistants share: their typed text, files
// and websites, in characters. A voice assistant's own knowledge base is a knowledge-only chatbot
// row of its owner (ADR 0054), so the sums below count it with the chatbots. Checked by the create
// form, the assistant's knowledge page and by each job that adds knowledge (a file, a page).
import { prisma } from '~/lib/db.server.ts'
import { MAX_USER_KNOWLEDGE_CHARS } from './knowledge-base.ts'

/**
 * Whether `addingChars` of knowledge fits in the user's total (their other chatbots' knowledge
 * plus this one), or the message that says why not. `replacingId` is the chatbot being edited.
 */
export async function checkKnowledgeQuota(
	userId: string,
	addingChars: number,
	{ replacingId, maxChars = MAX_USER_KNOWLEDGE_CHARS }: { replacingId?: string; maxChars?: number } = {},
) {
	// Typed text of the user's other chatbots and assistants' knowledge bases (every row of theirs,
	// knowledge-only ones included), plus everything their files and websites hold.
	const [{ used }] = await prisma.$queryRaw<Array<{ used: number }>>`
		SELECT (
			COALESCE((SELECT sum(length(knowledge_base)) FROM chatbots
				WHERE user_id = ${userId}::uuid AND (${replacingId ?? null}::uuid IS NULL OR id <> ${replacingId ?? null}::uuid)), 0) +
			COALESCE((SELECT sum(s.chars) FROM knowledge_sources s JOIN chatbots c ON c.id = s.chatbot_id
				WHERE c.user_id = ${userId}::uuid AND s.kind <> 'text'), 0)
		)::float8 AS used`
	if (used + addingChars <= maxChars) return null
	return `Your chatbots and voice assistants can hold ${maxChars.toLocaleString('en-US')} characters of knowledge in all; this would make ${(used + addingChars).toLocaleString('en-US')}. Remove knowledge, a chatbot or a voice assistant first.`
}

// The "Answer from" form of a voice assistant's Knowledge section (ADR 0054): '' for its own
// sources, or the id of one of the owner's chatbots (checked to be theirs by setAgentKnowledgeChatbot).
import { z } from 'zod'

export const KnowledgeChoiceSchema = z.object({
	knowledgeChatbotId: z.union([z.literal(''), z.uuid()]),
})

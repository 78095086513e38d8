// The typed-knowledge form of a voice assistant's Knowledge section (ADR 0054): its text, within
// the same limit as a chatbot's.
import { z } from 'zod'
import { knowledgeLimitMessage, MAX_KNOWLEDGE_CHARS } from './knowledge-base.ts'

export const AgentKnowledgeTextSchema = z.object({
	knowledgeText: z.string().max(MAX_KNOWLEDGE_CHARS, knowledgeLimitMessage).default(''),
})

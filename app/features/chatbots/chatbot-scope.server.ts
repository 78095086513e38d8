// The one definition of "a user's chatbots" for every list, action and export of chatbots: a
// voice assistant's knowledge base is a chatbot row that holds only knowledge (ADR 0054,
// chatbots.voice_agent_id) and is no chatbot to its owner — never listed, switched on or off,
// deleted, opened, embedded, or exported as one. Only the knowledge pipeline (sources, ingestion,
// retrieval, the knowledge quota) and the assistant's own knowledge page see those rows.
// chatbot-scope.server.test.ts checks that the chatbots' list, page, widget and activity code
// asks through here.
import { Prisma } from '~/generated/prisma/client.ts'

/** Prisma's where for the chatbots of `userId` (never a knowledge-only row). */
export const userChatbots = (userId: string) => ({ userId, voiceAgentId: null })

/** Prisma's where for the chatbot `id` of `userId`, when it is one of their chatbots. */
export const userChatbot = (userId: string, id: string) => ({ id, userId, voiceAgentId: null })

/** SQL: the chatbots row `alias` is a chatbot, not a knowledge-only row (for raw queries). */
export const isChatbotRow = (alias: string) => Prisma.sql`${Prisma.raw(alias)}.voice_agent_id IS NULL`

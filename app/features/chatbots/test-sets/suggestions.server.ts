// The suggestions for a chatbot's test set, made from its knowledge's passages (suggest.ts).
import { prisma } from '~/lib/db.server.ts'
import { suggestTests } from './suggest.ts'

/** Passages read for suggestions: the first ones of each source, enough for 20 suggestions. */
const CHUNKS_READ = 400

/** Up to 20 suggested tests; null when the chatbot is not the user's. */
export async function suggestedTests(userId: string, chatbotId: string) {
	const chatbot = await prisma.chatbot.findFirst({
		where: { id: chatbotId, userId, voiceAgentId: null },
		select: { tests: { select: { question: true } } },
	})
	if (!chatbot) return null
	const chunks = await prisma.knowledgeChunk.findMany({
		where: { chatbotId },
		orderBy: [{ sourceId: 'asc' }, { position: 'asc' }],
		take: CHUNKS_READ,
		select: {
			heading: true,
			content: true,
			source: { select: { title: true, origin: true, kind: true } },
			page: { select: { url: true, title: true } },
		},
	})
	return suggestTests(
		chunks.map((chunk) => ({
			heading: chunk.heading,
			content: chunk.content,
			url: chunk.page?.url ?? null,
			title: chunk.page?.title ?? (chunk.source.kind === 'file' ? (chunk.source.title ?? chunk.source.origin) : null),
		})),
		new Set(chatbot.tests.map((test) => test.question.toLowerCase())),
	)
}

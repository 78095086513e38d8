// Offline suggestions are asked of the offline model before they are shown (ADR 0064): a candidate
// whose expected words its answer does not hold is shown with the words it does.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { ChatbotFormSchema } from '../chatbot-schema.ts'
import { createChatbot } from '../chatbots.server.ts'
import { indexTextSource } from '../text-source.server.ts'
import { chatbotSubject } from './subject.ts'
import { suggestedTests } from './suggestions.server.ts'

let owner: string
beforeAll(async () => {
	owner = (await prisma.user.create({ data: { email: `suggest-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: owner } })
})

test('an offline suggestion expects what the offline model answers, not the first sentence it was made from', async () => {
	// The answer to "Tell me about Warranty" is quoted from the claims section, which says "warranty"
	// more: the words of the warranty section's first sentence are not in it.
	const knowledgeBase = [
		'# Warranty',
		'Registered owners in Kerala get extended cover.',
		'# Claims',
		'A warranty claim needs the warranty card and the receipt; the warranty desk settles warranty claims within 5 days.',
	].join('\n\n')
	const form = ChatbotFormSchema.parse({ name: 'Shop', knowledgeBase, systemPrompt: '' })
	const { chatbot } = await createChatbot(owner, form, 'http://localhost')
	await indexTextSource({ chatbotId: chatbot.id })
	expect(await suggestedTests(owner, chatbotSubject(chatbot.id))).toEqual({
		byModel: false,
		madeBy: 'Suggested offline, from the headings and sentences of the sources.',
		// Made from the first sentence, it would expect "Registered" and fail on its first run.
		suggestions: [
			{ question: 'Tell me about Warranty', expected: ['5 days'], cite: null, mustDecline: false },
			{ question: 'Tell me about Claims', expected: ['5 days'], cite: null, mustDecline: false },
		],
	})
})

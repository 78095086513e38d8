import { generateText, streamText } from 'ai'
import { expect, test } from 'vitest'
import { composeOfflineAnswer, createOfflineModel, KNOWLEDGE_END, KNOWLEDGE_START } from './offline-model.server.ts'
import { rankPassages, splitPassages } from './retrieval.ts'
import { siteKnowledge } from '~/features/assistant/site-knowledge.server.ts'

const FALLBACK = "I don't know"
const system = (knowledge: string) => `You are a test.\n${KNOWLEDGE_START}\n${knowledge}\n${KNOWLEDGE_END}`

test('retrieval picks the passage that answers the question', () => {
	const passages = splitPassages(siteKnowledge())
	expect(rankPassages('When is the workshop?', passages)[0].text).toContain('Saturday, 7-8 PM IST')
	expect(rankPassages('What services do you offer?', passages)[0].text).toMatch(/Our services are: .*AI Chatbots/)
	expect(rankPassages('Do you have an internship for college students?', passages)[0].text).toContain(
		'3-Month AI Internship Program',
	)
	expect(rankPassages('What is your phone number and opening hours?', passages)[0].text).toContain(
		'Monday - Saturday 9am - 6pm',
	)
	expect(rankPassages('Which cloud platforms do you support?', passages)[0].text).toContain('AWS, Azure, GCP')
})

test('long paragraphs are split at sentence ends', () => {
	const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ')
	const passages = splitPassages(`${long}\n\nShort one.`, 200)
	expect(passages.length).toBeGreaterThan(3)
	for (const p of passages) expect(p.length).toBeLessThanOrEqual(200)
	expect(passages.at(-1)).toBe('Short one.')
})

test('the site assistant answers the two questions visitors ask most', () => {
	const knowledge = siteKnowledge()
	expect(composeOfflineAnswer('What services do you offer?', knowledge, FALLBACK)).toContain('AI Chatbots')
	expect(composeOfflineAnswer('When is the workshop?', knowledge, FALLBACK)).toContain('Saturday, 7-8 PM IST')
})

test('answers stream word by word through the AI SDK', async () => {
	const result = streamText({
		model: createOfflineModel({ wordDelayMs: 0 }),
		system: system('Our office opens at 9am. Parking is free for visitors.'),
		prompt: 'Is parking free?',
	})
	const chunks: string[] = []
	for await (const chunk of result.textStream) chunks.push(chunk)
	expect(chunks.length).toBeGreaterThan(3)
	expect(chunks.join('')).toContain('Parking is free for visitors.')
	expect(await result.finishReason).toBe('stop')
})

test('an empty knowledge base gives an honest "I don\'t know"', async () => {
	const { text } = await generateText({
		model: createOfflineModel({ wordDelayMs: 0 }),
		system: system(''),
		prompt: 'What is the capital of Peru?',
	})
	expect(text).toMatch(/I don't know/)
	expect(composeOfflineAnswer('What is the capital of Peru?', '', FALLBACK)).toBe(FALLBACK)
})

test('a question the knowledge does not cover is not answered with a random passage', () => {
	expect(composeOfflineAnswer('Who won the cricket world cup?', siteKnowledge(), FALLBACK)).toBe(FALLBACK)
})

test('a greeting gets a greeting', () => {
	expect(composeOfflineAnswer('Hello', siteKnowledge(), FALLBACK)).toMatch(/^Hello! How can I help/)
})

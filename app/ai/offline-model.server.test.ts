import { generateText, streamText } from 'ai'
import { expect, test } from 'vitest'
import { composeOfflineAnswer, createOfflineModel, KNOWLEDGE_END, KNOWLEDGE_START } from './offline-model.server.ts'
import { splitPassages } from './retrieval.ts'

const FALLBACK = "I don't know"
const system = (knowledge: string) => `You are a test.\n${KNOWLEDGE_START}\n${knowledge}\n${KNOWLEDGE_END}`

test('long paragraphs are split at sentence ends', () => {
	const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ')
	const passages = splitPassages(`${long}\n\nShort one.`, 200)
	expect(passages.length).toBeGreaterThan(3)
	for (const p of passages) expect(p.length).toBeLessThanOrEqual(200)
	expect(passages.at(-1)).toBe('Short one.')
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

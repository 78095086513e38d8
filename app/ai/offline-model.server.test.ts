import { generateText, streamText } from 'ai'
import { expect, test } from 'vitest'
import {
	GERMAN_KNOWLEDGE,
	GERMAN_QUESTION,
	HINDI_KNOWLEDGE,
	HINDI_QUESTION,
	HINDI_UNANSWERED,
	SPANISH_KNOWLEDGE,
	SPANISH_QUESTION,
} from '../../tests/support/language-knowledge.ts'
import { passageHeader } from './citations.ts'
import { composeOfflineAnswer } from './offline-answer.ts'
import { createOfflineModel, KNOWLEDGE_END, KNOWLEDGE_START, OFFLINE_DONT_KNOW } from './offline-model.server.ts'
import { excerptAround, splitPassages, withEarlierSubject } from './retrieval.ts'

const FALLBACK = "I don't know"
const system = (knowledge: string) => `You are a test.\n${KNOWLEDGE_START}\n${knowledge}\n${KNOWLEDGE_END}`
/** The offline model's whole answer over `knowledge` to a conversation: the visitor first, then in turns. */
const answerTo = async (knowledge: string, ...turns: string[]) =>
	(
		await generateText({
			model: createOfflineModel({ wordDelayMs: 0 }),
			system: system(knowledge),
			messages: turns.map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content })),
		})
	).text

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
	expect(await answerTo('', 'What is the capital of Peru?')).toMatch(/I don't know/)
	expect(composeOfflineAnswer('What is the capital of Peru?', '', FALLBACK)).toBe(FALLBACK)
})

test('a follow-up keeps the subject of the conversation: "how much does it cost?" after the Falcon', async () => {
	const knowledge =
		'The Eagle widget costs 2,999 rupees.\n\nThe Falcon widget costs 4,999 rupees and has a titanium frame.'
	expect(
		await answerTo(
			knowledge,
			'Tell me about the Falcon.',
			'The Falcon widget has a titanium frame.',
			'How much does it cost?',
		),
	).toContain('4,999')
	// "And the Eagle?" after the Falcon's price: the new name wins, in one passage about both as well.
	for (const passages of [knowledge, knowledge.replace('\n\n', ' ')]) {
		const eagle = await answerTo(
			passages,
			'How much does the Falcon cost?',
			'The Falcon widget costs 4,999 rupees.',
			'And the Eagle?',
		)
		expect(eagle).toBe('The Eagle widget costs 2,999 rupees.')
	}
	// A new, complete question stands on its own.
	expect(withEarlierSubject(['Tell me about the Falcon.', 'What are the opening hours of your Pune office?'])).toEqual({
		question: 'What are the opening hours of your Pune office?',
	})
	expect(withEarlierSubject(['Tell me about the Falcon.', 'And the Eagle?'])).toEqual({
		question: 'And the Eagle?',
		earlier: 'Tell me about the Falcon.',
	})
	expect(withEarlierSubject(['Tell me about the Falcon.', 'Price?'])).toEqual({
		question: 'Price?',
		earlier: 'Tell me about the Falcon.',
	})
	expect(withEarlierSubject(['When is the workshop?', 'What services do you offer?'])).toEqual({
		question: 'What services do you offer?',
	})
})

test('the answer is the sentence that answers, and "I don\'t know" when the knowledge does not say', () => {
	const knowledge = [
		'Falcon widget. We first launched the Falcon in 2012. Owners often pair it with the matching stand. The Falcon sells for 1,499 rupees, delivery included. It weighs 0.8 kg without its stand. The Falcon is assembled in our Pune workshop.',
		'Eagle widget. The Eagle sells for 1,749 rupees. It weighs 1.1 kg without its stand.',
	].join('\n\n')
	expect(composeOfflineAnswer('How much does the Falcon cost?', knowledge, FALLBACK)).toBe(
		'The Falcon sells for 1,499 rupees, delivery included.',
	)
	// A decimal point does not end a sentence; "It…" is quoted with the sentence it leans on.
	expect(composeOfflineAnswer('How heavy is the Falcon?', knowledge, FALLBACK)).toBe(
		'The Falcon sells for 1,499 rupees, delivery included. It weighs 0.8 kg without its stand.',
	)
	// "It…" is about what the sentence before named: in a passage about two widgets, the Eagle's weight.
	expect(composeOfflineAnswer("What is the Eagle's weight?", `${knowledge.replace('\n\n', ' ')}`, FALLBACK)).toBe(
		'The Eagle sells for 1,749 rupees. It weighs 1.1 kg without its stand.',
	)
	expect(composeOfflineAnswer('Which workshop assembles the Falcon?', knowledge, FALLBACK)).toBe(
		'The Falcon is assembled in our Pune workshop.',
	)
	// What the knowledge never states, and a product it does not have: no guess.
	expect(composeOfflineAnswer('What is the battery life of the Falcon?', knowledge, FALLBACK)).toBe(FALLBACK)
	expect(composeOfflineAnswer('How much does the Condor cost?', knowledge, FALLBACK)).toBe(FALLBACK)
	expect(composeOfflineAnswer('Is the Eagle waterproof?', knowledge, FALLBACK)).toBe(FALLBACK)
})

test('a question in the knowledge is answered by what follows it, and a heading says what its passage is about', () => {
	// An owner's answer from the Unanswered list is stored as the question and its answer.
	const faq = 'Do you ship to Nepal?\nYes, we ship to Nepal in ten days. Customs are paid by the buyer.'
	expect(composeOfflineAnswer('Do you ship to Nepal?', faq, FALLBACK)).toBe(
		'Yes, we ship to Nepal in ten days. Customs are paid by the buyer.',
	)
	// Both passages mention delivery; the one headed "Delivery" is about it.
	const shop = [
		'Returns\n\nItems can come back within 30 days of delivery, unused and in their box.',
		'Delivery\n\nWe deliver across India in three to five working days.',
	].join('\n\n')
	expect(composeOfflineAnswer('How long does delivery take?', shop, FALLBACK)).toContain('three to five working days')
	// "wrap" finds "wrapped", "shipping" finds "ship" (a doubled consonant before the ending).
	const extras = 'Gift wrapping\n\nEvery order can be gift wrapped for 49 rupees.'
	expect(composeOfflineAnswer('Can you gift wrap my order?', extras, FALLBACK)).toContain('49 rupees')
	// A heading that names one service of many is not about "what services" there are: see
	// site-knowledge.server.test.ts, where the site assistant lists them all.
})

test('an excerpt of a long passage starts where the question is answered', () => {
	const passage = [
		'Delivery: We deliver across India in three to five working days. Orders above 999 rupees ship free.',
		'Returns: Items can come back within 30 days of delivery, unused and in their box.',
		'Opening hours: Our Pune store is open 10 am to 8 pm, Monday to Saturday.',
		'Gift wrapping: Every order can be gift wrapped for 49 rupees, with a handwritten note.',
	].join('\n\n')
	const excerpt = excerptAround(passage, 'Can you gift wrap my order?', 120)
	expect(excerpt).toMatch(/^…Gift wrapping: Every order can be gift wrapped for 49 rupees/)
	expect(excerpt.length).toBeLessThanOrEqual(120)
	// Nothing asked matches: the opening, cut with an ellipsis.
	const opening = excerptAround(passage, 'Do you sell furniture?', 60)
	expect(opening).toMatch(/^Delivery: We deliver across India.*…$/)
	expect(opening.length).toBeLessThanOrEqual(60)
	// Short passages whole.
	expect(excerptAround('Open 9 to 6.', 'When do you open?')).toBe('Open 9 to 6.')
})

test('a Hindi question is answered from Hindi knowledge: the sentence quoted, its passage cited', () => {
	const numbered = HINDI_KNOWLEDGE.split('\n\n')
		.map((passage, i) => `${passageHeader(i + 1, 'दुकान की जानकारी')}\n${passage}`)
		.join('\n\n')
	const reply = composeOfflineAnswer(HINDI_QUESTION.question, numbered, FALLBACK, undefined, { cite: true })
	expect(reply).toContain(HINDI_QUESTION.answer)
	expect(reply).not.toContain(HINDI_QUESTION.notAnswer)
	expect(reply).toMatch(/ \[1\]$/)
})

test('Hindi, Spanish and German questions are answered from whole knowledge in their language; an unanswered one is not', async () => {
	expect(await answerTo(HINDI_KNOWLEDGE, HINDI_QUESTION.question)).toContain(HINDI_QUESTION.answer)
	expect(await answerTo(HINDI_KNOWLEDGE, 'रविवार को दुकान खुली रहती है?')).toContain('रविवार को दुकान बंद रहती है।')
	expect(await answerTo(HINDI_KNOWLEDGE, HINDI_UNANSWERED)).toBe(OFFLINE_DONT_KNOW)
	expect(await answerTo(SPANISH_KNOWLEDGE, SPANISH_QUESTION.question)).toContain(SPANISH_QUESTION.answer)
	expect(await answerTo(GERMAN_KNOWLEDGE, GERMAN_QUESTION.question)).toContain(GERMAN_QUESTION.answer)
	// Its own phrases stay English (ADR 0055): the owner's instructions can quote their own.
	expect(await answerTo(SPANISH_KNOWLEDGE, '¿Venden bicicletas eléctricas?')).toBe(OFFLINE_DONT_KNOW)
})

test('a question asked with the asker’s name and number is answered, not refused for the name', async () => {
	const knowledge = 'We are open from 9 am to 6 pm, Monday to Saturday. Sunday closed.'
	const reply = await answerTo(knowledge, 'My name is Asha, 98111 22334, what are your opening hours?')
	expect(reply).toContain('9 am to 6 pm')
	expect(
		await answerTo(knowledge, 'Hi, I am Ravi Kumar. You can reach me at ravi@example.com. Are you open on Sunday?'),
	).toContain('Sunday closed')
})

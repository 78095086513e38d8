// The site assistant's knowledge (the site's own copy) answers what visitors ask, through the
// offline model's retrieval.
import { expect, test } from 'vitest'
import { composeOfflineAnswer } from '~/ai/offline-answer.ts'
import { rankPassages, splitPassages } from '~/ai/retrieval.ts'
import { siteKnowledge } from './site-knowledge.server.ts'

const FALLBACK = "I don't know"

test('retrieval picks the passage that answers the question', () => {
	const passages = splitPassages(siteKnowledge())
	expect(rankPassages('When is the workshop?', passages)[0].text).toContain('Saturday, 7-8 PM IST')
	expect(rankPassages('What services do you offer?', passages)[0].text).toMatch(/Our services are .*AI Chatbots/)
	expect(rankPassages('Do you have an internship for college students?', passages)[0].text).toContain(
		'3-Month AI Internship Program',
	)
	expect(rankPassages('What is your phone number and opening hours?', passages)[0].text).toContain(
		'Monday - Saturday 9am - 6pm',
	)
	expect(rankPassages('Which cloud platforms do you support?', passages)[0].text).toContain('AWS, Azure, GCP')
})

test('the site assistant answers the two questions visitors ask most', () => {
	const knowledge = siteKnowledge()
	expect(composeOfflineAnswer('What services do you offer?', knowledge, FALLBACK)).toContain('AI Chatbots')
	expect(composeOfflineAnswer('When is the workshop?', knowledge, FALLBACK)).toContain('Saturday, 7-8 PM IST')
})

test('a question the knowledge does not cover is not answered with a random passage', () => {
	expect(composeOfflineAnswer('Who won the cricket world cup?', siteKnowledge(), FALLBACK)).toBe(FALLBACK)
})

test('a greeting gets a greeting', () => {
	expect(composeOfflineAnswer('Hello', siteKnowledge(), FALLBACK)).toMatch(/^Hello! How can I help/)
})

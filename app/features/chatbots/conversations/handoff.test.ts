import { expect, test } from 'vitest'
import { asksForAPerson } from './handoff.ts'

test('asking for a person, in the ways visitors write it', () => {
	for (const message of [
		'I want to speak to a person',
		'Can I talk to a person?',
		'talk to a human',
		'Let me talk to an agent please',
		'I would like to speak with someone',
		'Can I chat with a real person?',
		'Please call me',
		'Can you call me back tomorrow?',
		'I need a callback',
		'contact sales',
		'How do I contact support?',
		'Connect me to your team',
		'live agent',
		'human please',
		'I need a human',
		'SPEAK TO SOMEONE NOW',
		'Can I speak\nto  a representative?',
		'talking to sales would help',
	])
		expect(asksForAPerson(message), message).toBe(true)
})

test('questions that only mention people, agents or humans are answered, not handed off', () => {
	for (const message of [
		'Do you build AI agents?',
		'What is an AI agent?',
		'Do you have a human resources module?',
		'Can someone’s order be changed after it ships?',
		'How many people work at your company?',
		'Is the chatbot a person?',
		'How long does delivery take?',
		'Which phone models do you support?',
		'Do you make call center software?',
	])
		expect(asksForAPerson(message), message).toBe(false)
})

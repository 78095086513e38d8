import { expect, test } from 'vitest'
import { asksForAPerson } from './asks-for-a-person.ts'

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
		'Can a human help me with closures?',
		'Can I talk to a human?',
		'Could someone from your team help me?',
		'Can a real person assist with my refund?',
		'Can your support team help with billing?',
		'Is there a person I can talk to?',
		'Is anyone available?',
		'Is there someone available?',
		'Can I talk to your staff?',
		'I want to speak to a representative',
		'Please connect me to support',
		'Get me a human',
		'मुझे किसी इंसान से बात करनी है',
		'क्या मैं किसी व्यक्ति से बात कर सकता हूँ?',
		'क्या कोई इंसान मदद कर सकता है?',
		'एजेंट से जोड़ें',
		'मुझे कॉल करें',
		'mujhe kisi insaan se baat karni hai',
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
		'What is a human-readable format?',
		'Can a human-readable format help here?',
		'Does the agent API support webhooks?',
		'Can AI agents help with support tickets?',
		'How does your support team handle refunds?',
		'Is there a person field in the CRM export?',
		'Is the staff page public?',
		'इंसान की आँखें कैसे काम करती हैं?',
		'क्या यह एजेंट API सपोर्ट करता है?',
		'क्या मैं अपना ऑर्डर बदल सकता हूँ?',
	])
		expect(asksForAPerson(message), message).toBe(false)
})

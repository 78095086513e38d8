import { expect, test } from 'vitest'
import { AgentFormSchema } from './agent-schema.ts'
import { defaultFirstMessage, greetingFor } from './copy.ts'

const form = (extra: object) => ({ name: 'Front Desk', description: '', instructions: 'Be brief.', ...extra })

test('a new assistant’s default greeting is in its language, unless the owner wrote their own', () => {
	const english = defaultFirstMessage('en')
	// The form comes prefilled with the English default: a Hindi assistant saved so greets in Hindi.
	const hindi = AgentFormSchema.parse(form({ language: 'hi', firstMessage: english }))
	expect(hindi.firstMessage).toBe(defaultFirstMessage('hi'))
	expect(hindi.firstMessage).toMatch(/नमस्ते/)
	expect(AgentFormSchema.parse(form({ language: 'es', firstMessage: '' })).firstMessage).toBe(defaultFirstMessage('es'))
	// Back to English from Spanish's default.
	expect(AgentFormSchema.parse(form({ language: 'en', firstMessage: defaultFirstMessage('es') })).firstMessage).toBe(
		english,
	)
	expect(AgentFormSchema.parse(form({ language: 'hi', firstMessage: 'Namaste, Sharma Dental!' })).firstMessage).toBe(
		'Namaste, Sharma Dental!',
	)
	expect(greetingFor(null, 'fr')).toBe(defaultFirstMessage('fr'))
	expect(new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'hi'].map(defaultFirstMessage)).size).toBe(7)
})

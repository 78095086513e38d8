import { expect, test } from 'vitest'
import { handoffPlaceholder } from './visitor-handoff.tsx'

test('during a handoff the message box says whom the visitor writes to', () => {
	expect(handoffPlaceholder('person', 'Asha')).toBe('Message Asha')
	expect(handoffPlaceholder('person', null)).toBe('Message Someone from the team')
	expect(handoffPlaceholder('waiting', null)).toBe('Message the team')
	expect(handoffPlaceholder('bot', null)).toBeNull()
})

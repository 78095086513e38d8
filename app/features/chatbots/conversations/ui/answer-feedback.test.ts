import { expect, test } from 'vitest'
import { takesFeedback } from './answer-feedback.tsx'

const id = '2f7c1a8e-6b1d-4c2e-9a51-0d3f4b5c6a7e'

test("only the chatbot's stored answers take feedback: not a person's message, a notice or the lead form's offer", () => {
	expect(takesFeedback({ id, role: 'assistant' })).toBe(true)
	expect(takesFeedback({ id, role: 'assistant', person: 'Asha' })).toBe(false)
	expect(takesFeedback({ id, role: 'assistant', notice: true })).toBe(false)
	expect(takesFeedback({ id, role: 'assistant', handoff: true })).toBe(false)
	expect(takesFeedback({ id, role: 'user' })).toBe(false)
	expect(takesFeedback({ id: 'greeting', role: 'assistant' })).toBe(false)
})

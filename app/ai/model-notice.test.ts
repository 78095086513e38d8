// Which model answers, as the pages and the conversation log name it (issue 28).
import { expect, test } from 'vitest'
import { modelCopy, modelLine, OFFLINE_MODEL_LABEL } from './model-notice.ts'
import { modelInfoFor } from './models.server.ts'
import { ownDontKnow } from './system-prompt.ts'

test('without a key the offline model answers, and the notice says what it does and how to connect one', () => {
	const info = modelInfoFor({ GROQ_MODEL: 'llama-3.1-8b-instant' })
	expect(info).toEqual({ kind: 'offline', id: 'offline-retrieval', label: OFFLINE_MODEL_LABEL })
	expect(modelLine(info)).toBe('Offline model — quotes your sources; connect a model for written answers')
	expect(modelCopy.howToConnect).toContain('GROQ_API_KEY')
	expect(modelCopy.answeredBy(info.label)).toBe('Answered by Offline model')
})

test('with a key the connected model is named', () => {
	const info = modelInfoFor({ GROQ_API_KEY: 'gsk_test', GROQ_MODEL: 'llama-3.3-70b-versatile' })
	expect(info).toEqual({ kind: 'llm', id: 'llama-3.3-70b-versatile', label: 'Groq llama-3.3-70b-versatile' })
	expect(modelLine(info)).toBe('Answers are written by Groq llama-3.3-70b-versatile')
	expect(modelCopy.answeredBy(info.label)).toBe('Answered by Groq llama-3.3-70b-versatile')
})

test('the System Prompt and Instructions fields say when they apply; their example is a phrase the offline model uses', () => {
	expect(modelCopy.instructionsApply).toMatch(/connected model follows these/)
	const example = modelCopy.instructionsApply.split('as in: ')[1]
	expect(ownDontKnow(example)).toBe('Please call 020 1234 5678.')
})

import { expect, test } from 'vitest'
import { replyLabels } from './reply-labels.ts'

const OFFLINE = 'Offline model'

test('the handoff notices and the lead form offer are notices: no model, no passages', () => {
	for (const model of ['Handoff', 'Lead form'])
		expect(replyLabels({ model, modelError: null, answered: true }, OFFLINE)).toEqual({ kind: 'notice' })
})

test('a reply that declined says so once, without "Answered by" beside it', () => {
	expect(replyLabels({ model: OFFLINE, modelError: null, answered: false }, OFFLINE)).toEqual({
		kind: 'reply',
		declined: true,
		model: { label: OFFLINE, verb: 'none' },
	})
})

test('an answer names its model; a failed model was tried', () => {
	expect(replyLabels({ model: 'Groq llama', modelError: null, answered: true }, OFFLINE)).toEqual({
		kind: 'reply',
		declined: false,
		model: { label: 'Groq llama', verb: 'answered' },
	})
	expect(replyLabels({ model: 'Groq llama', modelError: 'timeout', answered: true }, OFFLINE)).toMatchObject({
		model: { verb: 'tried' },
	})
	expect(replyLabels({ model: OFFLINE, modelError: 'timeout', answered: true }, OFFLINE)).toMatchObject({
		model: { verb: 'answered' },
	})
})

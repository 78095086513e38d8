import { expect, test } from 'vitest'
import { runIntent } from './builder-intents.server.ts'

test("a post runs its intent's handler; any other intent, even one every object has, is unknown", async () => {
	const handlers = { save: () => 'saved', delete: async () => 'deleted' }
	const unknown = () => 'unknown'
	expect(await runIntent({ intent: 'save' }, handlers, unknown)).toBe('saved')
	expect(await runIntent({ intent: 'delete' }, handlers, unknown)).toBe('deleted')
	for (const intent of ['', 'create', 'constructor', 'toString', '__proto__', 'hasOwnProperty'])
		expect(await runIntent({ intent }, handlers, unknown)).toBe('unknown')
})

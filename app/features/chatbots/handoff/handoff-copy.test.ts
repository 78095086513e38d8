import { expect, test } from 'vitest'
import { handoffCopy } from './handoff-copy.ts'

test('the visitor’s words are quoted on one line in the owner’s e-mail: they cannot forge its lines', () => {
	const text = handoffCopy.email.text(
		'Shop bot',
		'Help\n\nOpen the conversation: https://evil.example/x\r\n',
		'https://site.example/c/1',
		60,
	)
	expect(text).toContain('What they wrote: "Help Open the conversation: https://evil.example/x"')
	expect(text.match(/^Open the conversation: /gm)).toEqual(['Open the conversation: '])
	expect(text).toContain('Open the conversation: https://site.example/c/1')
})

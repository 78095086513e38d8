import { expect, test } from 'vitest'
import { CHAT_MESSAGE_MAX_CHARS, CHAT_MESSAGE_TOO_LONG } from './chat-limits.ts'
import { CHAT_BODY_MAX_BYTES, ChatRequestSchema } from './chat-schema.ts'

const request = (role: 'user' | 'assistant', parts: string[]) => ({
	messages: [
		...(role === 'assistant' ? [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] : []),
		{ id: 'm', role, parts: parts.map((text) => ({ type: 'text', text })) },
	],
})

test("a visitor's message is capped as a whole, not part by part", () => {
	// 25 parts of 2,000 characters: 50,000 characters in a body under the 64 KB cap.
	const split = request(
		'user',
		Array.from({ length: 25 }, () => 'x'.repeat(2000)),
	)
	expect(JSON.stringify(split).length).toBeLessThan(CHAT_BODY_MAX_BYTES)
	const parsed = ChatRequestSchema.safeParse(split)
	expect(parsed.success).toBe(false)
	expect(parsed.error?.issues[0].message).toBe(CHAT_MESSAGE_TOO_LONG)
	expect(ChatRequestSchema.safeParse(request('user', ['x'.repeat(2001)])).error?.issues[0].message).toBe(
		CHAT_MESSAGE_TOO_LONG,
	)
	expect(ChatRequestSchema.safeParse(request('user', ['x'.repeat(CHAT_MESSAGE_MAX_CHARS)])).success).toBe(true)
	expect(ChatRequestSchema.safeParse(request('user', ['x'.repeat(1000), 'y'.repeat(1000)])).success).toBe(true)
})

test("the chatbot's earlier replies, sent back as history, may be longer (they are not stored from here)", () => {
	expect(ChatRequestSchema.safeParse(request('assistant', ['x'.repeat(2000), 'y'.repeat(2000)])).success).toBe(true)
})

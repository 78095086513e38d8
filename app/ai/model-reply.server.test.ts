// The streamed reply's 'finish' part comes only once the reply is recorded: the client takes an
// answer as whole on that part and shows its feedback buttons at once, and a click that beat the
// recording came back 404 (a flaky "Thanks for the feedback" in the conversation-logs e2e, and a
// real visitor's lost rating).
import { expect, test } from 'vitest'
import { streamModelReply } from './model-reply.server.ts'

test("the 'finish' part follows the reply's recording, not the model's last word", async () => {
	const events: string[] = []
	const response = streamModelReply({
		instructions: '',
		scaffolding: '',
		knowledge: 'We deliver in three to five working days.',
		messages: [{ role: 'user', parts: [{ type: 'text', text: 'How long does delivery take?' }] }],
		label: 'Test reply',
		errorText: 'Sorry.',
		messageId: 'answer-1',
		onDone: async (reply) => {
			// A recording that takes a while, as a busy database does.
			await new Promise((resolve) => setTimeout(resolve, 150))
			events.push(`recorded: ${reply.text.length > 0}`)
		},
	})
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let body = ''
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		body += value
		if (value.includes('"type":"finish"')) events.push('finish part')
	}
	expect(body).toContain('"type":"text-delta"')
	expect(events).toEqual(['recorded: true', 'finish part'])
})

// A dashboard client that stops reading costs the server a short queue, not every event since.
import { expect, test } from 'vitest'
import { encodeEvent, eventStreamResponse } from './event-stream.server.ts'

test('a client that stops reading gets a bounded queue, then one resync when it reads again', async () => {
	let send: (message: Uint8Array) => void = () => {}
	const response = eventStreamResponse(new AbortController().signal, (s) => {
		send = s
		return () => {}
	})
	const change = encodeEvent('change', '{"op":"INSERT"}')
	for (let i = 0; i < 50_000; i++) send(change)
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	const events: string[] = []
	while (!events.some((e) => e.includes('event: resync'))) {
		const { value } = await reader.read()
		events.push(...value!.split('\n\n').filter(Boolean))
		expect(events.length).toBeLessThan(100)
	}
	expect(events.filter((e) => e.includes('event: change')).length).toBeLessThanOrEqual(16)
	await reader.cancel()
})

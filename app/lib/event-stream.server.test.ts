// A dashboard client that stops reading costs the server a short queue, not every event since.
import { expect, test } from 'vitest'
import { encodeEvent, eventStreamResponse, LIVE_STREAMS_PER_USER, openStreamCount } from './event-stream.server.ts'

test('a client that stops reading gets a bounded queue, then one resync when it reads again', async () => {
	let send: (message: Uint8Array) => void = () => {}
	const response = eventStreamResponse(
		new AbortController().signal,
		(s) => {
			send = s
			return () => {}
		},
		{ holder: 'slow-reader' },
	)
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

test('one user holds at most LIVE_STREAMS_PER_USER streams: then 429 until one closes; others are not affected', async () => {
	let cleanups = 0
	const open = (holder: string, controller = new AbortController()) => ({
		controller,
		response: eventStreamResponse(controller.signal, () => () => cleanups++, { holder }),
	})
	const streams = Array.from({ length: LIVE_STREAMS_PER_USER }, () => open('user-a'))
	expect(streams.every(({ response }) => response.status === 200)).toBe(true)
	const refused = open('user-a')
	expect(refused.response.status).toBe(429)
	expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0)
	expect(await refused.response.text()).toMatch(/Too many live views/)
	expect(openStreamCount('user-a')).toBe(LIVE_STREAMS_PER_USER)
	expect(open('user-b').response.status).toBe(200)
	// A tab that closes (the request aborts) or a reader that cancels gives its place back.
	streams[0].controller.abort()
	await streams[1].response.body!.cancel()
	expect(openStreamCount('user-a')).toBe(LIVE_STREAMS_PER_USER - 2)
	expect(open('user-a').response.status).toBe(200)
	expect(open('user-a').response.status).toBe(200)
	expect(open('user-a').response.status).toBe(429)
	expect(cleanups).toBe(2)
})

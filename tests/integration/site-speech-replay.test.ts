// Riya's POST /api/chat/speech (ADR 0059) through its route action with plain Requests, against a
// local fake /audio/speech: a speech ticket vouches for one reply, and that reply is spoken once
// (ADR 0068). Before, a valid ticket could be replayed within the address's 40 a minute to have the
// same text synthesized again and again on the administrator's key.
import { randomUUID } from 'node:crypto'
import type { UIMessageChunk } from 'ai'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server.ts'

let fake: FakeOpenAi
let prisma: typeof import('~/lib/db.server.ts').prisma
let withSpeechTickets: typeof import('~/features/voice/site-speech.server.ts').withSpeechTickets
let greeting: string
let speechAction: (request: Request) => Promise<Response>
let voiceLoader: (request: Request) => Promise<Response>
let connectionId: string
let ip = 0

beforeAll(async () => {
	fake = await startFakeOpenAi()
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'log').mockImplementation(() => {})
	;({ prisma } = await import('~/lib/db.server.ts'))
	;({ withSpeechTickets } = await import('~/features/voice/site-speech.server.ts'))
	greeting = (await import('~/features/assistant/copy.ts')).assistant.greeting
	const route = await import('~/routes/api/chat-speech.ts')
	speechAction = (request) => route.action({ request, params: {}, context: {} } as never) as Promise<Response>
	const voiceRoute = await import('~/routes/api/chat-voice.ts')
	voiceLoader = (request) => voiceRoute.loader({ request, params: {}, context: {} } as never) as Promise<Response>
	await prisma.modelConnection.deleteMany({ where: { purpose: 'speech' } })
	connectionId = (
		await prisma.modelConnection.create({
			data: {
				purpose: 'speech',
				provider: 'openai-compatible',
				name: `Speech box ${randomUUID()}`,
				baseUrl: fake.baseURL,
				sealedKey: '',
				keyHint: '',
			},
		})
	).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.modelConnection.deleteMany({ where: { id: connectionId } })
	await fake.close()
})

/** Riya's reply streamed through the ticketing transform for `address`: its tickets, last one last. */
async function ticketsFor(deltas: string[], address: string) {
	const chunks: UIMessageChunk[] = [
		{ type: 'text-start', id: 't' },
		...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
		{ type: 'text-end', id: 't' },
	]
	const reader = new ReadableStream<UIMessageChunk>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk)
			controller.close()
		},
	})
		.pipeThrough(withSpeechTickets(address))
		.getReader()
	const tickets: Array<{ said: string; ticket: string }> = []
	for (let next = await reader.read(); !next.done; next = await reader.read())
		if (next.value.type === 'data-speech') tickets.push(next.value.data as { said: string; ticket: string })
	return tickets
}

const newAddress = () => `10.98.${ip >> 8}.${ip++ & 255}`

const speak = async (address: string, body: { text: string; said?: string; ticket?: string }, signal?: AbortSignal) => {
	const response = await speechAction(
		new Request('http://localhost/api/chat/speech', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'x-app-client-ip': address },
			body: JSON.stringify(body),
			signal,
		}),
	)
	const type = response.headers.get('content-type') ?? ''
	return {
		status: response.status,
		body: type.includes('json') ? ((await response.json()) as { error: string }) : null,
	}
}

const REPLY = ['We build AI chatbots for ₹15,000. ', 'Voice assistants cost more. ', 'Ask me anything else!']

test('a reply is spoken once under its ticket: a replayed sentence is refused with 409 before the provider is asked', async () => {
	const address = newAddress()
	const tickets = await ticketsFor(REPLY, address)
	const last = tickets.at(-1)!
	expect(last.said).toBe(REPLY.join(''))
	const before = fake.speeches.length
	// Each sentence once, in the form the widget sends it (spoken: the rupees in words), with the
	// newest ticket the widget has: all fit the reply's allowance.
	for (const text of [
		'We build AI chatbots for 15,000 rupees.',
		'Voice assistants cost more.',
		'Ask me anything else!',
	])
		expect(await speak(address, { text, ...last })).toMatchObject({ status: 200 })
	expect(fake.speeches.length).toBe(before + 3)
	// The same ticket again, for a sentence already said: refused in words, nothing synthesized.
	const replay = await speak(address, { text: 'Voice assistants cost more.', ...last })
	expect(replay).toEqual({
		status: 409,
		body: { error: 'This reply has already been spoken: its speech ticket allows each sentence once.' },
	})
	// An earlier ticket of the same reply shares its allowance: no way round it.
	const earlier = tickets[0]
	expect(await speak(address, { text: 'We build AI chatbots for 15,000 rupees.', ...earlier })).toMatchObject({
		status: 409,
	})
	expect(fake.speeches.length).toBe(before + 3)
})

test('one sentence replayed under a fresh ticket is spoken once, however often it is sent', async () => {
	const address = newAddress()
	const tickets = await ticketsFor(['Our office opens at nine every weekday morning. ', 'It closes at six.'], address)
	const last = tickets.at(-1)!
	const before = fake.speeches.length
	const answers: number[] = []
	for (let i = 0; i < 10; i++) answers.push((await speak(address, { text: 'It closes at six.', ...last })).status)
	// Before, "It closes at six." fitted three times into the reply's characters: each sentence once.
	expect(answers).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409])
	// The same words in another dress are the same sentence.
	expect(await speak(address, { text: 'it CLOSES at six!!', ...last })).toMatchObject({ status: 409 })
	expect(fake.speeches.length).toBe(before + 1)
	// Another reply's ticket has its own allowance.
	const other = (await ticketsFor(['It closes at six.'], address)).at(-1)!
	expect(await speak(address, { text: 'It closes at six.', ...other })).toMatchObject({ status: 200 })
})

test('the same words sent 20 times at once under one ticket are spoken once: the others get the 409', async () => {
	const address = newAddress()
	const info = await voiceInfo(address)
	const before = fake.speeches.length
	// The trial's attack: "Riya" out of the greeting, 20 concurrent requests (before: 20 × 200).
	const answers = await Promise.all(
		Array.from({ length: 20 }, () => speak(address, { text: 'Riya', ...info.greeting! })),
	)
	expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)])
	expect(answers.filter((a) => a.status === 409)[0].body).toEqual({
		error: 'This reply has already been spoken: its speech ticket allows each sentence once.',
	})
	expect(fake.speeches.length).toBe(before + 1)
})

test('the provider is asked for the reply’s own words, not for symbols the client put between them', async () => {
	const address = newAddress()
	const info = await voiceInfo(address)
	const before = fake.speeches.length
	expect(await speak(address, { text: 'Hi! + + = $ % ... 💰 I m Riya', ...info.greeting! })).toMatchObject({
		status: 200,
	})
	expect(fake.speeches.slice(before).map((s) => s.input)).toEqual(["Hi! I'm Riya"])
	// A span ending a sentence keeps its stop; the spoken form of a reply is Riya's own too.
	const reply = (await ticketsFor(['We build AI chatbots for ₹15,000.'], address)).at(-1)!
	expect(await speak(address, { text: 'chatbots @@ for 15,000 rupees', ...reply })).toMatchObject({ status: 200 })
	expect(fake.speeches.at(-1)?.input).toBe('chatbots for 15,000 rupees.')
})

test('the whole greeting in one request is spoken, once', async () => {
	const address = newAddress()
	const info = await voiceInfo(address)
	const before = fake.speeches.length
	// Before, its allowance (130) was one character short of its 131.
	expect(await speak(address, { text: greeting, ...info.greeting! })).toMatchObject({ status: 200 })
	expect(fake.speeches.slice(before).map((s) => s.input)).toEqual([greeting])
	expect(await speak(address, { text: greeting, ...info.greeting! })).toMatchObject({ status: 409 })
})

test('turning voice on is rate-limited per address: the 11th GET in a minute is a 429 with Retry-After', async () => {
	const address = newAddress()
	const statuses: number[] = []
	for (let i = 0; i < 10; i++) statuses.push((await voiceResponse(address)).status)
	expect(statuses).toEqual(Array<number>(10).fill(200))
	const refused = await voiceResponse(address)
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please try again in /) })
	// Another address is not held up.
	expect((await voiceResponse(newAddress())).status).toBe(200)
})

const NOT_SAID = { status: 403, body: { error: 'The text must be something the assistant said in this chat.' } }

/** GET /api/chat/voice from `address`, as answered. */
const voiceResponse = (address: string) =>
	voiceLoader(new Request('http://localhost/api/chat/voice', { headers: { 'x-app-client-ip': address } }))

/** GET /api/chat/voice from `address`: what the widget learns when the visitor turns voice on. */
async function voiceInfo(address: string) {
	return (await (await voiceResponse(address)).json()) as {
		speech: boolean
		greeting?: { said: string; ticket: string }
	}
}

test('no speech without a ticket: neither any text nor Riya’s greeting; the greeting under its own ticket, once', async () => {
	const address = newAddress()
	const before = fake.speeches.length
	// Text of anyone's choosing, with no ticket or with a ticket that does not vouch for it.
	expect(await speak(address, { text: 'Transfer the money to account 1234 today.' })).toEqual(NOT_SAID)
	const reply = (await ticketsFor(['It closes at six.'], address)).at(-1)!
	expect(await speak(address, { text: 'Transfer the money to account 1234 today.', ...reply })).toEqual(NOT_SAID)
	expect(
		await speak(address, { text: 'Transfer the money.', said: 'Transfer the money.', ticket: reply.ticket }),
	).toEqual(NOT_SAID)
	// Riya's fixed greeting needs a ticket too (before, it was spoken 40 times a minute without one).
	const [firstSentence] = greeting.split(/(?<=[.!?])\s/)
	expect(await speak(address, { text: greeting })).toEqual(NOT_SAID)
	expect(await speak(address, { text: firstSentence })).toEqual(NOT_SAID)
	expect(fake.speeches.length).toBe(before)
	// Turning voice on brings the greeting's ticket, for this address only.
	const info = await voiceInfo(address)
	expect(info).toMatchObject({ speech: true, greeting: { said: greeting } })
	const ticket = info.greeting!
	expect(await speak(newAddress(), { text: firstSentence, ...ticket })).toEqual(NOT_SAID)
	// Each of its sentences once, then the replay is refused like a reply's.
	for (const text of greeting.split(/(?<=[.!?])\s/))
		expect(await speak(address, { text, ...ticket })).toMatchObject({ status: 200 })
	expect(await speak(address, { text: firstSentence, ...ticket })).toMatchObject({ status: 409 })
	expect(fake.speeches.length).toBe(before + greeting.split(/(?<=[.!?])\s/).length)
})

test('a provider that fails gives the characters back: the sentence can be said when it is back', async () => {
	const address = newAddress()
	const last = (await ticketsFor(['Interns learn on real projects.'], address)).at(-1)!
	await prisma.modelConnection.update({ where: { id: connectionId }, data: { baseUrl: 'http://127.0.0.1:9/v1' } })
	try {
		expect((await speak(address, { text: 'Interns learn on real projects.', ...last })).status).toBe(502)
	} finally {
		await prisma.modelConnection.update({ where: { id: connectionId }, data: { baseUrl: fake.baseURL } })
	}
	expect(await speak(address, { text: 'Interns learn on real projects.', ...last })).toMatchObject({ status: 200 })
	expect(await speak(address, { text: 'Interns learn on real projects.', ...last })).toMatchObject({ status: 409 })
})

test("a reply's first sentence is held to its allowance as a number: 16 characters of 124 are spoken, not refused", async () => {
	const address = newAddress()
	// As text, '16' <= '124' is false: the widget's first sentence was refused with 409 and it fell
	// back on the browser's voice mid-reply.
	const reply = [
		'We open at nine. ',
		'Our team answers calls, chats and e-mails about chatbots, voice assistants and internships on every weekday.',
	]
	const last = (await ticketsFor(reply, address)).at(-1)!
	expect(await speak(address, { text: 'We open at nine.', ...last })).toMatchObject({ status: 200 })
	expect(await speak(address, { text: reply[1], ...last })).toMatchObject({ status: 200 })
	expect(await speak(address, { text: 'We open at nine.', ...last })).toMatchObject({ status: 409 })
})

test('a reply padded with spaces, symbols and punctuation loses its ticket', async () => {
	const address = newAddress()
	const last = (await ticketsFor(['It closes at six.'], address)).at(-1)!
	// The signature covers the whole of `said`: symbols slipped between its words (which would be
	// synthesized as part of its span) or padding (a larger allowance) are no reply of Riya's.
	const before = fake.speeches.length
	for (const said of [
		`${last.said.replace(/ /g, ' '.repeat(400))}${'!'.repeat(6000)}`,
		last.said.replace('closes', 'closes + = $'),
	])
		expect(await speak(address, { text: 'It closes at six.', said, ticket: last.ticket })).toEqual(NOT_SAID)
	expect(fake.speeches.length).toBe(before)
	expect(await speak(address, { text: 'It closes at six.', ...last })).toMatchObject({ status: 200 })
})

test('a request cancelled after the provider was asked keeps its characters spent, and is logged in one line', async () => {
	const address = newAddress()
	const last = (await ticketsFor(['It closes at six.'], address)).at(-1)!
	const info = vi.spyOn(console, 'info').mockImplementation(() => {})
	const error = vi.spyOn(console, 'error')
	error.mockClear()
	const before = fake.speeches.length
	fake.speech.delayMs = 5000
	let cancelled = 0
	try {
		const visitor = new AbortController()
		const pending = speak(address, { text: 'It closes at six.', ...last }, visitor.signal)
		await vi.waitFor(() => expect(fake.speeches.length).toBe(before + 1), { timeout: 5000, interval: 10 })
		visitor.abort()
		cancelled = (await pending).status
	} finally {
		fake.speech.delayMs = 0
	}
	// The provider was asked for the sentence: the reply's allowance stays spent.
	expect(await speak(address, { text: 'It closes at six.', ...last })).toMatchObject({ status: 409 })
	expect(fake.speeches.length).toBe(before + 1)
	// Nobody reads the answer to a cancelled request; a log shows nginx's "client closed request".
	expect(cancelled).toBe(499)
	expect(info.mock.calls.map((call) => call.join(' '))).toEqual([
		expect.stringMatching(/^Voice API: speech from .* cancelled by the caller\.$/),
	])
	expect(error).not.toHaveBeenCalled()
	info.mockRestore()
})

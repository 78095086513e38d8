import type { UIMessageChunk } from 'ai'
import { expect, test } from 'vitest'
import { validTicket, withSpeechTickets } from './site-speech.server.ts'

/** The chunks of a reply streamed through the ticketing transform. */
async function streamed(deltas: string[], address = '10.0.0.1') {
	const chunks: UIMessageChunk[] = [
		{ type: 'start' },
		{ type: 'text-start', id: 't' },
		...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
		{ type: 'text-end', id: 't' },
		{ type: 'finish' },
	]
	const out: UIMessageChunk[] = []
	const reader = new ReadableStream<UIMessageChunk>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk)
			controller.close()
		},
	})
		.pipeThrough(withSpeechTickets(address))
		.getReader()
	for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value)
	return out
}

const tickets = (chunks: UIMessageChunk[]) =>
	chunks.flatMap((chunk) => (chunk.type === 'data-speech' ? [chunk.data as { said: string; ticket: string }] : []))

test('each completed sentence of the reply, and its end, brings a ticket for the reply so far', async () => {
	const chunks = await streamed(['We build chatbots', ' and voice assistants. We also', ' teach interns'])
	const issued = tickets(chunks)
	expect(issued.map((t) => t.said)).toEqual([
		'We build chatbots and voice assistants. We also',
		'We build chatbots and voice assistants. We also teach interns',
	])
	// After the delta that completed the sentence, never before it; transient (not kept in the chat).
	const first = chunks.findIndex((c) => c.type === 'data-speech')
	expect(chunks[first - 1]).toMatchObject({ type: 'text-delta', delta: ' and voice assistants. We also' })
	expect(chunks[first]).toMatchObject({ transient: true })
	for (const { said, ticket } of issued)
		expect(validTicket(ticket, said, '10.0.0.1')).toEqual({ reply: expect.any(String), allowance: expect.any(Number) })
	// Every ticket of one reply names the same reply: one allowance for all its sentences.
	expect(new Set(issued.map(({ said, ticket }) => validTicket(ticket, said, '10.0.0.1')?.reply)).size).toBe(1)
})

test('a ticket holds for its own text, address and time only', async () => {
	const [{ said, ticket }] = tickets(await streamed(['Hello there, how are you today?', ' Fine.']))
	expect(validTicket(ticket, said, '10.0.0.1')).toEqual({ reply: expect.any(String), allowance: expect.any(Number) })
	expect(validTicket(ticket, `${said} Buy now!`, '10.0.0.1')).toBeNull()
	expect(validTicket(ticket, said, '10.0.0.2')).toBeNull()
	expect(validTicket(ticket, said, '10.0.0.1', Date.now() + 11 * 60_000)).toBeNull()
	expect(validTicket(`9${ticket}`, said, '10.0.0.1')).toBeNull()
	expect(validTicket('', said, '10.0.0.1')).toBeNull()
})

test('the allowance is the signed one, and the whole reply: padding or symbols in the reply lose the ticket', async () => {
	const [{ said, ticket }] = tickets(await streamed(['It closes at six.']))
	expect(validTicket(ticket, said, '10.0.0.1')).toEqual({ reply: expect.any(String), allowance: 17 })
	// The signature covers all of `said` (a span of it is what is synthesized), not only its words…
	expect(validTicket(ticket, `${said.replace(/ /g, ' '.repeat(200))}${'!'.repeat(4000)}`, '10.0.0.1')).toBeNull()
	expect(validTicket(ticket, said.replace('at', '+ = $ at'), '10.0.0.1')).toBeNull()
	// …and a ticket whose allowance is raised by hand is no ticket.
	const [expires, reply, , mac] = ticket.split('.')
	expect(validTicket(`${expires}.${reply}.8000.${mac}`, said, '10.0.0.1')).toBeNull()
	expect(validTicket(`${expires}.${reply}.${mac}`, said, '10.0.0.1')).toBeNull()
})

test('a reply may be spoken whole: its allowance is its length, the spaces between sentences included', async () => {
	const said = 'Hi! I am Riya. Ask me anything.'
	const [{ ticket }] = tickets(await streamed([said])).slice(-1)
	expect(validTicket(ticket, said, '10.0.0.1')?.allowance).toBe(said.length)
})

// Bodies over their route's cap are refused from the declared length, before any byte is read,
// and the client's next request still gets an answer.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { appBodyLimits, bodyLimit } from './body-limit.ts'

let server: http.Server
let port: number
let bytesRead = 0

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	const app = express()
	app.use(bodyLimit(appBodyLimits({ uploadBytes: 10 * 1024 * 1024, audioBytes: 4 * 1024 * 1024 })))
	app.all('/{*splat}', async (req, res) => {
		for await (const chunk of req) bytesRead += (chunk as Buffer).length
		res.type('text/plain').send('read')
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	vi.restoreAllMocks()
	await new Promise((resolve) => server.close(resolve))
})

/** Sends a request declaring `declared` bytes but writing only `written`, on `agent`; resolves with the answer. */
function post(
	path: string,
	{
		declared,
		written,
		chunked = false,
		agent,
	}: { declared?: number; written: number; chunked?: boolean; agent: http.Agent },
) {
	return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
		const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
		if (!chunked && declared !== undefined) headers['Content-Length'] = String(declared)
		const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent }, (response) => {
			let body = ''
			response.on('data', (chunk) => (body += chunk))
			response.on('end', () => resolve({ status: response.statusCode!, body, connection: response.headers.connection }))
		})
		request.on('error', reject)
		request.write(Buffer.alloc(written, 'a'))
		if (chunked || declared === written) request.end()
	})
}

test('a 300 MB form post to /auth is refused with 413 without reading it; the next request on the same client works', async () => {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	const before = bytesRead
	const refused = await post('/auth', { declared: 300 * 1024 * 1024, written: 64 * 1024, agent })
	expect(refused).toMatchObject({ status: 413, connection: 'close' })
	expect(refused.body).toMatch(/too large: 1 MB at most/)
	expect(bytesRead - before).toBe(0)
	const next = await post('/auth', { declared: 10, written: 10, agent })
	expect(next).toMatchObject({ status: 200, body: 'read' })
	agent.destroy()
})

test('a body without a declared length is refused with 411', async () => {
	const agent = new http.Agent()
	const refused = await post('/api/chat', { written: 1024, chunked: true, agent })
	expect(refused.status).toBe(411)
	agent.destroy()
})

test('each route has its cap: uploads to the builder and audio to the voice API may be larger', async () => {
	const agent = new http.Agent()
	expect((await post('/playground', { declared: 50 * 1024 * 1024, written: 50 * 1024 * 1024, agent })).status).toBe(200)
	expect((await post('/playground', { declared: 200 * 1024 * 1024, written: 1024, agent })).status).toBe(413)
	// A chatbot's own page takes the same files (Add files, a save of its knowledge): it was held to 1 MB.
	const chatbotPage = '/playground/chatbots/0b6f3f2e-8f5e-4c1a-9d57-2f1f4c7d9a10'
	for (const path of [chatbotPage, `${chatbotPage}.data`]) {
		expect((await post(path, { declared: 3 * 1024 * 1024, written: 3 * 1024 * 1024, agent })).status).toBe(200)
	}
	expect((await post(`${chatbotPage}/conversations`, { declared: 2 * 1024 * 1024, written: 1024, agent })).status).toBe(
		413,
	)
	expect(
		(await post('/api/voice-chat/message', { declared: 3 * 1024 * 1024, written: 3 * 1024 * 1024, agent })).status,
	).toBe(200)
	const audio = await post('/api/voice-chat/message', { declared: 5 * 1024 * 1024, written: 1024, agent })
	expect(audio.status).toBe(413)
	expect(JSON.parse(audio.body)).toEqual({ error: 'The request is too large: 4 MB of audio at most.' })
	expect((await post('/api/chat', { declared: 2 * 1024 * 1024, written: 1024, agent })).status).toBe(413)
	agent.destroy()
})

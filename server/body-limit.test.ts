// Bodies over the cap of the route they are posted to are refused from the declared length, before
// any byte is read, and the client's next request still gets an answer. The caps come from the app's
// own route modules (their `handle`), matched as React Router matches them.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { appManifest } from '../tests/support/app-manifest.ts'
import { bodyLimit, routeBodyLimits } from './body-limit.ts'

let server: http.Server
let port: number
let bytesRead = 0

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	const app = express()
	app.use(bodyLimit(routeBodyLimits(await appManifest())))
	app.all('/{*splat}', async (req, res) => {
		for await (const chunk of req) bytesRead += (chunk as Buffer).length
		res.type('text/plain').send('read')
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	port = (server.address() as AddressInfo).port
}, 60_000)

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
		const headers: Record<string, string> = {
			'Content-Type': 'application/x-www-form-urlencoded',
		}
		if (!chunked && declared !== undefined) headers['Content-Length'] = String(declared)
		const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent }, (response) => {
			let body = ''
			response.on('data', (chunk) => (body += chunk))
			response.on('end', () =>
				resolve({
					status: response.statusCode!,
					body,
					connection: response.headers.connection,
				}),
			)
		})
		request.on('error', reject)
		request.write(Buffer.alloc(written, 'a'))
		if (chunked || declared === written) request.end()
	})
}

const MB = 1024 * 1024
const status = async (path: string, bytes: number, agent: http.Agent, written = bytes) =>
	(await post(path, { declared: bytes, written, agent })).status

test('a 300 MB form post to /auth is refused with 413 without reading it; the next request on the same client works', async () => {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	const before = bytesRead
	const refused = await post('/auth', { declared: 300 * MB, written: 64 * 1024, agent })
	expect(refused).toMatchObject({ status: 413, connection: 'close' })
	expect(refused.body).toBe('The request is too large: 1 MB at most.')
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

test('the create form (the index route, as a page post or a single fetch) takes 10 files of 10 MB and the text', async () => {
	const agent = new http.Agent()
	for (const path of ['/playground?index', '/playground/?index', '/playground.data?index']) {
		expect(await status(path, 50 * MB, agent)).toBe(200)
	}
	const refused = await post('/playground?index', { declared: 200 * MB, written: 1024, agent })
	expect([refused.status, refused.body]).toEqual([
		413,
		'The request is too large: 10 files of 10 MB and the text at most.',
	])
	// Without ?index the post is the layout's, which declares nothing: a plain form's 1 MB.
	expect(await status('/playground', 2 * MB, agent, 1024)).toBe(413)
	agent.destroy()
})

test("a chatbot's page, its Knowledge and its Widget take the same (Add file, the picture, a 6 MB save); its other sections do not", async () => {
	const agent = new http.Agent()
	const chatbotPage = '/playground/chatbots/0b6f3f2e-8f5e-4c1a-9d57-2f1f4c7d9a10'
	for (const path of [
		chatbotPage,
		`${chatbotPage}/`,
		`${chatbotPage}.data`,
		`${chatbotPage}.data?_routes=x`,
		`${chatbotPage}/knowledge`,
		`${chatbotPage}/knowledge.data`,
		`${chatbotPage}/widget`,
	]) {
		expect(await status(path, 12 * MB, agent), path).toBe(200)
	}
	for (const path of [
		`${chatbotPage}?index`,
		`${chatbotPage}/settings`,
		`${chatbotPage}/conversations`,
		`${chatbotPage}/preview`,
		`${chatbotPage}/preview.data`,
	]) {
		expect(await status(path, 2 * MB, agent, 1024)).toBe(413)
	}
	agent.destroy()
})

test('the voice API takes a recording; other APIs, unknown paths and the root take 1 MB', async () => {
	const agent = new http.Agent()
	expect(await status('/api/voice-chat/message', 3 * MB, agent)).toBe(200)
	const audio = await post('/api/voice-chat/message', { declared: 5 * MB, written: 1024, agent })
	expect(audio.status).toBe(413)
	expect(JSON.parse(audio.body)).toEqual({
		error: 'The request is too large: 4 MB of audio at most.',
	})
	for (const path of ['/api/chat', '/api/voice-chat/start', '/no/such/page', '/', '/_root.data', '/auth?index']) {
		expect(await status(path, 2 * MB, agent, 1024), path).toBe(413)
	}
	agent.destroy()
})

test('a route declares its cap in its handle; a route that declares none, or a malformed one, gets 1 MB', () => {
	const limitFor = routeBodyLimits({
		root: { id: 'root', path: '', module: {} },
		big: {
			id: 'big',
			parentId: 'root',
			path: 'big/:id',
			module: { handle: { bodyLimit: { maxBytes: 5, label: 'five' } } },
		},
		odd: {
			id: 'odd',
			parentId: 'root',
			path: 'odd',
			module: { handle: { bodyLimit: { maxBytes: '5' } } },
		},
	})
	expect(limitFor('/big/7')).toEqual({ maxBytes: 5, label: 'five' })
	expect(limitFor('/odd')).toEqual({ maxBytes: MB, label: '1 MB' })
	expect(limitFor('/elsewhere')).toEqual({ maxBytes: MB, label: '1 MB' })
})

import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { requestTargetIsPath } from './request-target.ts'

let server: ReturnType<ReturnType<typeof express>['listen']>
let port: number

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	const app = express()
	app.use(requestTargetIsPath)
	app.all('/{*splat}', (req, res) => {
		res.type('text/plain').send(`routed ${req.path}`)
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	port = (server.address() as AddressInfo).port
})
afterAll(async () => {
	vi.restoreAllMocks()
	await new Promise((resolve) => server.close(resolve))
})

/** The status line the server answers a raw request line with. */
function statusFor(requestLine: string) {
	return new Promise<string>((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1', () =>
			socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
		)
		let answer = ''
		socket.on('data', (chunk) => (answer += chunk.toString()))
		socket.on('end', () => resolve(answer.split('\r\n')[0]))
		socket.on('error', reject)
	})
}

test('a request target in absolute form, or "*", is refused with 400 before routing', async () => {
	expect(await statusFor(`GET http://127.0.0.1:${port}/ HTTP/1.1`)).toBe('HTTP/1.1 400 Bad Request')
	expect(await statusFor('POST http://evil.example/auth HTTP/1.1')).toBe('HTTP/1.1 400 Bad Request')
	expect(await statusFor('OPTIONS * HTTP/1.1')).toBe('HTTP/1.1 400 Bad Request')
	expect(await statusFor('GET /auth HTTP/1.1')).toBe('HTTP/1.1 200 OK')
})

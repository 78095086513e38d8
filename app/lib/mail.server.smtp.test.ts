// With SMTP_URL set, verification e-mails leave through a real SMTP conversation (a local server
// here), and nothing goes to the development outbox.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'

const received: Array<{ from: string; to: string[]; data: string }> = []
let server: SMTPServer

beforeAll(async () => {
	server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onData(stream, session, callback) {
			let data = ''
			stream.on('data', (chunk) => (data += chunk))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					data,
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
	process.env.MAIL_FROM = 'Zenvora AI <no-reply@zenvora.example>'
})

afterAll(async () => {
	delete process.env.SMTP_URL
	await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('deliverEmail speaks SMTP when SMTP_URL is set', async () => {
	const { deliverEmail } = await import('./mail.server.ts')
	const { prisma } = await import('./db.server.ts')
	const to = `smtp-${Date.now()}@example.com`
	await deliverEmail({ to, subject: 'Verify your email', text: 'Open https://example.com/auth/verify?token=abc' })
	expect(received).toHaveLength(1)
	expect(received[0].from).toBe('no-reply@zenvora.example')
	expect(received[0].to).toEqual([to])
	expect(received[0].data).toContain('Subject: Verify your email')
	expect(received[0].data).toContain('/auth/verify?token=abc')
	expect(await prisma.emailOutbox.count({ where: { toAddress: to } })).toBe(0)
})

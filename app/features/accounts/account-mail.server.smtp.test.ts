// "Forgot password" with a real SMTP server configured (a local one here): the page's answer is the
// same for a registered and an unknown address, whether the mail server works, refuses or hangs,
// because the request only queues a send-email job; the job delivers, and a failing server is the
// job's logged failure (retried later), never a 500.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { deliverQueuedEmails } from '../../../tests/support/email-jobs.ts'

const members: string[] = []
type Mode = 'accept' | 'refuse' | 'hang'
let mode: Mode = 'accept'
let connections = 0
const received: Array<{ to: string[]; data: string }> = []
let server: SMTPServer

beforeAll(async () => {
	server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		// A hanging server never greets: a client waits until its own time-out.
		onConnect(_session, callback) {
			connections++
			if (mode !== 'hang') callback()
		},
		onRcptTo(_address, _session, callback) {
			if (mode === 'refuse') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
			callback()
		},
		onData(stream, session, callback) {
			let data = ''
			stream.on('data', (chunk) => (data += chunk))
			stream.on('end', () => {
				received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
	vi.spyOn(console, 'error').mockImplementation(() => {})
	vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterAll(async () => {
	vi.restoreAllMocks()
	delete process.env.SMTP_URL
	const { prisma } = await import('~/lib/db.server.ts')
	await prisma.user.deleteMany({ where: { email: { in: members } } })
	server.close()
})

let ipCounter = 0

/** The forgot-password page's answer: its status, where it sends the browser, and the toast it shows. */
async function forgotPassword(email: string) {
	const { action } = await import('~/routes/auth/forgot-password.tsx')
	const request = new Request('http://localhost/auth/forgot-password', {
		method: 'POST',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			'x-app-client-ip': `10.93.0.${ipCounter++}`,
		},
		body: new URLSearchParams({ email }),
	})
	const started = performance.now()
	const result = (await action({ request, params: {}, context: {} } as never)) as Response | { init?: ResponseInit }
	const elapsed = performance.now() - started
	if (!(result instanceof Response))
		return { status: (result.init?.status ?? 200) as number, location: null, toast: null, elapsed }
	const cookie = decodeURIComponent(/toast=([^;]*)/.exec(result.headers.get('Set-Cookie') ?? '')?.[1] ?? '')
	const { id: _id, ...toast } = JSON.parse(Buffer.from(cookie.slice(0, cookie.lastIndexOf('.')), 'base64').toString())
	return { status: result.status, location: result.headers.get('Location'), toast, elapsed }
}

/** A verified account of its own (each address may ask for 3 resets an hour). */
async function member() {
	const { prisma } = await import('~/lib/db.server.ts')
	const email = `member-${randomUUID().slice(0, 8)}@example.com`
	members.push(email)
	await prisma.user.create({ data: { email, passwordHash: 'x', emailVerifiedAt: new Date() } })
	return email
}

async function sendEmailJobs() {
	const { prisma } = await import('~/lib/db.server.ts')
	return prisma.$queryRaw<Array<{ attempts: number; last_error: string | null }>>`
		SELECT attempts, last_error FROM graphile_worker.jobs WHERE task_identifier = 'send-email'`
}

test('registered and unknown addresses get the same answer, and no request talks to the mail server', async () => {
	const { prisma } = await import('~/lib/db.server.ts')
	const registered = await member()
	const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`
	for (const serverMode of ['refuse', 'hang', 'accept'] as const) {
		mode = serverMode
		const before = connections
		const member = await forgotPassword(registered)
		const stranger = await forgotPassword(unknown)
		expect(member.status, serverMode).toBe(302)
		expect({ ...member, elapsed: 0 }, serverMode).toEqual({ ...stranger, elapsed: 0 })
		expect(member.toast).toMatchObject({ type: 'success', title: 'Check your email' })
		// Neither waited on the mail server (a hanging one keeps a client 10 s or more).
		expect(connections, serverMode).toBe(before)
		expect(member.elapsed, serverMode).toBeLessThan(1000)
		await prisma.$executeRaw`
			SELECT graphile_worker.complete_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE task_identifier = 'send-email'))`
	}
})

test('the job delivers the reset mail when the server works; a refusal is the job failing, to be retried', async () => {
	const { prisma } = await import('~/lib/db.server.ts')
	const registered = await member()
	const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`
	mode = 'refuse'
	expect((await forgotPassword(registered)).status).toBe(302)
	expect((await forgotPassword(unknown)).status).toBe(302)
	await deliverQueuedEmails()
	// The unknown address's job found no account and finished; the registered one's failed and waits.
	expect(await sendEmailJobs()).toEqual([{ attempts: 1, last_error: expect.stringContaining('Mailbox unavailable') }])
	expect(received).toHaveLength(0)

	mode = 'accept'
	await prisma.$executeRaw`
		SELECT graphile_worker.reschedule_jobs(
			ARRAY(SELECT id FROM graphile_worker.jobs WHERE task_identifier = 'send-email'), run_at => now())`
	await deliverQueuedEmails()
	expect(await sendEmailJobs()).toEqual([])
	expect(received).toHaveLength(1)
	expect(received[0].to).toEqual([registered])
	// The body as it was written (quoted-printable undone: soft line breaks and escaped "=").
	const body = received[0].data.replaceAll('=\r\n', '').replaceAll('=3D', '=')
	expect(body).toContain('Subject: Reset your')
	expect(body).toMatch(/\/auth\/reset-password\?token=[\w-]{43}/)
	expect(await prisma.emailOutbox.count({ where: { toAddress: registered } })).toBe(0)
})

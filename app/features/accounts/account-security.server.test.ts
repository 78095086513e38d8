// Account security against an attacker (docs/decisions/0013-account-security.md): nobody can
// pre-claim an address, e-mailed links work once and expire, guessing never locks the owner out,
// sign-up does the same work whoever owns the address, and passwords can be reset and changed.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { createSession, getSession } from '~/lib/session.server.ts'
import { deliverQueuedEmails } from '../../../tests/support/email-jobs.ts'

// Counts bcrypt hashes (the slow step whose presence or absence would tell who has an account).
const hashes = vi.hoisted(() => ({ count: 0 }))
vi.mock('./password.server.ts', async (importOriginal) => {
	const original = await importOriginal<typeof import('./password.server.ts')>()
	return {
		...original,
		hashPassword: (password: string) => {
			hashes.count++
			return original.hashPassword(password)
		},
	}
})

const { changePassword, getUser, requestPasswordReset, resetPassword, signIn, signUp, verifyEmail } =
	await import('./auth.server.ts')
const { verifyPassword } = await import('./password.server.ts')

const emails: string[] = []
const fresh = (prefix: string) => {
	const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`
	emails.push(email)
	return email
}
let ipCounter = 0
const newIp = () => `10.77.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

beforeAll(() => {
	vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.deleteMany({ where: { email: { in: emails } } })
})

const formOf = (fields: Record<string, string>) => {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.set(key, value)
	return form
}
const post = (fields: Record<string, string>, { ip = newIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
	new Request('http://localhost/auth', {
		method: 'POST',
		headers: { 'x-app-client-ip': ip, ...(cookie ? { Cookie: cookie } : {}) },
		body: new URLSearchParams(fields),
	})

async function signUpAs(email: string, password: string, fullName = 'Someone') {
	await signUp(post({}), formOf({ fullName, email, password, confirmPassword: password }))
}

/** The token in the newest e-mail to `to` with a link to `path`. */
async function tokenFromEmail(to: string, path: string) {
	await deliverQueuedEmails()
	const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: to }, orderBy: { createdAt: 'desc' } })
	const match = new RegExp(`https?://[^/\\s]+${path}\\?token=([\\w-]+)`).exec(mail.textBody)
	expect(match, mail.textBody).toBeTruthy()
	return match![1]
}

const signInAs = (email: string, password: string, options?: { ip?: string; cookie?: string }) =>
	signIn(post({ intent: 'signin', email, password }, options))
const failure = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: { reason?: string; message: string }) => error,
	)
const cookiePairs = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

describe('sign-up cannot pre-claim an address', () => {
	test("the owner's later sign-up replaces the squatter's password, and only the newest link verifies", async () => {
		const email = fresh('victim')
		await signUpAs(email, 'squatter-pass', 'Squatter')
		const squatterToken = await tokenFromEmail(email, '/auth/verify')
		await signUpAs(email, 'owner-pass-1', 'Real Owner')
		const ownerToken = await tokenFromEmail(email, '/auth/verify')
		expect(ownerToken).not.toBe(squatterToken)

		expect(await verifyEmail(squatterToken)).toBeNull()
		expect(await verifyEmail(ownerToken)).not.toBeNull()
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		expect(user.fullName).toBe('Real Owner')
		expect(await verifyPassword('owner-pass-1', user.passwordHash)).toBe(true)
		expect(await verifyPassword('squatter-pass', user.passwordHash)).toBe(false)
	})

	test('a verified account keeps its password; the sign-up only sends an e-mail', async () => {
		const email = fresh('verified')
		await signUpAs(email, 'first-pass-1')
		expect(await verifyEmail(await tokenFromEmail(email, '/auth/verify'))).not.toBeNull()
		await signUpAs(email, 'attacker-pass')
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		expect(await verifyPassword('first-pass-1', user.passwordHash)).toBe(true)
		await deliverQueuedEmails()
		const mail = await prisma.emailOutbox.findFirstOrThrow({
			where: { toAddress: email },
			orderBy: { createdAt: 'desc' },
		})
		expect(mail.subject).toMatch(/already have/)
	})

	test('sign-up hashes the password whether the address is new, pending or verified', async () => {
		const email = fresh('timing')
		for (const state of ['new', 'pending', 'verified']) {
			if (state === 'verified') await verifyEmail(await tokenFromEmail(email, '/auth/verify'))
			const before = hashes.count
			await signUpAs(email, 'timing-pass-1')
			expect(hashes.count - before, state).toBe(1)
		}
	})

	test('a common password is refused with a clear message', async () => {
		const email = fresh('common')
		await expect(signUpAs(email, 'Password123')).rejects.toMatchObject({
			message: 'This password is too common. Please choose another one.',
			field: 'password',
		})
		expect(await prisma.user.findUnique({ where: { email } })).toBeNull()
	})
})

describe('verification links', () => {
	test('work once, then never again, and create no session on reuse', async () => {
		const email = fresh('once')
		await signUpAs(email, 'once-pass-1')
		const token = await tokenFromEmail(email, '/auth/verify')
		expect(await verifyEmail(token)).not.toBeNull()
		const sessions = await prisma.session.count({ where: { user: { email } } })
		expect(await verifyEmail(token)).toBeNull()
		expect(await prisma.session.count({ where: { user: { email } } })).toBe(sessions)
	})

	test('expire after 24 hours; malformed ones are refused', async () => {
		const email = fresh('expired')
		await signUpAs(email, 'expired-pass-1')
		const token = await tokenFromEmail(email, '/auth/verify')
		await prisma.accountToken.updateMany({
			where: { user: { email } },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		expect(await verifyEmail(token)).toBeNull()
		for (const bad of ['', 'x', 'a'.repeat(5000), `${token}.`]) expect(await verifyEmail(bad)).toBeNull()
		expect((await prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull()
	})

	test('only a hash of the token is stored', async () => {
		const email = fresh('hashed')
		await signUpAs(email, 'hashed-pass-1')
		const token = await tokenFromEmail(email, '/auth/verify')
		const rows = await prisma.accountToken.findMany({ where: { user: { email } } })
		expect(rows).toHaveLength(1)
		expect(rows[0].tokenHash).not.toContain(token)
	})
})

test('signing in to an unverified account re-sends the link only a few times an hour', async () => {
	const email = fresh('resend')
	await signUpAs(email, 'resend-pass-1')
	const mails = async () => {
		await deliverQueuedEmails()
		return prisma.emailOutbox.count({ where: { toAddress: email } })
	}
	for (let i = 0; i < 5; i++) {
		expect(await failure(signInAs(email, 'resend-pass-1'))).toMatchObject({ reason: 'unverified' })
	}
	expect(await mails()).toBe(1 + 3)
	expect(await failure(signInAs(email, 'resend-pass-1'))).toMatchObject({
		message: 'Please verify your email address first, with the link we have sent you.',
	})
})

describe('guessing slows down without locking the owner out', () => {
	async function verifiedUser(prefix: string, password = 'owner-pass-1') {
		const email = fresh(prefix)
		await signUpAs(email, password)
		await verifyEmail(await tokenFromEmail(email, '/auth/verify'))
		return { email, password }
	}

	test('8 wrong passwords from 8 addresses, then the owner signs in', async () => {
		const { email, password } = await verifiedUser('lock')
		for (let i = 0; i < 8; i++)
			expect(await failure(signInAs(email, 'wrong-guess'))).toMatchObject({ reason: 'wrong-credentials' })
		expect(await signInAs(email, password)).toMatchObject({ setCookies: expect.any(Array) })
	})

	test('correct sign-ins do not count against any limit', async () => {
		const { email, password } = await verifiedUser('many')
		const ip = newIp()
		for (let i = 0; i < 25; i++) {
			expect(await signInAs(email, password, { ip })).toMatchObject({ setCookies: expect.any(Array) })
		}
	})

	test('a flood of guesses throttles strangers, but the browser the owner signed in with still gets in', async () => {
		const { email, password } = await verifiedUser('flood')
		const { setCookies } = await signInAs(email, password)
		const ownerBrowser = cookiePairs(setCookies)
		for (let i = 0; i < 12; i++) await failure(signInAs(email, 'wrong-guess'))
		expect(await failure(signInAs(email, password))).toMatchObject({ reason: 'rate-limited' })
		expect(await signInAs(email, password, { cookie: ownerBrowser })).toMatchObject({ setCookies: expect.any(Array) })
	})

	test('one address guessing across many accounts is slowed per address', async () => {
		const ip = newIp()
		for (let i = 0; i < 20; i++) await failure(signInAs(fresh('spray'), 'wrong-guess', { ip }))
		expect(await failure(signInAs(fresh('spray'), 'wrong-guess', { ip }))).toMatchObject({ reason: 'rate-limited' })
	})
})

describe('password reset and change', () => {
	test('an e-mailed link sets a new password once, signs out every other session and signs this browser in', async () => {
		const email = fresh('reset')
		await signUpAs(email, 'old-pass-1')
		await verifyEmail(await tokenFromEmail(email, '/auth/verify'))
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		const other = await createSession(user.id)

		await requestPasswordReset(post({}), { email })
		const token = await tokenFromEmail(email, '/auth/reset-password')
		const mismatch = formOf({ token, password: 'new-pass-22', confirmPassword: 'other-pass-22' })
		await expect(resetPassword(mismatch)).rejects.toMatchObject({ message: 'Passwords do not match' })
		const { setCookies } = await resetPassword(
			formOf({ token, password: 'new-pass-22', confirmPassword: 'new-pass-22' }),
		)

		expect(await prisma.session.findUnique({ where: { id: other.sessionId } })).toBeNull()
		const signedIn = await getUser(new Request('http://localhost/', { headers: { Cookie: cookiePairs(setCookies) } }))
		expect(signedIn.user?.email).toBe(email)
		expect(await signInAs(email, 'new-pass-22')).toBeTruthy()
		expect(await failure(signInAs(email, 'old-pass-1'))).toMatchObject({ reason: 'wrong-credentials' })
		// Used once: the same link does nothing more.
		await expect(
			resetPassword(formOf({ token, password: 'third-pass-3', confirmPassword: 'third-pass-3' })),
		).rejects.toMatchObject({ reason: 'invalid-link' })
	})

	test('a made-up reset token costs no password hash (nobody can run up the CPU bill)', async () => {
		const before = hashes.count
		for (const token of ['a'.repeat(43), 'x', '']) {
			await expect(
				resetPassword(formOf({ token, password: 'new-pass-22', confirmPassword: 'new-pass-22' })),
			).rejects.toMatchObject({ reason: 'invalid-link' })
		}
		expect(hashes.count).toBe(before)
	})

	test('a reset link expires after an hour; an unknown address gets no e-mail and the same answer', async () => {
		const email = fresh('reset-expired')
		await signUpAs(email, 'old-pass-1')
		await requestPasswordReset(post({}), { email })
		const token = await tokenFromEmail(email, '/auth/reset-password')
		await prisma.accountToken.updateMany({
			where: { user: { email }, purpose: 'reset-password' },
			data: { expiresAt: new Date(Date.now() - 1000) },
		})
		await expect(
			resetPassword(formOf({ token, password: 'new-pass-22', confirmPassword: 'new-pass-22' })),
		).rejects.toMatchObject({ reason: 'invalid-link' })

		const nobody = fresh('nobody')
		await expect(requestPasswordReset(post({}), { email: nobody })).resolves.toBeUndefined()
		await deliverQueuedEmails()
		expect(await prisma.emailOutbox.count({ where: { toAddress: nobody } })).toBe(0)
	})

	test('changing the password needs the current one and signs out the other sessions only', async () => {
		const email = fresh('change')
		await signUpAs(email, 'old-pass-1')
		await verifyEmail(await tokenFromEmail(email, '/auth/verify'))
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		const mine = await createSession(user.id)
		const other = await createSession(user.id)
		const sessionUser = { id: user.id, email, fullName: null, isAdmin: false }

		await expect(
			changePassword(
				sessionUser,
				mine.sessionId,
				formOf({ currentPassword: 'nope', password: 'new-pass-22', confirmPassword: 'new-pass-22' }),
			),
		).rejects.toMatchObject({ message: 'Current password is incorrect.', field: 'currentPassword' })
		await expect(
			changePassword(
				sessionUser,
				mine.sessionId,
				formOf({ currentPassword: 'old-pass-1', password: 'qwerty123', confirmPassword: 'qwerty123' }),
			),
		).rejects.toMatchObject({ field: 'password' })
		await changePassword(
			sessionUser,
			mine.sessionId,
			formOf({ currentPassword: 'old-pass-1', password: 'new-pass-22', confirmPassword: 'new-pass-22' }),
		)
		const cookie = (setCookie: string) =>
			new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0] } })
		expect(await getSession(cookie(mine.setCookie))).not.toBeNull()
		expect(await getSession(cookie(other.setCookie))).toBeNull()
		expect(await signInAs(email, 'new-pass-22')).toBeTruthy()
	})
})
